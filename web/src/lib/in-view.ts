import { useEffect, useState, type RefObject } from "react";

/**
 * Animation state of an element that animates once when it enters the
 * viewport: "static" on the server, without IntersectionObserver and with
 * prefers-reduced-motion (shown as is); "waiting" once hydrated and out of
 * view (hidden, ready to animate); "in" after it has entered the viewport.
 */
export type InViewState = "static" | "waiting" | "in";

export function useAnimateOnce(ref: RefObject<Element | null>, enabled: boolean): InViewState {
  const [state, setState] = useState<InViewState>("static");
  useEffect(() => {
    const el = ref.current;
    if (!enabled || !el || typeof IntersectionObserver === "undefined") return;
    if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;
    setState("waiting");
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setState("in");
          io.disconnect();
        }
      },
      { threshold: 0.15 },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [ref, enabled]);
  return state;
}

export function animClass(base: string, state: InViewState): string {
  return state === "static" ? "" : `${base} ${base}--${state}`;
}
