import type { CarCardData } from "../../components/car-card/car-card";
import type { FacetResult } from "../../lib/search";

/** ListState is the car list state kept in the URL. */
export interface ListState {
  /** Keyword and year filters; models are "Brand>Model" under car_model. */
  filters: Record<string, string[]>;
  /** Range facets as [min, max]. */
  ranges: Record<string, [number, number]>;
  keyphrase: string;
  sort: string;
  page: number;
  /** A sort of the URL the list does not know (the server reports it; the list sorts by its default). */
  unknownSort?: string;
}

/** CarListData is what the CarList loader sends. */
export interface CarListData {
  index: string;
  basePath: string;
  query: ListState;
  facets: FacetResult[];
  cars: CarCardData[];
  total: number;
  pageSize: number;
  maxPages: number;
  /** The page of cars[0]: a document holds at most two pages ending at query.page. */
  firstPage: number;
  sorts: string[];
  error: boolean;
}
