// Test helpers: render a block inside a page context, and build fields in
// the Layout Service shape from plain values.
import { render } from "@testing-library/react";
import type { ComponentType } from "react";
import type { BlockProps } from "./app/block-props";
import { PageProvider } from "./lib/page-context";
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

export function pageData(over: Partial<PageData> = {}): PageData {
  return {
    sitecore: { context: { pageEditing: false, site: { name: "group-se" }, language: "sv", itemPath: "/" }, route: null },
    site: { name: "group-se", kind: "group", language: "sv", defaultLanguage: "sv", locale: "sv-SE", currency: "SEK", languages: [], homePath: "/", isUK: false, isCarStore: false },
    dictionary: {},
    path: "/",
    query: "",
    status: 200,
    data: {},
    flags: { hideAlert: false },
    ...over,
  };
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
