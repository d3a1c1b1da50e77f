// Favourites: cars a visitor saves without an account, kept in
// this browser's localStorage under "favourites" as a small snapshot of
// each car (id, slug, brand, model), newest first, so a car that is sold
// later can still be named on the favourites page. Storage is read only in
// effects and event handlers: server render never sees it. Every change is
// announced with forecourt:favourites-changed so hearts, the header count
// and the favourites page stay in step (other tabs get the storage event).
export const FAVOURITES_KEY = "favourites";
export const FAVOURITES_CHANGED = "forecourt:favourites-changed";
/** MAX_FAVOURITES bounds the list (the server's catalogpages.MaxFavourites). */
export const MAX_FAVOURITES = 100;

export interface FavouriteCar {
  car_id: number;
  slug?: string;
  car_brand?: string;
  car_model?: string;
  /** Epoch milliseconds when the car was saved. */
  saved_at?: number;
}

/** isCarID accepts positive whole numbers of at most 15 digits (what the server takes). */
export function isCarID(n: unknown): n is number {
  return typeof n === "number" && Number.isSafeInteger(n) && n > 0 && n < 1e15;
}

function clean(raw: unknown): FavouriteCar[] {
  if (!Array.isArray(raw)) return [];
  const seen = new Set<number>();
  const out: FavouriteCar[] = [];
  for (const e of raw) {
    if (!e || typeof e !== "object") continue;
    const r = e as Record<string, unknown>;
    const id = Number(r.car_id);
    if (!isCarID(id) || seen.has(id)) continue;
    seen.add(id);
    const str = (v: unknown) => (typeof v === "string" ? v.slice(0, 200) : undefined);
    out.push({ car_id: id, slug: str(r.slug), car_brand: str(r.car_brand), car_model: str(r.car_model), saved_at: typeof r.saved_at === "number" ? r.saved_at : undefined });
    if (out.length === MAX_FAVOURITES) break;
  }
  return out;
}

/** readFavourites returns the saved list; broken or foreign storage gives what can be read of it. */
export function readFavourites(): FavouriteCar[] {
  try {
    const raw = window.localStorage.getItem(FAVOURITES_KEY);
    return raw ? clean(JSON.parse(raw)) : [];
  } catch {
    return [];
  }
}

export function writeFavourites(list: FavouriteCar[]): void {
  const next = clean(list);
  try {
    window.localStorage.setItem(FAVOURITES_KEY, JSON.stringify(next));
  } catch {
    /* storage full or blocked (private mode): the change lives for this page only */
  }
  window.dispatchEvent(new CustomEvent(FAVOURITES_CHANGED, { detail: next }));
}

export type ToggleResult = "added" | "removed" | "full";

/** toggleFavourite removes the car when saved, otherwise saves it first in the list; a full list refuses. */
export function toggleFavourite(car: FavouriteCar, now = Date.now()): ToggleResult {
  const list = readFavourites();
  if (list.some((c) => c.car_id === car.car_id)) {
    writeFavourites(list.filter((c) => c.car_id !== car.car_id));
    return "removed";
  }
  if (list.length >= MAX_FAVOURITES) return "full";
  const { car_id, slug, car_brand, car_model } = car;
  writeFavourites([{ car_id, slug, car_brand, car_model, saved_at: now }, ...list]);
  return "added";
}

export function removeFavourite(id: number): void {
  writeFavourites(readFavourites().filter((c) => c.car_id !== id));
}

/**
 * addFavourites saves cars (a shared list) that are not saved yet, after
 * the visitor's own, up to MAX_FAVOURITES; it returns how many were added.
 */
export function addFavourites(cars: FavouriteCar[], now = Date.now()): number {
  const list = readFavourites();
  const have = new Set(list.map((c) => c.car_id));
  const added = cars.filter((c) => isCarID(c.car_id) && !have.has(c.car_id) && have.add(c.car_id)).slice(0, Math.max(0, MAX_FAVOURITES - list.length));
  if (added.length) writeFavourites([...list, ...added.map((c) => ({ ...c, saved_at: now }))]);
  return added.length;
}

/** shareURL is the favourites page with the ids in the URL: /bilar/favoriter?ids=3,1,2. */
export function shareURL(origin: string, path: string, ids: number[]): string {
  return `${origin}${path}?ids=${ids.slice(0, MAX_FAVOURITES).join(",")}`;
}
