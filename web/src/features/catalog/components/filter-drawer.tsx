// The mobile filter drawer: a modal dialog that moves focus in, traps Tab,
// closes on Escape and gives focus back to the button that opened it.
import { useRef, type ReactNode } from "react";
import { useDialog } from "../../../lib/use-dialog";

export function FilterDrawer({ open, title, closeLabel, onClose, footer, children }: { open: boolean; title: string; closeLabel: string; onClose: () => void; footer?: ReactNode; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  // The parent passes a new onClose on every render (each tick re-renders
  // the list); useDialog runs again only when the drawer opens or closes,
  // so a tick does not move focus back to the close button.
  useDialog(ref, onClose, open);
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
