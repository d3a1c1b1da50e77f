// The dealer-site list's search call: POST /api/search, 48 a page, website_sort_order ascending.
import type { FacetResult, SiteCardData } from "../types";
import { httpError } from "../../../lib/http-error";

export interface SiteSearch {
  index: string;
  fields: string[];
  facets: { name: string; sort_order?: string }[];
  filters: Record<string, string[]>;
  keyphrase: string;
  limit: number;
  offset: number;
  signal?: AbortSignal;
}

export async function searchSites(o: SiteSearch): Promise<{ facet: FacetResult[]; content: SiteCardData[]; total_items: number }> {
  const res = await fetch("/api/search", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ index: o.index, fields: o.fields, facets: o.facets, filters: o.filters, keyphrase: o.keyphrase, limit: o.limit, offset: o.offset, sort_name: "website_sort_order_asc" }),
    signal: o.signal,
  });
  if (!res.ok) throw await httpError(res, "search");
  return res.json();
}
