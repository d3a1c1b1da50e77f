// Pieces every form shares: the labelled field with its error and hint,
// the honeypot people never see, the 429 text and the one-line cleaner.
import type { ReactNode } from "react";
import { FormRateLimited } from "../../lib/comhub";
import "./form-kit.css";
import type { T } from "../../lib/text";

/** FormField is a label, the control, a hint and the field's error (ids for aria-describedby: `${id}-err`, `${id}-hint`). */
export function FormField({ id, label, error, hint, required, children, className }: {
  id: string; label: ReactNode; error?: string; hint?: ReactNode; required?: boolean; children: ReactNode; className?: string;
}) {
  return (
    <div className={`fc-form__field${error ? " is-invalid" : ""}${className ? ` ${className}` : ""}`}>
      <label htmlFor={id}>{label}{required && <span className="fc-form__req" aria-hidden="true"> *</span>}</label>
      {children}
      {hint && <p className="fc-form__hint" id={`${id}-hint`}>{hint}</p>}
      {error && <p className="fc-form__error" id={`${id}-err`}>{error}</p>}
    </div>
  );
}

/** describedBy joins the ids of a field's hint and error for aria-describedby. */
export function describedBy(id: string, error?: string, hint?: boolean): string | undefined {
  const ids = [hint ? `${id}-hint` : "", error ? `${id}-err` : ""].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

/**
 * Honeypot is the field only bots fill in: off screen, hidden from
 * assistive technology and out of the tab order. Its value goes to the
 * server as "website".
 */
export function Honeypot({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  return (
    <div aria-hidden="true" className="fc-form__hp">
      <label>
        Website <input name="website" type="text" tabIndex={-1} autoComplete="off" value={value} onChange={(e) => onChange(e.target.value)} />
      </label>
    </div>
  );
}

/** rateLimitText is the visitor's message for a 429: the dictionary text with the wait in minutes. */
export function rateLimitText(t: T, err: FormRateLimited): string {
  return t("formRateLimited", "You have sent too many forms. Please try again in {minutes} minutes.", { minutes: err.minutes });
}

/** oneLine removes line breaks, tabs and other control characters from a one-line field as it is typed. */
export function oneLine(v: string): string {
  // eslint-disable-next-line no-control-regex
  return v.replace(/[\u0000-\u001f\u007f]+/g, " ");
}

/** The shared text rules (the same as the server's). */
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
