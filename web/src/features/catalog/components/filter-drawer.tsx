// The mobile filter drawer: a modal dialog that moves focus in, traps Tab,
// closes on Escape and gives focus back to the button that opened it.
import { useEffect, useLayoutEffect, useRef, type ReactNode } from "react";

export function FilterDrawer({ open, title, closeLabel, onClose, footer, children }: { open: boolean; title: string; closeLabel: string; onClose: () => void; footer?: ReactNode; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  // The parent passes a new onClose on every render (each tick re-renders
  // the list); the effect below must run only when the drawer opens or
  // closes, or every tick would move focus back to the close button.
  const closeRef = useRef(onClose);
  useLayoutEffect(() => {
    closeRef.current = onClose;
  });
  useEffect(() => {
    if (!open) return;
    const back = document.activeElement as HTMLElement | null;
    const el = ref.current!;
    el.querySelector<HTMLElement>("button, input, select, [tabindex='0']")?.focus();
    const prevOverflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        e.preventDefault();
        closeRef.current();
        return;
      }
      if (e.key !== "Tab") return;
      const items = [...el.querySelectorAll<HTMLElement>("button, input, select, a[href], [tabindex='0']")].filter((x) => !x.hasAttribute("disabled") && x.offsetParent !== null);
      if (!items.length) return;
      const first = items[0];
      const last = items[items.length - 1];
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.body.style.overflow = prevOverflow;
      back?.focus?.();
    };
  }, [open]);
  if (!open) return null;
  return (
    <div className="fc-drawer" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div className="fc-drawer__panel" role="dialog" aria-modal="true" aria-labelledby="fc-drawer-title" ref={ref}>
        <div className="fc-drawer__head">
          <h2 id="fc-drawer-title">{title}</h2>
          <button type="button" className="fc-drawer__close" aria-label={closeLabel} onClick={onClose}>
            ×
          </button>
        </div>
        <div className="fc-drawer__body">{children}</div>
        {footer && <div className="fc-drawer__foot">{footer}</div>}
      </div>
    </div>
  );
}
