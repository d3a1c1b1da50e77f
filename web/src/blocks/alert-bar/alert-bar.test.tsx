import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { AlertBar, HIDE_ALERT_SECONDS, alertVisible } from "./alert-bar";
import { makePage, renderWithPage } from "../../test-utils";
import type { ComponentRendering, Fields } from "../../lib/types";

const rendering: ComponentRendering = { uid: "a", componentName: "AlertBar", params: {}, fields: {} };
const f = (o: Record<string, unknown>): Fields => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, { value: v }]));
const base = { HasMessage: true, MessageType: "Dark", MessageIcon: "CampaignAlert", MessageTitle: "Vinterdäck i lager", MessageText: "<p>Boka nu</p>" };

describe("alertVisible", () => {
  it.each([
    { name: "all set", fields: base, want: true },
    { name: "HasMessage off", fields: { ...base, HasMessage: false }, want: false },
    { name: "no type", fields: { ...base, MessageType: "" }, want: false },
    { name: "unknown type", fields: { ...base, MessageType: "Loud" }, want: false },
    { name: "title only", fields: { ...base, MessageText: "" }, want: true },
    { name: "text only", fields: { ...base, MessageTitle: "" }, want: true },
    { name: "neither title nor text", fields: { ...base, MessageTitle: "", MessageText: "" }, want: false },
    ...["Warning", "Dark", "Light", "Neutral"].map((t) => ({ name: `type ${t}`, fields: { ...base, MessageType: t }, want: true })),
  ])("$name → $want", ({ fields, want }) => {
    expect(alertVisible(f(fields))).toBe(want);
  });
});

function renderAlert(fields: Record<string, unknown>, hideAlert = false) {
  return renderWithPage(<AlertBar rendering={rendering} fields={f(fields)} params={{}} data={null} />, makePage({ flags: { hideAlert } }));
}

describe("AlertBar", () => {
  it.each(["Dark", "Light", "Neutral", "Warning"])("renders the %s type with its class", (type) => {
    const { container } = renderAlert({ ...base, MessageType: type });
    expect(container.firstChild).toHaveClass(`fc-alert--${type.toLowerCase()}`);
    expect(screen.getByText("Vinterdäck i lager")).toBeInTheDocument();
  });

  it("uses the warning icon for WarningAlert and the campaign icon otherwise", () => {
    const { container, unmount } = renderAlert({ ...base, MessageIcon: "WarningAlert" });
    const warningPath = container.querySelector(".fc-alert__icon path")!.getAttribute("d");
    unmount();
    const { container: c2 } = renderAlert(base);
    expect(c2.querySelector(".fc-alert__icon path")!.getAttribute("d")).not.toBe(warningPath);
  });

  it("dismisses for one day with the hideAlert cookie and collapses", async () => {
    const user = userEvent.setup();
    const cookies: string[] = [];
    const desc = Object.getOwnPropertyDescriptor(Document.prototype, "cookie")!;
    Object.defineProperty(document, "cookie", { configurable: true, get: () => desc.get!.call(document), set: (v: string) => (cookies.push(v), desc.set!.call(document, v)) });
    try {
      renderAlert(base);
      await user.click(screen.getByRole("button", { name: "Stäng meddelande" }));
      expect(cookies.some((c) => c.startsWith("hideAlert=true") && c.includes(`Max-Age=${HIDE_ALERT_SECONDS}`))).toBe(true);
      expect(HIDE_ALERT_SECONDS).toBe(86400);
      await screen.findByText("Vinterdäck i lager").then(
        () => undefined,
        () => undefined,
      );
      await new Promise((r) => setTimeout(r, 300));
      expect(screen.queryByText("Vinterdäck i lager")).toBeNull();
    } finally {
      delete (document as unknown as Record<string, unknown>).cookie;
    }
  });

  it("stays hidden when the server saw the hideAlert cookie", () => {
    renderAlert(base, true);
    expect(screen.queryByText("Vinterdäck i lager")).toBeNull();
  });

  it("never lets a Warning be dismissed, even with the hideAlert cookie", () => {
    renderAlert({ ...base, MessageType: "Warning" }, true);
    expect(screen.getByRole("alert")).toHaveTextContent("Vinterdäck i lager");
    expect(screen.queryByRole("button", { name: "Stäng meddelande" })).toBeNull();
  });

  it("renders nothing when the display rule fails", () => {
    const { container } = renderAlert({ ...base, HasMessage: false });
    expect(container).toBeEmptyDOMElement();
  });
});
