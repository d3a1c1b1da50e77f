// The public search API (POST /api/search, the search proxy contract of
// spec section 7) and the types of its answer, defined once for every list
// and lookup that asks it: favourites, compare, the dealer-site list, and
// the car list's facets (whose search the server builds, GET /api/car-list).
import { json } from "./api-client";

/** FacetValue is one value of a list facet; a brand carries its models as children. */
export interface FacetValue {
  text: string;
  count: number;
  children?: FacetValue[];
}

/** Histogram is the spread of a number facet (the range sliders). */
export interface Histogram {
  min: number;
  max: number;
  buckets: { min: number; max: number; count: number }[];
}

export interface FacetResult {
  name: string;
  child_name?: string;
  type: "list" | "histogram";
  values: FacetValue[];
  histogram?: Histogram;
}

export interface FacetRequest {
  name: string;
  child_name?: string;
  sort_order?: string;
}

export interface SearchQuery {
  index: string;
  fields: string[];
  keyphrase?: string;
  facets?: FacetRequest[];
  filters?: Record<string, (string | number)[]>;
  limit?: number;
  offset?: number;
  sort_name?: string;
}

export interface SearchResult<T> {
  facet: FacetResult[];
  content: T[];
  total_items: number;
  limit: number;
  offset: number;
}

/** search runs one query of the public search API; it throws an ApiError on a failed answer. */
export function search<T>(q: SearchQuery, signal?: AbortSignal): Promise<SearchResult<T>> {
  return json<SearchResult<T>>("/api/search", { body: q, signal });
}
