// Prefill from a reminder mail's link: /boka-service?regnr=ABC123&plats=Uppsala
// opens the flow at step 1 with the plate and place filled in. The values
// go through the same rules as typed input: the plate is normalised like
// the field does and kept only when it looks like a plate; the place must
// be a locality the place search knows (as choosing it from the list).
import { useEffect, type Dispatch } from "react";
import { searchPlaces } from "../api/booking-api";
import { toLocation } from "../components/place-combobox";
import { normalizePlate, PLATE_MAX } from "../rules";
import type { Action } from "../store";
import type { Location } from "../types";
import { useLatestCall } from "../../../lib/use-request";

const PLATE_RE = /^[A-Z0-9]{2,6}$/;
const PLACE_MAX = 64;

/** readPrefill reads ?regnr= and ?plats= of a URL's search part; null when neither is usable. */
export function readPrefill(search: string): { plate: string; place: string } | null {
  const q = new URLSearchParams(search);
  const raw = (q.get("regnr") ?? "").replace(/\s+/g, "");
  const plate = normalizePlate(raw);
  const okPlate = raw.length <= PLATE_MAX && PLATE_RE.test(plate) ? plate : "";
  const place = (q.get("plats") ?? "").trim();
  const okPlace = place.length > 0 && place.length <= PLACE_MAX ? place : "";
  if (!okPlate && !okPlace) return null;
  return { plate: okPlate, place: okPlace };
}

/** resolvePlace is the locality named exactly (case-insensitively) by name, or null. */
export async function resolvePlace(name: string, signal?: AbortSignal): Promise<Location | null> {
  const key = name.toLocaleLowerCase("sv-SE");
  const places = await searchPlaces(name, signal);
  const p = places.find((x) => x.name.toLocaleLowerCase("sv-SE") === key);
  return p ? toLocation(p) : null;
}

/** useUrlPrefill applies a reminder link's plate and place once the store is restored, then drops them from the URL (so a reload keeps the flow's progress). */
export function useUrlPrefill(ready: boolean, dispatch: Dispatch<Action>) {
  const { run, cancel } = useLatestCall();
  useEffect(() => {
    if (!ready) return;
    const pre = readPrefill(window.location.search);
    if (!pre) return;
    void run(async (signal) => (pre.place ? resolvePlace(pre.place, signal) : null)).then((o) => {
      if (!o) return;
      // A failed place search leaves the place to the visitor.
      const location = o.ok ? o.value : null;
      dispatch({ type: "prefill", plate: pre.plate, location });
      const url = new URL(window.location.href);
      url.searchParams.delete("regnr");
      url.searchParams.delete("plats");
      window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
    });
    return cancel;
  }, [ready, dispatch, run, cancel]);
}
