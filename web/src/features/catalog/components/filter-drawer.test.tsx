import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { FilterDrawer } from "./filter-drawer";

afterEach(cleanup);

// The list re-renders on every tick and passes a new onClose each time, as
// the car list does.
function List() {
  const [ticked, setTicked] = useState<string[]>([]);
  return (
    <FilterDrawer open title="Filter" closeLabel="Stäng filter" onClose={() => setTicked([])}>
      {["Diesel", "El"].map((v) => (
        <label key={v}>
          <input type="checkbox" checked={ticked.includes(v)} onChange={() => setTicked((t) => (t.includes(v) ? t.filter((x) => x !== v) : [...t, v]))} />
          {v}
        </label>
      ))}
    </FilterDrawer>
  );
}

describe("FilterDrawer", () => {
  it("moves focus in once, and a tick keeps focus on the ticked box", async () => {
    const user = userEvent.setup();
    render(<List />);
    expect(screen.getByRole("button", { name: "Stäng filter" })).toHaveFocus();
    await user.click(screen.getByRole("checkbox", { name: "Diesel" }));
    expect(screen.getByRole("checkbox", { name: "Diesel" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Diesel" })).toHaveFocus();
    await user.keyboard("{Tab}{ }");
    expect(screen.getByRole("checkbox", { name: "El" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "El" })).toHaveFocus();
  });
});
