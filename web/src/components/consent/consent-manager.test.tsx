import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ConsentManager } from "./consent-manager";
import { CONSENT_EVENT, OPEN_SETTINGS_EVENT, readConsent } from "./consent-choice";
import { renderWithPage } from "../../test-utils";

function listen() {
  const seen: unknown[] = [];
  const on = (e: Event) => seen.push((e as CustomEvent).detail);
  window.addEventListener(CONSENT_EVENT, on);
  return { seen, stop: () => window.removeEventListener(CONSENT_EVENT, on) };
}

describe("ConsentManager", () => {
  it("shows the banner on the first visit; 'accept all' stores the choice and tells the page", async () => {
    const user = userEvent.setup();
    const ev = listen();
    renderWithPage(<ConsentManager />);
    const banner = screen.getByRole("region", { name: "Vi använder cookies" });
    await user.click(screen.getByRole("button", { name: "Godkänn alla" }));
    expect(banner).not.toBeInTheDocument();
    expect(readConsent()).toEqual({ analytics: true, marketing: true });
    expect(JSON.parse(decodeURIComponent(document.cookie.match(/consent=([^;]*)/)![1]))).toEqual({ analytics: true, marketing: true });
    expect(ev.seen).toEqual([{ analytics: true, marketing: true }]);
    ev.stop();
  });

  it("'necessary only' stores a refusal", async () => {
    const user = userEvent.setup();
    renderWithPage(<ConsentManager />);
    await user.click(screen.getByRole("button", { name: "Endast nödvändiga" }));
    expect(readConsent()).toEqual({ analytics: false, marketing: false });
  });

  it("shows no banner once the visitor has chosen", () => {
    document.cookie = `consent=${encodeURIComponent('{"analytics":false,"marketing":true}')}; Path=/`;
    renderWithPage(<ConsentManager />);
    expect(screen.queryByRole("region", { name: "Vi använder cookies" })).toBeNull();
  });

  it("opens an accessible settings dialog from the window event, traps focus, closes on Escape and returns focus", async () => {
    document.cookie = `consent=${encodeURIComponent('{"analytics":false,"marketing":true}')}; Path=/`;
    const user = userEvent.setup();
    renderWithPage(
      <>
        <button type="button" onClick={() => window.dispatchEvent(new CustomEvent(OPEN_SETTINGS_EVENT))}>
          Cookieinställningar
        </button>
        <ConsentManager />
      </>,
    );
    const opener = screen.getByRole("button", { name: "Cookieinställningar" });
    await user.click(opener);
    // The dialog's code is a chunk of its own, fetched when it opens.
    const dialog = await screen.findByRole("dialog", { name: "Cookieinställningar" });
    expect(dialog).toHaveAttribute("aria-modal", "true");
    expect(screen.getByRole("checkbox", { name: /Nödvändiga/ })).toBeDisabled();
    expect(screen.getByRole("checkbox", { name: /Analys/ })).not.toBeChecked();
    expect(screen.getByRole("checkbox", { name: /Marknadsföring/ })).toBeChecked();
    const close = screen.getByRole("button", { name: "Stäng" });
    await waitFor(() => expect(close).toHaveFocus());
    // Shift+Tab from the first control wraps to the last one.
    await user.tab({ shift: true });
    expect(screen.getByRole("button", { name: "Godkänn alla" })).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(opener).toHaveFocus();
  });

  it("saves the chosen categories", async () => {
    const user = userEvent.setup();
    const ev = listen();
    renderWithPage(<ConsentManager />);
    act(() => {
      window.dispatchEvent(new CustomEvent(OPEN_SETTINGS_EVENT));
    });
    await user.click(await screen.findByRole("checkbox", { name: /Analys/ }));
    await user.click(screen.getByRole("button", { name: "Spara val" }));
    expect(readConsent()).toEqual({ analytics: true, marketing: false });
    expect(ev.seen).toEqual([{ analytics: true, marketing: false }]);
    expect(screen.queryByRole("dialog")).toBeNull();
    ev.stop();
  });

  it("ignores an unreadable cookie", () => {
    document.cookie = "consent=not-json; Path=/";
    expect(readConsent()).toBeNull();
    vi.restoreAllMocks();
  });
});
