import { keepFocusInside } from "../../lib/use-dialog";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { createPortal } from "react-dom";
import type { BlockProps } from "../../app/block-props";
import { RichText, linkOf, textOf } from "../../lib/fields";
import { useT } from "../../lib/page-context";
import "./disclaimer-modal.css";

/** Where an approval is remembered: localStorage and a one-year cookie. */
export const APPROVAL_DAYS = 365;

export function storageKeyOf(key: string): string {
  return `fc-disclaimer-${key.replace(/[^A-Za-z0-9_-]/g, "")}`;
}

function isApproved(key: string): boolean {
  try {
    if (window.localStorage.getItem(key) === "approved") return true;
  } catch {
    /* storage blocked: fall back to the cookie */
  }
  return document.cookie.split("; ").some((c) => c === `${key}=1`);
}

function remember(key: string) {
  try {
    window.localStorage.setItem(key, "approved");
  } catch {
    /* storage blocked */
  }
  document.cookie = `${key}=1; path=/; max-age=${APPROVAL_DAYS * 86400}; samesite=lax`;
}

type State = "checking" | "open" | "approved";

/**
 * DisclaimerModal asks the visitor to approve a disclaimer (Title, Text)
 * before using the page. It is shown until approved; approval is
 * remembered per StorageKey (default: the component uid). Decline is a link
 * to DeclineLink (default the home page). The dialog is modal: focus
 * moves into it and Tab cycles inside; the rest of the page is inert.
 * Nothing is rendered on the server (the choice lives in the browser).
 */
export function DisclaimerModal({ rendering, fields }: BlockProps) {
  const t = useT();
  const key = storageKeyOf(textOf(fields, "StorageKey") || rendering.uid);
  const [state, setState] = useState<State>("checking");
  const dialogRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    setState(isApproved(key) ? "approved" : "open");
  }, [key]);
  useEffect(() => {
    if (state !== "open") return;
    const before = document.activeElement as HTMLElement | null;
    const others = Array.from(document.body.children).filter((el) => !el.contains(dialogRef.current) && el.tagName !== "SCRIPT");
    others.forEach((el) => el.setAttribute("inert", ""));
    const prevOverflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    dialogRef.current?.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    return () => {
      others.forEach((el) => el.removeAttribute("inert"));
      document.body.style.overflow = prevOverflow;
      before?.focus?.();
    };
  }, [state]);
  if (state !== "open") return null;
  const decline = linkOf(fields, "DeclineLink");
  const onKey = (e: KeyboardEvent) => keepFocusInside(e, dialogRef.current);
  return createPortal(
    <div className="fc-disclaimer__backdrop">
      <div ref={dialogRef} className="fc-disclaimer" role="dialog" aria-modal="true" aria-labelledby={`${key}-title`} aria-describedby={`${key}-text`} onKeyDown={onKey}>
        <h2 id={`${key}-title`} className="fc-disclaimer__title" tabIndex={-1} data-autofocus>
          {textOf(fields, "Title") || t("disclaimerTitle", "Innan du fortsätter")}
        </h2>
        <div id={`${key}-text`} className="fc-disclaimer__text">
          <RichText fields={fields} name="Text" />
        </div>
        <div className="fc-disclaimer__actions">
          <button
            type="button"
            className="fc-button fc-button--primary"
            onClick={() => {
              remember(key);
              setState("approved");
            }}
          >
            {textOf(fields, "ApproveText") || t("approve", "Jag godkänner")}
          </button>
          <a className="fc-button fc-button--secondary" href={decline?.href || "/"}>
            {textOf(fields, "DeclineText") || decline?.text || t("decline", "Nej tack")}
          </a>
        </div>
      </div>
    </div>,
    document.body,
  );
}
