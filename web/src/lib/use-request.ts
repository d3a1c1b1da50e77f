// The one request hook: a call that belongs to a component is aborted when
// a newer call replaces it or the component goes, and its answer lands only
// if it is still the latest. Components keep no AbortController of their own.
import { useCallback, useEffect, useMemo, useRef, useState, type DependencyList } from "react";

/** Outcome is a call's answer or its error; null from run() means a newer call (or unmount) superseded it. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** LatestCall runs a component's calls one at a time (useLatestCall). */
export interface LatestCall {
  /** run aborts the call before, runs this one with a fresh signal and resolves to its Outcome, or to null when it was superseded. */
  run: <T>(call: (signal: AbortSignal) => Promise<T>) => Promise<Outcome<T> | null>;
  /** cancel aborts the current call (its run resolves to null). */
  cancel: () => void;
}

/**
 * useLatestCall runs calls where only the latest may land: each run()
 * aborts the call before, and unmount aborts the last. For calls made
 * from events (show more, cancel, type-ahead) and for effects whose
 * answer is merged into other state (cancel in the effect's cleanup).
 */
export function useLatestCall(): LatestCall {
  const current = useRef<AbortController | null>(null);
  useEffect(() => () => current.current?.abort(), []);
  const run = useCallback(async <T,>(call: (signal: AbortSignal) => Promise<T>): Promise<Outcome<T> | null> => {
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
  const cancel = useCallback(() => current.current?.abort(), []);
  return useMemo(() => ({ run, cancel }), [run, cancel]);
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
