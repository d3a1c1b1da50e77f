import { Profiler } from "react";
import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { FavouriteButton } from "./favourite-button";
import { FAVOURITES_KEY } from "../../lib/favourites";
import type { T } from "../../lib/text";

const t: T = (_key, fallback) => (typeof fallback === "string" ? fallback : "");

function renders(ids: number[]) {
  let count = 0;
  render(
    <Profiler id="cards" onRender={() => void count++}>
      {ids.map((id) => (
        <FavouriteButton key={id} car={{ car_id: id, car_brand: "Volvo", car_model: `V${id}` }} t={t} />
      ))}
    </Profiler>,
  );
  return () => count;
}

describe("FavouriteButton", () => {
  afterEach(() => window.localStorage.clear());

  it("renders once when none of the cars is saved (its effect finds nothing to change)", async () => {
    const count = renders([1, 2, 3]);
    await act(async () => {});
    expect(count()).toBe(1);
    for (const b of screen.getAllByRole("button")) expect(b).toHaveAttribute("aria-pressed", "false");
  });

  it("shows a saved car pressed once storage has been read", async () => {
    window.localStorage.setItem(FAVOURITES_KEY, JSON.stringify([{ car_id: 2, saved_at: 1 }]));
    renders([1, 2]);
    await act(async () => {});
    expect(screen.getByRole("button", { name: /V2/ })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("button", { name: /V1/ })).toHaveAttribute("aria-pressed", "false");
  });
});
