// The car list screen's state: one reducer over the list state (kept in the
// URL by the component), its loaded window of cars and facets, the load
// status and the filter panel's controls. Pure; the component dispatches
// and runs the calls.
import type { CarCardData } from "../../components/car-card/car-card";
import type { FacetResult, SearchResult } from "../../lib/search";
import type { CarListData, ListState } from "./types";

export type FilterType = "Sticky" | "Toggle";
export type Status = "ready" | "loading" | "loading-more" | "error";
/** How a load lands: replaces the cars (a new search), appends a page (show more) or prepends one (show previous). */
export type LoadMode = "replace" | "more" | "previous";

export interface Screen {
  query: ListState;
  cars: CarCardData[];
  /** The page of cars[0]; "show previous" lowers it. */
  firstPage: number;
  facets: FacetResult[];
  total: number;
  status: Status;
  /** The panel mode chosen (remembered per session as filterType; sticky only from 1024 px). */
  filterType: FilterType;
  /** The toggle panel is open. */
  panelOpen: boolean;
  /** The phone filter drawer is open. */
  drawer: boolean;
  /** The keyphrase being typed (not yet searched). */
  phrase: string;
}

export type Action =
  /** The page data changed (first render, back/forward): the list is the document's. */
  | { type: "page"; data: CarListData }
  | { type: "filterType"; filterType: FilterType }
  | { type: "togglePanel" }
  | { type: "drawer"; open: boolean }
  | { type: "phrase"; phrase: string }
  /** A load starts: of query (replace, more) or of the page before the cars (previous, query unchanged). */
  | { type: "load"; mode: LoadMode; query: ListState }
  | { type: "loaded"; mode: LoadMode; page: number; result: SearchResult<CarCardData> }
  | { type: "failed" };

/** fromPage is the list of a document's page data. */
function fromPage(data: CarListData): Pick<Screen, "query" | "cars" | "firstPage" | "facets" | "total" | "status"> {
  return { query: data.query, cars: data.cars, firstPage: data.firstPage ?? 0, facets: data.facets, total: data.total, status: data.error ? "error" : "ready" };
}

export function initialScreen(data: CarListData): Screen {
  return { ...fromPage(data), filterType: "Sticky", panelOpen: false, drawer: false, phrase: "" };
}

export function screenReducer(s: Screen, a: Action): Screen {
  switch (a.type) {
    case "page":
      return { ...s, ...fromPage(a.data) };
    case "filterType":
      return { ...s, filterType: a.filterType };
    case "togglePanel":
      return { ...s, panelOpen: !s.panelOpen };
    case "drawer":
      return { ...s, drawer: a.open };
    case "phrase":
      return { ...s, phrase: a.phrase };
    case "load":
      return { ...s, query: a.mode === "previous" ? s.query : a.query, status: a.mode === "replace" ? "loading" : "loading-more" };
    case "loaded": {
      const { content, facet, total_items } = a.result;
      const cars = a.mode === "previous" ? [...content, ...s.cars] : a.mode === "more" ? [...s.cars, ...content] : content;
      const firstPage = a.mode === "previous" ? a.page : a.mode === "replace" ? 0 : s.firstPage;
      return { ...s, cars, firstPage, facets: facet, total: total_items, status: "ready" };
    }
    case "failed":
      return { ...s, status: "error", facets: [] };
  }
}
