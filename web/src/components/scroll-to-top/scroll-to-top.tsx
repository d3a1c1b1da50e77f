import { useEffect, useRef, useState } from "react";
import { useT } from "../../lib/page-context";

/** SCROLL_TO_TOP_THRESHOLD is the scroll offset (px) after which the button shows. */
export const SCROLL_TO_TOP_THRESHOLD = 528;

/**
 * KEEP_CLEAR are what the button must never cover: videos and their
 * captions (a video's own subtitles are drawn at its bottom left), embedded
 * players, the bottom drawers and bars of booking and compare, and the
 * controls of the booking flows (on a phone their fields and times reach
 * the screen's left edge, where a tap meant for them would scroll to the
 * top). While the button would lie over one of them it steps aside
 * (hidden), and comes back once the page has scrolled past.
 */
export const KEEP_CLEAR = [
  "video, iframe, figcaption, .fc-video-embed__caption, .fc-carousel__caption, .fc-booking-summary__inner, .fc-compare-bar",
  ...[".fc-booking", ".fc-th-page"].map((flow) => ["input", "select", "textarea", "button"].map((c) => `${flow} ${c}`).join(", ")),
].join(", ");

/** covers reports whether the button lies over any KEEP_CLEAR element. */
function covers(button: HTMLElement | null): boolean {
  if (!button) return false;
  const a = button.getBoundingClientRect();
  return [...document.querySelectorAll(KEEP_CLEAR)].some((el) => {
    const b = el.getBoundingClientRect();
    return b.width > 0 && b.height > 0 && a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top;
  });
}

/** ScrollToTop shows a bottom-left button once the page is scrolled past 528 px, unless it would cover KEEP_CLEAR. */
export function ScrollToTop() {
  const t = useT();
  const ref = useRef<HTMLButtonElement>(null);
  const [visible, setVisible] = useState(false);
  const [tucked, setTucked] = useState(false);
  useEffect(() => {
    let frame = 0;
    // Drawers open on a press and grow with a transition, without a scroll:
    // each element to keep clear is watched for size changes too.
    const resized = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(() => schedule());
    const check = () => {
      frame = 0;
      if (resized) for (const el of document.querySelectorAll(KEEP_CLEAR)) resized.observe(el);
      setVisible(window.scrollY > SCROLL_TO_TOP_THRESHOLD);
      setTucked(covers(ref.current));
    };
    // Everything is read in the next frame, once: reading the scroll offset
    // at once, in a handler of every DOM change, transition end or click,
    // made the browser lay the page out on the spot each time (while the
    // page loads and hydrates, many times a frame).
    const schedule = () => {
      if (!frame) frame = window.requestAnimationFrame(check);
    };
    // What to keep clear may appear after the press that asked for it (a
    // drawer's content rendered a moment later, or with no transition under
    // reduced motion): added elements schedule a check too.
    const added = typeof MutationObserver === "undefined" ? null : new MutationObserver(() => schedule());
    added?.observe(document.body, { childList: true, subtree: true });
    schedule();
    const events = ["scroll", "resize", "click", "keyup", "transitionend"] as const;
    for (const e of events) window.addEventListener(e, schedule, { passive: true, capture: true });
    return () => {
      for (const e of events) window.removeEventListener(e, schedule, { capture: true });
      resized?.disconnect();
      added?.disconnect();
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, []);
  // The button is measured once shown, so the check runs again then.
  useEffect(() => {
    if (visible) setTucked(covers(ref.current));
  }, [visible]);
  if (!visible) return null;
  return (
    <button
      ref={ref}
      type="button"
      className={`fc-scroll-top${tucked ? " fc-scroll-top--tucked" : ""}`}
      aria-label={t("scrollToTop", "Till toppen")}
      onClick={() => {
        const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
        window.scrollTo({ top: 0, behavior: reduce ? "auto" : "smooth" });
        document.getElementById("main")?.focus({ preventScroll: true });
      }}
    >
      <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20">
        <path d="M10 4l-7 7 1.4 1.4L10 6.8l5.6 5.6L17 11z" fill="currentColor" />
      </svg>
    </button>
  );
}
