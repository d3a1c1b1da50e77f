import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { InfoTip, TOOLTIP_MAX, cutTooltip } from "./info-tip";

afterEach(cleanup);

describe("cutTooltip", () => {
  it("keeps texts up to 288 characters and cuts longer ones with an ellipsis", () => {
    const exact = "å".repeat(TOOLTIP_MAX);
    expect(cutTooltip(exact)).toBe(exact);
    const long = "Räntan är rörlig och följer marknaden. ".repeat(20);
    const cut = cutTooltip(long);
    expect(Array.from(cut).length).toBeLessThanOrEqual(TOOLTIP_MAX);
    expect(cut.endsWith("…")).toBe(true);
    expect(cut).not.toMatch(/\s…$/);
    expect(Array.from(cutTooltip("x".repeat(400))).length).toBe(TOOLTIP_MAX);
  });
});

describe("InfoTip", () => {
  it("opens on click and focus, announces the text, closes on Escape", async () => {
    const user = userEvent.setup();
    render(<p>Lån <InfoTip label="Om lånet" text={"Lång text. ".repeat(40)} /></p>);
    const button = screen.getByRole("button", { name: "Om lånet" });
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(screen.getByRole("status")).toHaveTextContent("");
    await user.tab();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute("aria-expanded", "true");
    const text = screen.getByRole("status").textContent ?? "";
    expect(Array.from(text).length).toBeLessThanOrEqual(TOOLTIP_MAX);
    expect(text.endsWith("…")).toBe(true);
    await user.keyboard("{Escape}");
    expect(button).toHaveAttribute("aria-expanded", "false");
    await user.click(button);
    expect(button).toHaveAttribute("aria-expanded", "true");
    await user.click(button);
    expect(button).toHaveAttribute("aria-expanded", "false");
  });

  it("renders nothing for an empty text", () => {
    const { container } = render(<InfoTip label="x" text="  " />);
    expect(container).toBeEmptyDOMElement();
  });
});
