import { describe, it, expect, vi, afterEach, beforeAll } from "vitest";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { PageProvider } from "./page-context";
import { EditScope } from "./editing";
import { FieldLink, Text } from "./fields";
import type { PageData } from "./types";
import { preloadEditing } from "./lazy-block";

function pageData(editing: boolean): PageData {
  return {
    sitecore: { context: { pageEditing: editing, site: { name: "group-se" }, language: "sv", itemPath: "/" }, route: { name: "home", displayName: "", itemId: "item-1", templateName: "HomePage", itemLanguage: "sv", itemPath: "/", fields: {}, placeholders: {} } },
    site: { name: "group-se", kind: "group", language: "sv", defaultLanguage: "sv", locale: "sv-SE", currency: "SEK", languages: [], homePath: "/", isUK: false, isCarStore: false, country: "SE" },
    dictionary: {},
    path: "/",
    query: editing ? "mode=edit" : "",
    status: 200,
    data: {},
    flags: { hideAlert: false },
  };
}

function renderWith(editing: boolean, navigate = vi.fn()) {
  render(
    <PageProvider value={{ page: pageData(editing), navigate, navigating: false }}>
      <EditScope value={{ uid: "hero-1" }}>
        <Text fields={{ Title: { value: "Hitta din nästa bil" } }} name="Title" tag="h1" />
        <FieldLink link={{ href: "/bilar", text: "Se alla bilar" }} name="Link" />
      </EditScope>
    </PageProvider>,
  );
  return navigate;
}

// Field editors are code of their own that editing pages load before they
// render (preloadBlocks → preloadEditing); so do these tests.
beforeAll(() => preloadEditing());

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("Editable", () => {
  it("renders no editor chrome for visitors", () => {
    renderWith(false);
    expect(screen.getByRole("heading", { name: "Hitta din nästa bil" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /redigera/i })).toBeNull();
  });

  it("edits a text field: saves a draft with the CSRF token and reloads the page data", async () => {
    const calls: { url: string; init?: RequestInit }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push({ url, init });
        if (url === "/api/editor/session") return new Response(JSON.stringify({ editor: "anna", csrfToken: "tok" }), { status: 200 });
        return new Response(JSON.stringify({ id: 1 }), { status: 201 });
      }),
    );
    const navigate = renderWith(true);
    await userEvent.click(screen.getByRole("button", { name: "Redigera Title" }));
    const box = screen.getByRole("textbox", { name: "Text" });
    await userEvent.clear(box);
    await userEvent.type(box, "Ny rubrik");
    await userEvent.click(screen.getByRole("button", { name: "Spara utkast" }));
    await waitFor(() => expect(navigate).toHaveBeenCalled());
    const save = calls.find((c) => c.url === "/api/editor/fields")!;
    expect((save.init!.headers as Record<string, string>)["X-CSRF-Token"]).toBe("tok");
    expect(JSON.parse(String(save.init!.body))).toEqual({ itemId: "item-1", uid: "hero-1", language: "sv", field: "Title", kind: "text", value: "Ny rubrik" });
  });

  it("shows the server's field error for a bad link", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        if (url === "/api/editor/session") return new Response(JSON.stringify({ csrfToken: "tok" }), { status: 200 });
        return new Response(JSON.stringify({ error: { code: "invalid", message: "The field value is not valid.", fields: { "value.href": "must start with http://, https://, mailto:, tel: or /" } } }), { status: 400 });
      }),
    );
    renderWith(true);
    await userEvent.click(screen.getByRole("button", { name: "Redigera Link" }));
    const href = screen.getByRole("textbox", { name: "Länkadress" });
    await userEvent.clear(href);
    await userEvent.type(href, "javascript:alert(1)");
    await userEvent.click(screen.getByRole("button", { name: "Spara utkast" }));
    expect(await screen.findByText(/must start with http/)).toBeInTheDocument();
    expect(href).toHaveAttribute("aria-invalid", "true");
  });
});
