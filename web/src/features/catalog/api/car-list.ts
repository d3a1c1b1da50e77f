// The car list's call: GET /api/car-list with the list's own query string
// (utils/list-state apiQuery). The server turns it into the search, as it
// does for the list page (catalogpages.ListAPI); it caches answers 60 s.
import type { CarCardData } from "../../../components/car-card/car-card";
import { json } from "../../../lib/api-client";
import type { SearchResult } from "../../../lib/search";

/** fetchCarList returns the page of the list state in query; it throws an ApiError on a failed answer. */
export function fetchCarList(query: string, signal?: AbortSignal): Promise<SearchResult<CarCardData>> {
  return json<SearchResult<CarCardData>>(`/api/car-list${query ? `?${query}` : ""}`, { signal });
}
