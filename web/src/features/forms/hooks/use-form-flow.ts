import { useEffect, useRef, useState } from "react";
import { FormRateLimited, FormRejected, fieldErrors, useFormTicket, type FormTicket } from "../../../lib/comhub";
import { pushDataLayer } from "../../../lib/data-layer";

export type Flow = "idle" | "submitting" | "success" | "error" | "limited";

/** RESET_MS: a form resets this long after a successful submit (spec §4.4, §9). */
export const RESET_MS = 3000;

/**
 * useFormFlow is the life of one form: its ticket, honeypot, submit state,
 * field errors, the rate-limit wait, the data-layer events (start on the
 * first focus, invalid, lead, event_error) and the reset RESET_MS after
 * success. The reset clears the fields only: the thank-you stays until the
 * visitor leaves or sends again, so nobody who looked away
 * for three seconds wonders whether it was sent.
 */
export function useFormFlow(formName: string, fields: readonly string[], prefix: string, onReset: () => void, resetMs = RESET_MS) {
  const ticket: FormTicket = useFormTicket();
  const [flow, setFlow] = useState<Flow>("idle");
  const [errors, setErrors] = useState<string[]>([]);
  const [website, setWebsite] = useState("");
  const [limited, setLimited] = useState<FormRateLimited | null>(null);
  const started = useRef(false);
  const reset = useRef(onReset);
  reset.current = onReset;

  useEffect(() => {
    if (flow !== "success") return;
    const timer = window.setTimeout(() => {
      reset.current();
      setErrors([]);
    }, resetMs);
    return () => window.clearTimeout(timer);
  }, [flow, resetMs]);

  const onFocus = () => {
    if (started.current) return;
    started.current = true;
    pushDataLayer({ event: "form_interaction", form_name: formName, action: "start" });
  };

  /** invalid records client-side errors (nothing is sent). */
  const invalid = (bad: string[]) => {
    setErrors(bad);
    if (bad.length) pushDataLayer({ event: "form_interaction", form_name: formName, action: "invalid", fields: bad.join(",") });
    return bad.length > 0;
  };

  /** run posts through send; lead is the data-layer lead event pushed on success. */
  const run = async (send: (t: FormTicket, website: string) => Promise<unknown>, lead: Record<string, unknown>) => {
    setFlow("submitting");
    setLimited(null);
    try {
      await send(ticket, website);
      setFlow("success");
      pushDataLayer({ event: "lead", form_name: formName, ...lead });
      return true;
    } catch (err) {
      if (err instanceof FormRateLimited) {
        setLimited(err);
        setFlow("limited");
        pushDataLayer({ event: "event_error", error: "FORM_RATE_LIMITED", form_name: formName });
        return false;
      }
      if (err instanceof FormRejected) {
        const bad = fieldErrors(err, prefix, fields);
        if (bad.length) {
          setErrors(bad);
          setFlow("idle");
          pushDataLayer({ event: "form_interaction", form_name: formName, action: "rejected", fields: bad.join(",") });
          return false;
        }
      }
      console.error(prefix === "answers." ? "FORM_SUBMISSION_FAILED_JOTFORM" : "FORM_SUBMISSION_FAILED", formName, err);
      pushDataLayer({ event: "event_error", error: prefix === "answers." ? "FORM_SUBMISSION_FAILED_JOTFORM" : "FORM_SUBMISSION_FAILED", form_name: formName });
      setFlow("error");
      return false;
    }
  };

  return { flow, errors, setErrors, website, setWebsite, limited, onFocus, invalid, run, busy: flow === "submitting" };
}
