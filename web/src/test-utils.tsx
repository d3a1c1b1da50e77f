// Test helpers: page-data fixtures, fields in the Layout Service shape, and
// renders inside the page context.
import { render, type RenderResult } from "@testing-library/react";
import type { ComponentType, ReactElement } from "react";
import type { BlockProps } from "./app/block-props";
import { PageProvider, type PageContextValue } from "./lib/page-context";
import type { Fields, ListItem, PageData } from "./lib/types";

/** f wraps plain values as fields; arrays of objects become item lists. */
export function f(values: Record<string, unknown>): Fields {
  const out: Fields = {};
  for (const [k, v] of Object.entries(values)) {
    if (Array.isArray(v) && v.every((x) => x && typeof x === "object")) {
      out[k] = v.map((x, i): ListItem => ({ id: `${k}-${i}`, name: `${k}-${i}`, fields: f(x as Record<string, unknown>) }));
    } else {
      out[k] = { value: v };
    }
  }
  return out;
}

/** makePage is a content page of group-se (/om-oss) with overrides. */
export function makePage(overrides: Partial<PageData> = {}): PageData {
  return {
    sitecore: {
      context: { pageEditing: false, site: { name: "group-se" }, language: "sv", itemPath: "/om-oss" },
      route: { name: "om-oss", displayName: "Om oss", itemId: "r1", templateName: "ContentPage", itemLanguage: "sv", itemPath: "/om-oss", fields: {}, placeholders: {} },
    },
    site: { name: "group-se", kind: "group", language: "sv", defaultLanguage: "sv", locale: "sv-SE", currency: "SEK", languages: [], homePath: "/", isUK: false, isCarStore: false, country: "SE" },
    dictionary: {},
    path: "/om-oss",
    query: "",
    status: 200,
    data: {},
    flags: { hideAlert: false },
    ...overrides,
  };
}

/** pageData is the home page of group-se with no route, with overrides. */
export function pageData(over: Partial<PageData> = {}): PageData {
  return makePage({ sitecore: { context: { pageEditing: false, site: { name: "group-se" }, language: "sv", itemPath: "/" }, route: null }, path: "/", ...over });
}

export function renderWithPage(ui: ReactElement, page: PageData = makePage(), navigate: PageContextValue["navigate"] = () => {}): RenderResult & { setPage: (p: PageData) => void } {
  const wrap = (p: PageData) => <PageProvider value={{ page: p, navigate, navigating: false }}>{ui}</PageProvider>;
  const result = render(wrap(page));
  return { ...result, setPage: (p: PageData) => result.rerender(wrap(p)) };
}

export function renderBlock<D>(
  Block: ComponentType<BlockProps<D>>,
  { fields = {}, params = {}, data = null, page, uid = "uid-1", placeholders }: { fields?: Fields; params?: Record<string, string>; data?: D | null; page?: Partial<PageData>; uid?: string; placeholders?: BlockProps["rendering"]["placeholders"] } = {},
) {
  const rendering = { uid, componentName: Block.name, params, fields, placeholders };
  return render(
    <PageProvider value={{ page: pageData(page), navigate: () => {}, navigating: false }}>
      <Block rendering={rendering} fields={fields} params={params} data={data} />
    </PageProvider>,
  );
}
