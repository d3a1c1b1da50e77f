// The page data that Go sends to the render worker and embeds for hydration.
// It mirrors internal/page.Data; fields follow the Sitecore Layout Service.

export type FieldValue<T = unknown> = { value: T; editable?: string };
export type ImageValue = { src?: string; alt?: string; width?: number | string; height?: number | string; mimeType?: string };
export type LinkValue = { href?: string; text?: string; target?: string; title?: string; linktype?: string; anchor?: string };
export type ListItem = { id: string; name: string; fields: Fields };
export type Fields = Record<string, FieldValue | ListItem[] | undefined>;

export interface ComponentRendering {
  uid: string;
  componentName: string;
  dataSource?: string;
  params: Record<string, string>;
  fields: Fields;
  placeholders?: Record<string, ComponentRendering[]>;
}

export interface Route {
  name: string;
  displayName: string;
  itemId: string;
  templateName: string;
  itemLanguage: string;
  itemPath: string;
  fields: Fields;
  placeholders: Record<string, ComponentRendering[]>;
  wildcard?: string[];
}

export interface LanguageLink {
  name: string;
  displayName: string;
  englishName: string;
  nativeName: string;
  url: string;
}

export interface SiteInfo {
  name: string;
  kind: "group" | "carstore" | "dealer";
  language: string;
  defaultLanguage: string;
  locale: string;
  currency: string;
  languages: LanguageLink[];
  homePath: string;
  isUK: boolean;
  isCarStore: boolean;
  /** ISO 3166 alpha-2 ("SE"; "EU" for the EU site): the default prefix of national phone numbers. */
  country: string;
  /** MAP_STYLE_URL: a MapLibre style for real tiles; unset, maps use the offline basemap. */
  mapStyleUrl?: string;
}

export interface PageData {
  sitecore: {
    context: { pageEditing: boolean; site: { name: string }; language: string; itemPath: string };
    route: Route | null;
  };
  site: SiteInfo;
  dictionary: Record<string, string>;
  /** Request path with the language prefix, e.g. "/en/om-oss". */
  path: string;
  /** Query string without "?". */
  query: string;
  status: number;
  /** Loader output by component uid; null when the loader failed. */
  data: Record<string, unknown>;
  /** Request facts the server knows (cookies) that change what is shown. */
  flags: { hideAlert: boolean };
}
