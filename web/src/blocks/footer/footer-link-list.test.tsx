import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { COPIED_MS, FooterLinkList, copyValue, isCookieSettings } from "./footer-link-list";
import { renderWithPage } from "../../test-utils";
import type { ComponentRendering, Fields } from "../../lib/types";

const rendering: ComponentRendering = { uid: "f", componentName: "FooterLinkList", params: {}, fields: {} };
const fields: Fields = {
  Title: { value: "Kontakta oss" },
  Links: [
    { id: "1", name: "1", fields: { Link: { value: { href: "mailto:kundservice@forecourt.se", text: "kundservice@forecourt.se" } } } },
    { id: "2", name: "2", fields: { Link: { value: { href: "tel:+46812345600", text: "08-123 456 00" } } } },
    { id: "3", name: "3", fields: { Link: { value: { href: "https://www.konsumentverket.se/", text: "Konsumentverket", target: "_blank" } } } },
    { id: "4", name: "4", fields: { Link: { value: { href: "#cookie-settings", text: "Cookieinställningar", title: "Cookieinställningar" } } } },
    { id: "5", name: "5", fields: { Link: { value: { href: "/om-oss", text: "Om oss" } } } },
  ],
};

function renderList() {
  return renderWithPage(<FooterLinkList rendering={rendering} fields={fields} params={{}} data={null} />);
}

afterEach(() => vi.useRealTimers());

describe("copyValue and isCookieSettings", () => {
  it.each([
    ["mailto:a@b.se?subject=Hej", "a@b.se"],
    ["tel:+46812345600", "+46812345600"],
    ["tel:%2B4681", "+4681"],
    ["/om-oss", null],
  ])("copyValue(%s) = %s", (href, want) => expect(copyValue(href)).toBe(want));

  it("recognises the cookie-settings link by title or text", () => {
    expect(isCookieSettings({ href: "#", text: "Cookie settings" })).toBe(true);
    expect(isCookieSettings({ href: "#", title: " Cookieinställningar " })).toBe(true);
    expect(isCookieSettings({ href: "/om-oss", text: "Om oss" })).toBe(false);
    // Every site's footer: the anchor, whatever the language of its title.
    expect(isCookieSettings({ href: "#cookie-settings", text: "Nastavenia súborov cookie" })).toBe(true);
    expect(isCookieSettings({ href: "#", title: "Cookieindstillinger" })).toBe(true);
  });
});

describe("FooterLinkList", () => {
  it("renders the title and links; only mailto: and tel: get a copy button", () => {
    renderList();
    expect(screen.getByRole("heading", { name: "Kontakta oss" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Kopiera kundservice@forecourt.se" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Kopiera 08-123 456 00" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Kopiera Om oss/ })).toBeNull();
  });

  it("copies the address and shows 'Copied' for one second", async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, "clipboard", { configurable: true, value: { writeText } });
    renderList();
    vi.useFakeTimers();
    await act(async () => {
      screen.getByRole("button", { name: "Kopiera kundservice@forecourt.se" }).click();
    });
    expect(writeText).toHaveBeenCalledWith("kundservice@forecourt.se");
    expect(screen.getAllByRole("status").map((s) => s.textContent)).toEqual(["Copied", ""]);
    act(() => vi.advanceTimersByTime(COPIED_MS - 10));
    expect(screen.getAllByRole("status").map((s) => s.textContent)).toEqual(["Copied", ""]);
    act(() => vi.advanceTimersByTime(20));
    expect(screen.getAllByRole("status").every((s) => s.textContent === "")).toBe(true);
    expect(COPIED_MS).toBe(1000);
  });

  it("shows no confirmation when the clipboard refuses", async () => {
    // userEvent.setup() installs its own clipboard stub, so replace it afterwards.
    const user = userEvent.setup();
    Object.defineProperty(navigator, "clipboard", { configurable: true, value: { writeText: vi.fn().mockRejectedValue(new Error("denied")) } });
    renderList();
    await user.click(screen.getByRole("button", { name: "Kopiera 08-123 456 00" }));
    expect(screen.getAllByRole("status").every((s) => s.textContent === "")).toBe(true);
  });

  it("turns the cookie-settings link into a button that opens the consent settings", async () => {
    const user = userEvent.setup();
    const opened = vi.fn();
    window.addEventListener("forecourt:consent-settings", opened);
    renderList();
    await user.click(screen.getByRole("button", { name: "Cookieinställningar" }));
    expect(opened).toHaveBeenCalledTimes(1);
    window.removeEventListener("forecourt:consent-settings", opened);
  });

  it("marks links that open in a new window", () => {
    renderList();
    const link = screen.getByRole("link", { name: /Konsumentverket/ });
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
    expect(link).toHaveAccessibleName("Konsumentverket (öppnas i nytt fönster)");
    expect(screen.getByRole("link", { name: "Om oss" })).not.toHaveAttribute("target");
  });
});
