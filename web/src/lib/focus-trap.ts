import type { KeyboardEvent } from "react";

/** FOCUSABLE selects the elements a keyboard user can tab to. */
export const FOCUSABLE = "a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex='-1'])";

/**
 * keepFocusInside wraps Tab and Shift+Tab around the focusable elements of
 * container, so focus stays in an open dialog. Call it from the dialog's
 * onKeyDown; other keys pass through.
 */
export function keepFocusInside(e: KeyboardEvent, container: HTMLElement | null): void {
  if (e.key !== "Tab" || !container) return;
  const els = Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE));
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
