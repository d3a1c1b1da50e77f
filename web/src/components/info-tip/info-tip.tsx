import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import "./info-tip.css";

/** TOOLTIP_MAX is the spec's tooltip length (car catalogue §9: texts are cut at 288 characters). */
export const TOOLTIP_MAX = 288;

/**
 * cutTooltip shortens a text to TOOLTIP_MAX characters, ending with "…" at
 * a word boundary when one is near, so a long finance text never turns the
 * bubble into a page. Counts characters, not UTF-16 units (å, €, emoji).
 */
export function cutTooltip(text: string): string {
  const chars = Array.from(text.trim());
  if (chars.length <= TOOLTIP_MAX) return chars.join("");
  const head = chars.slice(0, TOOLTIP_MAX - 1).join("");
  const space = head.lastIndexOf(" ");
  return (space > TOOLTIP_MAX * 0.75 ? head.slice(0, space) : head).replace(/[\s,.;:–-]+$/, "") + "…";
}

/**
 * InfoTip is a toggletip: an "i" button that shows a short explanation in a
 * bubble on click, tap, hover or keyboard focus, and hides it on Escape, a
 * second click or leaving. The bubble is a polite live region, so a screen
 * reader announces the text when it opens (the WAI pattern for toggletips;
 * a plain tooltip would be unreachable on touch screens).
 */
export function InfoTip({ text, label }: { text: string; label: string }) {
  const [open, setOpen] = useState(false);
  // pinned: opened by a click or tap, so leaving with the pointer keeps it
  // open; a hover or focus opens it unpinned, and the first click then pins
  // it instead of toggling it shut under the visitor's finger.
  const pinned = useRef(false);
  const close = () => {
    pinned.current = false;
    setOpen(false);
  };
  const id = useId();
  const root = useRef<HTMLSpanElement>(null);
  const bubble = useRef<HTMLSpanElement>(null);
  // shift keeps the bubble inside the viewport: it is centred on the button,
  // which near a phone's edge would put half of it off screen.
  const [shift, setShift] = useState(0);
  useLayoutEffect(() => {
    if (!open || !bubble.current) return setShift(0);
    const r = bubble.current.getBoundingClientRect();
    const left = r.left - shift;
    const right = r.right - shift;
    const vw = document.documentElement.clientWidth;
    setShift(left < 8 ? 8 - left : right > vw - 8 ? vw - 8 - right : 0);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) close();
    };
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, [open]);
  const shown = cutTooltip(text);
  if (!shown) return null;
  return (
    <span className="fc-infotip" ref={root} onMouseEnter={() => setOpen(true)} onMouseLeave={() => !pinned.current && setOpen(false)}>
      <button
        type="button"
        className="fc-infotip__button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => {
          if (open && pinned.current) return close();
          pinned.current = true;
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={close}
        onKeyDown={(e) => {
          if (e.key === "Escape" && open) {
            e.stopPropagation();
            close();
          }
        }}
      >
        <span aria-hidden="true">i</span>
      </button>
      <span
        id={id}
        ref={bubble}
        className="fc-infotip__bubble"
        role="status"
        data-open={open || undefined}
        style={shift ? { transform: `translateX(calc(-50% + ${Math.round(shift)}px))` } : undefined}
      >
        {open ? shown : ""}
      </span>
    </span>
  );
}
