// The one dialog behaviour of the site's modal dialogs: focus moves in and
// is trapped, Escape closes, page scroll is locked while open, focus goes
// back on close. The kept library's dialog (react-aria-components'
// Modal/Dialog, used by the saved-search dialog, which loads lazily) costs
// ~25 KB gzip of shared overlay code; the car list and car detail pages,
// whose dialogs (filter drawer, compare, picture viewer) load with the
// page, are within 3 KB of their 100 KB first-load budget, so they use this.
import { useEffect, useRef, type KeyboardEvent as ReactKeyboardEvent } from "react";

/** FOCUSABLE selects the elements a keyboard user can tab to. */
export const FOCUSABLE = "a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex='-1'])";

/** tabbable lists the focusable elements of container, the rendered ones when layout says which (collapsed groups hide theirs). */
function tabbable(container: HTMLElement): HTMLElement[] {
  const all = Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE));
  const shown = all.filter((x) => x.offsetParent !== null);
  return shown.length ? shown : all;
}

/**
 * keepFocusInside wraps Tab and Shift+Tab around the focusable elements of
 * container, so focus stays in an open dialog. Dialogs with a flow of
 * their own (the disclaimer, which cannot be dismissed; the marketing
 * form's embed) call it from their key handler; other keys pass through.
 */
export function keepFocusInside(e: KeyboardEvent | ReactKeyboardEvent, container: HTMLElement | null): void {
  if (e.key !== "Tab" || !container) return;
  const els = tabbable(container);
  if (els.length === 0) return;
  const first = els[0];
  const last = els[els.length - 1];
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}

/**
 * useDialog gives the element of ref the dialog behaviour while open: on
 * opening, focus moves to its first focusable element (or itself), Tab is
 * trapped, Escape calls onClose and page scroll is locked; on closing,
 * focus returns to where it was. onClose may change on every render (the
 * latest is called); only open (and ref) re-run the effect, so a
 * re-render does not move focus.
 */
export function useDialog(ref: React.RefObject<HTMLElement | null>, onClose: () => void, open = true) {
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  useEffect(() => {
    if (!open) return;
    const prev = document.activeElement as HTMLElement | null;
    const el = ref.current;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    (el?.querySelector<HTMLElement>(FOCUSABLE) ?? el)?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        e.preventDefault();
        close.current();
        return;
      }
      keepFocusInside(e, el);
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.body.style.overflow = overflow;
      prev?.focus?.();
    };
  }, [ref, open]);
}
