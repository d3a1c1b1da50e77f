// The car list's search call: POST /api/search (the server caches results 60 s).
import type { CarCardData } from "../../../components/car-card/car-card";
import type { FacetRequest, ListState, SearchResult } from "../types";
import { searchFilters } from "../utils/list-state";
import { httpError } from "../../../lib/http-error";

export interface CarSearchOptions {
  index: string;
  fields: string[];
  facets: FacetRequest[];
  state: ListState;
  limit: number;
  offset: number;
  signal?: AbortSignal;
}

/** searchCars runs the car list query; it throws on network or HTTP errors. */
export async function searchCars(o: CarSearchOptions): Promise<SearchResult<CarCardData>> {
  const res = await fetch("/api/search", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({
      index: o.index,
      fields: o.fields,
      keyphrase: o.state.keyphrase,
      facets: o.facets,
      limit: o.limit,
      offset: o.offset,
      sort_name: o.state.sort,
      filters: searchFilters(o.state),
    }),
    signal: o.signal,
  });
  if (!res.ok) throw await httpError(res, "search");
  return (await res.json()) as SearchResult<CarCardData>;
}
