// The dealer-site list's search call: POST /api/search, 48 a page, website_sort_order ascending.
import type { SiteCardData } from "../types";
import { search, type FacetRequest, type SearchResult } from "../../../lib/search";

export interface SiteSearch {
  index: string;
  fields: string[];
  facets: FacetRequest[];
  filters: Record<string, string[]>;
  keyphrase: string;
  limit: number;
  offset: number;
  signal?: AbortSignal;
}

export function searchSites(o: SiteSearch): Promise<SearchResult<SiteCardData>> {
  return search<SiteCardData>({ index: o.index, fields: o.fields, facets: o.facets, filters: o.filters, keyphrase: o.keyphrase, limit: o.limit, offset: o.offset, sort_name: "website_sort_order_asc" }, o.signal);
}
