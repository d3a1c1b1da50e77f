import { useEffect, useState } from "react";
import type { BlockProps } from "../../app/block-props";
import { RichText, Text, boolOf, textOf } from "../../lib/fields";
import { usePage, useT } from "../../lib/page-context";
import { setCookie } from "../../lib/cookies";

export const ALERT_TYPES = ["Warning", "Dark", "Light", "Neutral"] as const;
/** HIDE_ALERT_SECONDS is how long a dismissal lasts (one day). */
export const HIDE_ALERT_SECONDS = 24 * 60 * 60;
/** COLLAPSE_MS is the length of the collapse animation (global.css .fc-alert). */
export const COLLAPSE_MS = 250;

/** alertVisible is the spec's display rule: HasMessage, a type, and a title or text. */
export function alertVisible(fields: BlockProps["fields"]): boolean {
  const type = textOf(fields, "MessageType");
  return boolOf(fields, "HasMessage") && (ALERT_TYPES as readonly string[]).includes(type) && (textOf(fields, "MessageTitle") !== "" || textOf(fields, "MessageText") !== "");
}

/** AlertBar is the message bar at the top; every type but Warning can be dismissed for a day. */
export function AlertBar({ fields }: BlockProps) {
  const t = useT();
  const page = usePage();
  const type = textOf(fields, "MessageType");
  const dismissable = type !== "Warning";
  const [hidden, setHidden] = useState(dismissable && Boolean(page.flags?.hideAlert));
  const [collapsing, setCollapsing] = useState(false);
  useEffect(() => {
    setHidden(dismissable && Boolean(page.flags?.hideAlert));
  }, [dismissable, page.flags?.hideAlert]);
  if (!alertVisible(fields) || hidden) return null;
  const icon = textOf(fields, "MessageIcon") === "WarningAlert" ? <WarningIcon /> : <CampaignIcon />;
  return (
    <div className={`fc-alert fc-alert--${type.toLowerCase()}${collapsing ? " fc-alert--collapsing" : ""}`} role={type === "Warning" ? "alert" : "region"} aria-label={textOf(fields, "MessageTitle") || undefined}>
      <div className="fc-container fc-alert__inner">
        <span className="fc-alert__icon">{icon}</span>
        <div className="fc-alert__body">
          <Text fields={fields} name="MessageTitle" tag="strong" className="fc-alert__title" />
          <RichText fields={fields} name="MessageText" className="fc-alert__text" />
        </div>
        {dismissable && (
          <button
            type="button"
            className="fc-alert__close"
            aria-label={t("closeAlert", "Stäng meddelande")}
            onClick={() => {
              setCookie("hideAlert", "true", HIDE_ALERT_SECONDS);
              // Collapse smoothly, or at once for visitors who prefer reduced motion.
              if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) {
                setHidden(true);
                return;
              }
              setCollapsing(true);
              window.setTimeout(() => setHidden(true), COLLAPSE_MS);
            }}
          >
            <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16">
              <path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="2" />
            </svg>
          </button>
        )}
      </div>
    </div>
  );
}

function CampaignIcon() {
  return (
    <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20">
      <path d="M3 8v4h3l6 4V4L6 8H3zm12-1.5v7a4 4 0 000-7z" fill="currentColor" />
    </svg>
  );
}

function WarningIcon() {
  return (
    <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20">
      <path d="M10 2L1 18h18L10 2zm-1 6h2v5H9V8zm0 6h2v2H9v-2z" fill="currentColor" />
    </svg>
  );
}
