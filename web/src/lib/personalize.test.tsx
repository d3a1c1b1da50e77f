import { describe, it, expect, vi, afterEach, beforeEach } from "vitest";
import { act, cleanup, render } from "@testing-library/react";
import { CONSENT_EVENT, pageViewOf, usePageViewEvents } from "./personalize";
import type { PageData } from "./types";

function pageAt(path: string, editing = false): PageData {
  return {
    sitecore: { context: { pageEditing: editing, site: { name: "group-se" }, language: "sv", itemPath: path }, route: { name: path === "/" ? "home" : "om-oss", displayName: "", itemId: "{ABC-1}", templateName: "", itemLanguage: "sv", itemPath: path, fields: {}, placeholders: {} } },
    site: { name: "group-se", kind: "group", language: "sv", defaultLanguage: "sv", locale: "sv-SE", currency: "SEK", languages: [], homePath: "/", isUK: false, isCarStore: false, country: "SE" },
    dictionary: {},
    path,
    query: "",
    status: 200,
    data: {},
    flags: { hideAlert: false },
  };
}

function Probe({ page }: { page: PageData }) {
  usePageViewEvents(page);
  return null;
}

const beacon = vi.fn((_url: string, _body: Blob) => true);

beforeEach(() => {
  document.cookie = "consent=; Max-Age=0; Path=/";
  beacon.mockClear();
  Object.defineProperty(navigator, "sendBeacon", { value: beacon, configurable: true });
});
afterEach(() => cleanup());

function readBlob(b: Blob): Promise<string> {
  return new Promise((resolve) => {
    const fr = new FileReader();
    fr.onload = () => resolve(String(fr.result));
    fr.readAsText(b);
  });
}

async function sentPages(): Promise<string[]> {
  return Promise.all(beacon.mock.calls.map(async ([, b]) => (JSON.parse(await readBlob(b)) as { page: string }).page));
}

describe("page-view events", () => {
  it("sends nothing without analytics consent", () => {
    document.cookie = `consent=${encodeURIComponent(JSON.stringify({ analytics: false }))}; Path=/`;
    render(<Probe page={pageAt("/")} />);
    expect(beacon).not.toHaveBeenCalled();
  });

  it("sends one event per page view, client-side navigations included, once consent is in the cookie", async () => {
    document.cookie = `consent=${encodeURIComponent(JSON.stringify({ analytics: true, marketing: false }))}; Path=/`;
    const { rerender } = render(<Probe page={pageAt("/")} />);
    rerender(<Probe page={pageAt("/")} />);
    rerender(<Probe page={pageAt("/om-oss")} />);
    expect(beacon).toHaveBeenCalledTimes(2);
    expect(beacon.mock.calls[0][0]).toBe("/api/events/pageview");
    expect(await sentPages()).toEqual(["home", "om-oss"]);
  });

  it("sends the current page when consent is given later through the forecourt:consent event", async () => {
    render(<Probe page={pageAt("/")} />);
    expect(beacon).not.toHaveBeenCalled();
    act(() => {
      window.dispatchEvent(new CustomEvent(CONSENT_EVENT, { detail: { analytics: true } }));
      window.dispatchEvent(new CustomEvent(CONSENT_EVENT, { detail: { analytics: true } }));
    });
    expect(beacon).toHaveBeenCalledTimes(1);
  });

  it("describes the page with its variant and never reports editing mode", () => {
    expect(pageViewOf(pageAt("/"))).toEqual({ page: "home", variantId: "abc-1_sv_default", language: "sv" });
    expect(pageViewOf(pageAt("/", true))).toBeNull();
  });
});
