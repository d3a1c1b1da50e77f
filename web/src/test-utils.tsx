// Test helpers: a page-data fixture and a render inside the page context.
import { render, type RenderResult } from "@testing-library/react";
import type { ReactElement } from "react";
import { PageProvider, type PageContextValue } from "./lib/page-context";
import type { PageData } from "./lib/types";

export function makePage(overrides: Partial<PageData> = {}): PageData {
  return {
    sitecore: {
      context: { pageEditing: false, site: { name: "group-se" }, language: "sv", itemPath: "/om-oss" },
      route: { name: "om-oss", displayName: "Om oss", itemId: "r1", templateName: "ContentPage", itemLanguage: "sv", itemPath: "/om-oss", fields: {}, placeholders: {} },
    },
    site: {
      name: "group-se",
      kind: "group",
      language: "sv",
      defaultLanguage: "sv",
      locale: "sv-SE",
      currency: "SEK",
      languages: [],
      homePath: "/",
      isUK: false,
      isCarStore: false,
    },
    dictionary: {},
    path: "/om-oss",
    query: "",
    status: 200,
    data: {},
    flags: { hideAlert: false },
    ...overrides,
  };
}

export function renderWithPage(ui: ReactElement, page: PageData = makePage(), navigate: PageContextValue["navigate"] = () => {}): RenderResult & { setPage: (p: PageData) => void } {
  const wrap = (p: PageData) => <PageProvider value={{ page: p, navigate, navigating: false }}>{ui}</PageProvider>;
  const result = render(wrap(page));
  return { ...result, setPage: (p: PageData) => result.rerender(wrap(p)) };
}
