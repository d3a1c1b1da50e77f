import { useEffect, useState } from "react";
import { FAVOURITES_CHANGED, FAVOURITES_KEY, readFavourites, type FavouriteCar } from "./favourites";

export interface FavouritesState {
  list: FavouriteCar[];
  /** False during server render and hydration, when the list is not read yet. */
  ready: boolean;
}

/**
 * watchFavourites calls sync now and whenever the saved list changes (in
 * this tab or another); it returns the unsubscribe for an effect's cleanup.
 */
function watchFavourites(sync: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === FAVOURITES_KEY) sync();
  };
  sync();
  window.addEventListener(FAVOURITES_CHANGED, sync);
  window.addEventListener("storage", onStorage);
  return () => {
    window.removeEventListener(FAVOURITES_CHANGED, sync);
    window.removeEventListener("storage", onStorage);
  };
}

/** useFavourites is the saved list, empty (ready false) until the first effect reads storage. */
export function useFavourites(): FavouritesState {
  const [state, setState] = useState<FavouritesState>({ list: [], ready: false });
  useEffect(() => watchFavourites(() => setState({ list: readFavourites(), ready: true })), []);
  return state;
}

/**
 * useIsFavourite reports whether a car is saved (false until hydrated). Every
 * car card's heart uses it: its state is the one answer, so a car that is
 * not saved re-renders nothing after hydration (the whole list's state made
 * all 48 cards of a list render again at once, a long task on a phone).
 */
export function useIsFavourite(id: number): boolean {
  const [on, setOn] = useState(false);
  useEffect(() => watchFavourites(() => setOn(readFavourites().some((c) => c.car_id === id))), [id]);
  return on;
}
