import type { CarCardData } from "../../components/car-card/car-card";

/** FavouritesData is what the Favourites loader sends (catalogpages.FavouritesData). */
export interface FavouritesData {
  index: string;
  listPath: string;
  fields: string[];
  max: number;
  /** A share link's ids in its order; absent on the visitor's own list. */
  shared?: number[];
  /** The shared cars still for sale, in the link's order. */
  sharedCars: CarCardData[];
  rejected?: number;
  truncated?: boolean;
  error?: boolean;
}

/** A favourites list entry: the car when it is for sale, or only what is known of it. */
export type Entry =
  | { kind: "car"; id: number; car: CarCardData }
  | { kind: "gone"; id: number; name: string };

/** The own list's fetch, as a state union. */
export type FetchState = { kind: "loading" } | { kind: "ready" } | { kind: "error" };
