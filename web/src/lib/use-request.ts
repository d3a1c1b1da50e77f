// The one request hook: a call that belongs to a component is aborted when
// a newer call replaces it or the component goes, and its answer lands only
// if it is still the latest. Components keep no AbortController of their own.
import { useCallback, useEffect, useRef, useState, type DependencyList } from "react";

/** Outcome is a call's answer or its error; null from run() means a newer call (or unmount) superseded it. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * useLatestCall returns run(call): it aborts the call before (and unmount
 * aborts the last), runs this one with a fresh signal and resolves to its
 * Outcome, or to null when the call was superseded (its answer must not
 * land). For calls made from events: show more, cancel, type-ahead.
 */
export function useLatestCall(): <T>(call: (signal: AbortSignal) => Promise<T>) => Promise<Outcome<T> | null> {
  const current = useRef<AbortController | null>(null);
  useEffect(() => () => current.current?.abort(), []);
  return useCallback(async <T,>(call: (signal: AbortSignal) => Promise<T>): Promise<Outcome<T> | null> => {
    current.current?.abort();
    const ctl = new AbortController();
    current.current = ctl;
    try {
      const value = await call(ctl.signal);
      return ctl.signal.aborted ? null : { ok: true, value };
    } catch (error) {
      return ctl.signal.aborted ? null : { ok: false, error };
    }
  }, []);
}

/** RequestState is what a component shows of a load: nothing yet, loading, the answer or the failure. */
export type RequestState<T> =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "ready"; data: T }
  | { status: "error"; error: unknown };

/**
 * useRequest loads load(signal) after render and again whenever deps
 * change, aborting the load before; load null is idle (nothing to load).
 * It never runs during server render.
 */
export function useRequest<T>(load: ((signal: AbortSignal) => Promise<T>) | null, deps: DependencyList): RequestState<T> {
  const [state, setState] = useState<RequestState<T>>({ status: "idle" });
  useEffect(() => {
    if (!load) {
      setState({ status: "idle" });
      return;
    }
    const ctl = new AbortController();
    setState({ status: "loading" });
    load(ctl.signal).then(
      (data) => !ctl.signal.aborted && setState({ status: "ready", data }),
      (error: unknown) => !ctl.signal.aborted && setState({ status: "error", error }),
    );
    return () => ctl.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return state;
}
