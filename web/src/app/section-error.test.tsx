import { describe, it, expect, vi, beforeAll, afterAll } from "vitest";
import { renderToString } from "react-dom/server";
import { render, screen } from "@testing-library/react";
import { App } from "./app";
import { components } from "./component-factory";
import type { PageData } from "../lib/types";

function Exploding(): never {
  throw new Error("boom");
}

function page(): PageData {
  return {
    sitecore: {
      context: { pageEditing: false, site: { name: "group-se" }, language: "sv", itemPath: "/" },
      route: {
        name: "home",
        displayName: "Hem",
        itemId: "1",
        templateName: "HomePage",
        itemLanguage: "sv",
        itemPath: "/",
        fields: {},
        placeholders: {
          "headless-main": [
            { uid: "a", componentName: "Exploding", params: {}, fields: {} },
            { uid: "b", componentName: "RichText", params: {}, fields: { Text: { value: "<p>Resten av sidan</p>" } } },
          ],
        },
      },
    },
    site: { name: "group-se", kind: "group", language: "sv", defaultLanguage: "sv", locale: "sv-SE", currency: "SEK", languages: [], homePath: "/", isUK: false, isCarStore: false, country: "SE" },
    dictionary: {},
    path: "/",
    query: "",
    status: 200,
    data: {},
    flags: { hideAlert: false },
  };
}

describe("a failing section", () => {
  beforeAll(() => {
    components.Exploding = Exploding;
  });
  afterAll(() => {
    delete components.Exploding;
  });

  it("renders the apology on the server while the rest of the page renders", () => {
    const html = renderToString(<App initial={page()} />);
    expect(html).toContain("Aj då");
    expect(html).toContain("Här borde en sektion synas men något har tyvärr blivit fel");
    expect(html).toContain("Prova ladda om sidan");
    expect(html).toContain("<p>Resten av sidan</p>");
  });

  it("shows the apology with a reload button in the browser", () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    render(<App initial={page()} />);
    expect(screen.getByRole("heading", { name: "Aj då" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Prova ladda om sidan" })).toBeInTheDocument();
    expect(screen.getByText("Resten av sidan")).toBeInTheDocument();
    spy.mockRestore();
  });
});
