// The booking store in session storage: restored in an effect (never during
// render), written back on every change, and the step event pushed once per step.
import { useEffect, useReducer, useRef, useState, type Dispatch } from "react";
import { pushDataLayer } from "../../../lib/data-layer";
import { bookingReducer, initialStore, parseStored, persisted, STORAGE_KEY, type Action } from "../store";
import type { BookingStore } from "../types";

const STEP_NAMES = ["", "car", "services", "addons", "workshop", "confirmation"];

export function useBookingStore(): { store: BookingStore; dispatch: Dispatch<Action>; ready: boolean } {
  const [store, dispatch] = useReducer(bookingReducer, undefined, initialStore);
  const [ready, setReady] = useState(false);
  const loaded = useRef(false);

  useEffect(() => {
    let stored: BookingStore | null = null;
    try {
      stored = parseStored(window.sessionStorage.getItem(STORAGE_KEY));
    } catch {
      /* storage blocked: start fresh */
    }
    if (stored) dispatch({ type: "restore", store: stored });
    pushDataLayer({ event: "page_impression", page_type: "service_booking", flow: "service_booking", flow_version: "2.0", step: stored?.displayState ?? 1 });
    loaded.current = true;
    setReady(true);
  }, []);

  useEffect(() => {
    if (!loaded.current) return;
    try {
      window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(persisted(store)));
    } catch {
      /* storage full or blocked: the flow still works in memory */
    }
  }, [store]);

  // A step event once per step of this booking.
  useEffect(() => {
    if (!ready) return;
    const step = store.displayState;
    if (store.loggedSteps.includes(step)) return;
    pushDataLayer({ event: "flow_interaction", flow: "service_booking", flow_version: "2.0", action: "step", step, step_name: STEP_NAMES[step] });
    dispatch({ type: "logged", step });
  }, [ready, store.displayState, store.loggedSteps]);

  return { store, dispatch, ready };
}
