// 'Bevaka sökningen': a button on the car list that opens a small dialog
// asking for an e-mail address and how often alerts may come, and saves
// the list as it is now (the address bar holds its state: filters, ranges,
// keyphrase, sort). The server mails a confirmation link (double opt-in).
import { lazy, Suspense, useRef, useState } from "react";
import { useT } from "../../../lib/page-context";
import type { BlockProps } from "../../../app/block-props";
import "../alerts.css";

const SaveSearchDialog = lazy(() => import("./save-search-dialog").then((m) => ({ default: m.SaveSearchDialog })));

/**
 * SaveSearch is the block beside the car list (component name SaveSearch):
 * a plain button, server-rendered, whose dialog loads on the first press.
 */
export function SaveSearch(_: BlockProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <div className="fc-container fc-save-search">
      <button ref={button} type="button" className="fc-button fc-button--secondary fc-save-search__open" aria-haspopup="dialog" aria-expanded={open}
        onClick={() => setOpen(true)}>
        <BellIcon />
        {t("alertsButton", "Bevaka sökningen")}
      </button>
      {open && (
        <Suspense fallback={null}>
          <SaveSearchDialog
            onClose={() => {
              setOpen(false);
              button.current?.focus();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

function BellIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 24 24">
      <path d="M12 3a6 6 0 0 0-6 6v3.6L4.3 16h15.4L18 12.6V9a6 6 0 0 0-6-6zm-2 15a2 2 0 0 0 4 0" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
    </svg>
  );
}
