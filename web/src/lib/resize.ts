import { useEffect, useRef, useState } from "react";

/** Layout recalculation constants of the spec (milliseconds). */
export const RESIZE_THROTTLE_MS = 50;
export const RESIZE_FINAL_MS = 250;
export const STAGE_ROW_DEBOUNCE_MS = 100;

/**
 * useLayoutRecalc calls recalc on mount and on window resize, at most every
 * 50 ms while resizing and once more 250 ms after the last resize event.
 */
export function useLayoutRecalc(recalc: () => void): void {
  const cb = useRef(recalc);
  cb.current = recalc;
  useEffect(() => {
    let last = 0;
    let final: ReturnType<typeof setTimeout> | undefined;
    const on = () => {
      const now = Date.now();
      if (now - last >= RESIZE_THROTTLE_MS) {
        last = now;
        cb.current();
      }
      clearTimeout(final);
      final = setTimeout(() => cb.current(), RESIZE_FINAL_MS);
    };
    cb.current();
    window.addEventListener("resize", on);
    return () => {
      window.removeEventListener("resize", on);
      clearTimeout(final);
    };
  }, []);
}

/** useDebouncedWindowWidth is 0 on the server and the first client render, then the window width, debounced. */
export function useDebouncedWindowWidth(ms: number): number {
  const [w, setW] = useState(0);
  useEffect(() => {
    let t: ReturnType<typeof setTimeout> | undefined;
    const on = () => {
      clearTimeout(t);
      t = setTimeout(() => setW(window.innerWidth), ms);
    };
    setW(window.innerWidth);
    window.addEventListener("resize", on);
    return () => {
      window.removeEventListener("resize", on);
      clearTimeout(t);
    };
  }, [ms]);
  return w;
}
