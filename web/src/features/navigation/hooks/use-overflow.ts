import { useCallback, useEffect, useLayoutEffect, useState, type RefObject } from "react";

/** OVERFLOW_DEBOUNCE_MS is how long the bar waits after the last resize before it measures again. */
export const OVERFLOW_DEBOUNCE_MS = 200;

const useIsoLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

/** fitCount returns how many items of the given widths fit into available, reserving moreWidth when some do not. */
export function fitCount(widths: number[], available: number, moreWidth: number, gap = 0): number {
  const total = widths.reduce((s, w, i) => s + w + (i ? gap : 0), 0);
  if (total <= available) return widths.length;
  let used = moreWidth;
  for (let i = 0; i < widths.length; i++) {
    used += widths[i] + gap;
    if (used > available) return i;
  }
  return widths.length;
}

export type OverflowPhase = "idle" | "measuring";

/**
 * useOverflow decides how many of count bar items fit into list, moving the
 * rest to a 'More' menu. The server and the first client render show every
 * item (visible === count); measuring happens in effects only: the hook
 * renders all items once ("measuring"), reads their widths before paint, and
 * settles. It measures again 200 ms after the last resize.
 */
export function useOverflow(list: RefObject<HTMLElement | null>, count: number): { visible: number; phase: OverflowPhase } {
  const [visible, setVisible] = useState(count);
  const [phase, setPhase] = useState<OverflowPhase>("idle");
  const measure = useCallback(() => setPhase("measuring"), []);

  useEffect(() => {
    measure();
    let timer: number | undefined;
    const onResize = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(measure, OVERFLOW_DEBOUNCE_MS);
    };
    window.addEventListener("resize", onResize);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener("resize", onResize);
    };
  }, [measure, count]);

  useIsoLayoutEffect(() => {
    if (phase !== "measuring") return;
    const ul = list.current;
    if (ul && ul.clientWidth > 0) {
      const items = Array.from(ul.querySelectorAll<HTMLElement>(":scope > [data-overflow-item]"));
      const more = ul.querySelector<HTMLElement>(":scope > [data-overflow-more]");
      const gap = parseFloat(getComputedStyle(ul).columnGap) || 0;
      setVisible(fitCount(items.map((el) => el.offsetWidth), ul.clientWidth, (more?.offsetWidth ?? 0) + gap, gap));
    } else {
      setVisible(count);
    }
    setPhase("idle");
  }, [phase, count, list]);

  return { visible: phase === "measuring" ? count : Math.min(visible, count), phase };
}
