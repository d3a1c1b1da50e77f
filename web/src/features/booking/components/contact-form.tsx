// The contact form of step 4 and the book button (spec §5: all fields
// required, phone 6–20 of an optional plus, digits and spaces, free text max 80).
import { useRef, useState, type FormEvent } from "react";
import { pushDataLayer } from "../../../lib/data-layer";
import { useOptionalPage } from "../../../lib/page-context";
import { contactErrors, MESSAGE_MAX, type ContactValues } from "../rules";
import type { T } from "../../../lib/text";


/** The contact form's heading: focus moves to it once a time is chosen. */
export const CONTACT_HEADING_ID = "fc-booking-contact-heading";

const FIELDS: { name: keyof ContactValues; label: string; type: string; auto: string }[] = [
  { name: "firstName", label: "bookingFirstName", type: "text", auto: "given-name" },
  { name: "lastName", label: "bookingLastName", type: "text", auto: "family-name" },
  { name: "phone", label: "bookingPhone", type: "tel", auto: "tel" },
  { name: "email", label: "bookingEmail", type: "email", auto: "email" },
];

export function ContactForm({
  values,
  onChange,
  reminder = false,
  onReminder,
  onBook,
  canBook,
  busy,
  error,
  chosen = "",
  t,
}: {
  values: ContactValues;
  onChange: (v: Partial<ContactValues>) => void;
  /** The reminder opt-in (unticked by default). */
  reminder?: boolean;
  onReminder?: (on: boolean) => void;
  onBook: () => void;
  canBook: boolean;
  busy: boolean;
  error: string;
  /** The chosen time in words, shown under the heading (focus lands on the heading once a time is chosen). */
  chosen?: string;
  t: T;
}) {
  const [touched, setTouched] = useState<Partial<Record<keyof ContactValues, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const started = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  // National phone numbers take the site's country prefix (lib/phone).
  const country = useOptionalPage()?.site.country ?? "";
  const errors = contactErrors(values, t, country);
  const show = (k: keyof ContactValues) => (submitted || touched[k]) && errors[k];

  function start() {
    if (started.current) return;
    started.current = true;
    pushDataLayer({ event: "form_interaction", form_name: "serviceBooking", action: "start" });
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (busy) return;
    const bad = Object.keys(errors) as (keyof ContactValues)[];
    if (bad.length) {
      pushDataLayer({ event: "form_interaction", form_name: "serviceBooking", action: "invalid", fields: bad.join(",") });
      formRef.current?.querySelector<HTMLInputElement>(`[name="${bad[0]}"]`)?.focus();
      return;
    }
    onBook();
  }

  return (
    <form ref={formRef} className="fc-booking-contact" onSubmit={submit} noValidate>
      <h3 className="fc-booking-subheading fc-booking-contact__heading" id={CONTACT_HEADING_ID} tabIndex={-1} aria-describedby={chosen ? `${CONTACT_HEADING_ID}-t` : undefined}>
        {t("bookingContactHeading")}
      </h3>
      {chosen && (
        <p className="fc-booking-contact__chosen" id={`${CONTACT_HEADING_ID}-t`}>
          {t("bookingChosenTime", "Vald tid: {time}", { time: chosen })}
        </p>
      )}
      <div className="fc-booking-contact__grid">
        {FIELDS.map((f) => (
          <div key={f.name} className="fc-booking-field">
            <label className="fc-booking-label" htmlFor={`fc-booking-${f.name}`}>
              {t(f.label)}
            </label>
            <input
              id={`fc-booking-${f.name}`}
              name={f.name}
              type={f.type}
              autoComplete={f.auto}
              required
              className="fc-booking-input"
              value={values[f.name]}
              maxLength={f.name === "phone" ? 20 : 120}
              aria-invalid={show(f.name) ? true : undefined}
              aria-describedby={show(f.name) ? `fc-booking-${f.name}-e` : undefined}
              onFocus={start}
              onBlur={() => setTouched((x) => ({ ...x, [f.name]: true }))}
              onChange={(e) => onChange({ [f.name]: e.target.value })}
            />
            {show(f.name) && (
              <p id={`fc-booking-${f.name}-e`} className="fc-booking-field__error">
                {errors[f.name]}
              </p>
            )}
          </div>
        ))}
        <div className="fc-booking-field fc-booking-field--wide">
          <label className="fc-booking-label" htmlFor="fc-booking-freeText">
            {t("bookingFreeText")}
          </label>
          <textarea
            id="fc-booking-freeText"
            name="freeText"
            className="fc-booking-input fc-booking-textarea"
            rows={2}
            maxLength={MESSAGE_MAX}
            value={values.freeText}
            aria-describedby="fc-booking-freeText-c"
            onFocus={start}
            onChange={(e) => onChange({ freeText: e.target.value.slice(0, MESSAGE_MAX) })}
          />
          <div className="fc-booking-counter" id="fc-booking-freeText-c">
            {`${values.freeText.length}/${MESSAGE_MAX}`}
          </div>
        </div>
        {onReminder && (
          <div className="fc-booking-reminder">
            <input id="fc-booking-reminder" name="reminder" type="checkbox" checked={reminder} onChange={(e) => onReminder(e.target.checked)} />
            <label htmlFor="fc-booking-reminder">{t("bookingReminder", "Påminn mig när det är dags för nästa service")}</label>
          </div>
        )}
      </div>
      <div className="fc-booking-actions fc-booking-actions--book">
        <button type="submit" className="fc-button fc-button--primary fc-booking-book" disabled={!canBook || busy} aria-describedby={error ? "fc-booking-book-error" : undefined}>
          {busy ? t("bookingSubmitting") : t("bookingSubmit")}
        </button>
        {!canBook && !error && <p className="fc-booking__hint">{t("bookingChooseTimeFirst")}</p>}
      </div>
      {error && (
        <p id="fc-booking-book-error" role="alert" className="fc-booking__error fc-booking__error--book">
          {error}
        </p>
      )}
    </form>
  );
}
