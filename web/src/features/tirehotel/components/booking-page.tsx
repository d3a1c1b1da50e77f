import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useOptionalPage, useT } from "../../../lib/page-context";
import { createBooking, getTimeslotDays, getTimeslots } from "../api/tirehotel-api";
import { ApiError } from "../../../lib/api-client";
import { FORM_NAME, reportError, track } from "../hooks/flow";
import { availableDays, canSubmit, dateWindow, EMAIL, FULL_DAY_TIME, longDate, missingFields, slotTimes } from "../rules";
import { isPhone } from "../../../lib/phone";
import type { Confirmation, Customer, Validated } from "../types";
import { LoadingOverlay } from "./loading-overlay";
import { PageHeading } from "./page-heading";
import { SubmitButton } from "./submit-button";

// The calendar (react-aria) loads with the booking page only, never with the
// rest of the site's pages.
const WheelCalendar = lazy(() => import("./wheel-calendar").then((m) => ({ default: m.WheelCalendar })));

type Days = { status: "loading" } | { status: "error" } | { status: "ready"; days: string[] };
type Slots = { status: "idle" } | { status: "loading" } | { status: "error" } | { status: "ready"; times: { label: string; value: string }[] };
/** Where focus goes once the next render has drawn it: a step's heading. */
type FocusTarget = "date" | "time" | "contact" | null;

const newKey = () => (typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

/**
 * BookingPage is the time-and-place page of the wheel change (spec §2.2,
 * §4.3): the dates, then the day's slots, then the contact form.
 */
export function BookingPage({ validated, onBack, onConfirmed, onUnauthorized }: {
  validated: Validated;
  onBack: () => void;
  onConfirmed: (c: Confirmation) => void;
  /** The server session ended (401): the container signs out. */
  onUnauthorized?: () => void;
}) {
  const t = useT();
  // National mobile numbers take the site's country prefix (lib/phone).
  const country = useOptionalPage()?.site.country ?? "";
  const id = useId();
  const vehicle = validated.vehicles[0];
  const loc = vehicle.location;
  const [days, setDays] = useState<Days>({ status: "loading" });
  const [date, setDate] = useState<string | null>(null);
  const [slots, setSlots] = useState<Slots>({ status: "idle" });
  const [time, setTime] = useState<string | null>(null);
  const [customer, setCustomer] = useState<Customer>({ firstName: "", lastName: "", email: "", phoneMobile: "" });
  const [comment, setComment] = useState("");
  const [reminder, setReminder] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState("");
  // The chosen time was booked by someone else meanwhile (409): said above
  // the times, outside the form, which hides until a new time is chosen.
  const [taken, setTaken] = useState(false);
  const [daysToken, setDaysToken] = useState(0);
  const [focusTo, setFocusTo] = useState<FocusTarget>(null);
  // The server asks before a second wheel change for the car this season.
  const [askSecond, setAskSecond] = useState(false);
  const idempotencyKey = useRef("");
  const expired = (err: unknown) => {
    if (err instanceof ApiError && err.status === 401 && onUnauthorized) {
      onUnauthorized();
      return true;
    }
    return false;
  };
  const formStarted = useRef(false);
  const slotRequest = useRef(0);

  // Choosing a date or a time removes the control that had focus (the
  // calendar, the slot list): focus moves to the heading of the step that
  // follows instead of falling back to the top of the page.
  useEffect(() => {
    if (!focusTo) return;
    const el = document.getElementById(`${id}-${focusTo}`);
    if (!el) return;
    setFocusTo(null);
    el.focus({ preventScroll: true });
    el.scrollIntoView?.({ block: "nearest" });
  });

  useEffect(() => {
    let live = true;
    getTimeslotDays(loc.erpId, { ...dateWindow(), regNo: vehicle.regNo })
      .then((answer) => {
        if (!live) return;
        setDays({ status: "ready", days: availableDays(answer) });
      })
      .catch((err) => {
        if (!live || expired(err)) return;
        reportError("timeslot_days", err);
        setDays({ status: "error" });
      });
    return () => {
      live = false;
    };
  }, [loc.erpId, vehicle.regNo, daysToken]);

  // After a taken time the days are fetched again: a chosen day that has
  // nothing left goes back to the calendar.
  useEffect(() => {
    if (days.status !== "ready" || date === null || days.days.includes(date)) return;
    slotRequest.current++;
    setDate(null);
    setSlots({ status: "idle" });
    setFocusTo("date");
  }, [days, date]);

  const loadSlots = (day: string) => {
    const n = ++slotRequest.current;
    setSlots({ status: "loading" });
    getTimeslots(loc.erpId, { startDate: day, endDate: day, regNo: vehicle.regNo })
      .then((answer) => n === slotRequest.current && setSlots({ status: "ready", times: slotTimes(answer) }))
      .catch((err) => {
        if (n !== slotRequest.current || expired(err)) return;
        reportError("timeslots", err);
        setSlots({ status: "error" });
      });
  };

  const chooseDate = (day: string) => {
    setDate(day);
    setTime(null);
    setSubmitError("");
    setTaken(false);
    setFocusTo("time");
    track("flow_interaction", { action: "choose_date" });
    loadSlots(day);
  };
  const changeDate = () => {
    slotRequest.current++;
    setDate(null);
    setTime(null);
    setSlots({ status: "idle" });
    setSubmitError("");
    setTaken(false);
    setFocusTo("date");
    track("flow_interaction", { action: "change_date" });
  };
  const chooseTime = (value: string) => {
    setTime(value);
    setSubmitError("");
    setTaken(false);
    setFocusTo("contact");
    track("flow_interaction", { action: "choose_time" });
  };
  const changeTime = () => {
    setTime(null);
    setSubmitError("");
    setFocusTo("time");
    track("flow_interaction", { action: "change_time" });
  };

  const slotsExist = slots.status === "ready" ? slots.times.length > 0 : true;
  const showForm = date !== null && slots.status === "ready" && (!slotsExist || time !== null);
  const ready = canSubmit({ date, time, slotsExist, customer }, country) && showForm;

  const set = (k: keyof Customer) => (e: { target: { value: string } }) => {
    if (!formStarted.current) {
      formStarted.current = true;
      track("form_interaction", { form_name: FORM_NAME, action: "start" });
    }
    // The mobile is kept as typed ("070-123 45 67"): the server stores it in E.164.
    const value = e.target.value;
    setCustomer((c) => ({ ...c, [k]: value }));
  };

  const submit = async (e: FormEvent, confirmSecond = false) => {
    e.preventDefault();
    if (!ready || submitting || !date) return;
    setSubmitting(true);
    setSubmitError("");
    setAskSecond(false);
    track("form_interaction", { form_name: FORM_NAME, action: "submit" });
    if (!idempotencyKey.current) idempotencyKey.current = newKey();
    const start = slotsExist ? time : null;
    try {
      const confirmation = await createBooking(
        loc.erpId,
        {
          bookingDate: start ?? `${date}T${FULL_DAY_TIME}`,
          bookingStart: start,
          regNo: vehicle.regNo,
          freeText: comment.trim(),
          customer: { firstName: customer.firstName.trim(), lastName: customer.lastName.trim(), email: customer.email.trim(), phoneMobile: customer.phoneMobile.trim() },
          ...(reminder ? { reminder: true } : {}),
          ...(confirmSecond ? { confirmSecond: true } : {}),
        },
        idempotencyKey.current,
      );
      track("purchase", {
        ecommerce: {
          transaction_id: confirmation.bookingConfirmationId,
          currency: "SEK",
          value: 0,
          items: (confirmation.services ?? []).map((s) => ({ item_name: s.name, price: 0, quantity: 1 })),
        },
      });
      onConfirmed(confirmation);
    } catch (err) {
      if (expired(err)) return;
      // Every failure goes to the error logger (spec §8), a taken time too.
      reportError("booking", err);
      idempotencyKey.current = "";
      setSubmitting(false);
      if (err instanceof ApiError && err.status === 409 && err.code === "TimeslotNotAvailable") {
        // The time was taken meanwhile: say so above the refreshed times
        // (the form hides until a new time is chosen, keeping what was
        // typed), and refresh the days too in case the day is now full.
        setTime(null);
        setTaken(true);
        setFocusTo("time");
        setDaysToken((n) => n + 1);
        loadSlots(date);
      } else if (err instanceof ApiError && err.fromServer) {
        setSubmitError(err.serverMessage);
        if (err.status === 409 && err.code === "Conflict") setAskSecond(true);
      } else {
        setSubmitError(t("thGenericError"));
      }
    }
  };

  const overlay =
    days.status === "loading" ? t("thLoadingDates") : slots.status === "loading" ? t("thLoadingSlots") : submitting ? t("thLoading") : "";

  return (
    <div className="fc-th-page">
      <PageHeading>{t("thBookingHeading")}</PageHeading>
      <p className="fc-th-place">
        <span className="fc-th-strong">{loc.locationName}</span>
        <span className="fc-th-muted"> · {loc.departmentName}</span>
      </p>

      <section className="fc-th-step" aria-labelledby={`${id}-date`}>
        <h3 id={`${id}-date`} tabIndex={-1}>{t("thStepDate")}</h3>
        {taken && date === null && <p className="fc-th-error" role="alert">{t("thTimeTaken")}</p>}
        {days.status === "error" && <p className="fc-th-error" role="alert">{t("thDatesError")}</p>}
        {days.status === "ready" && days.days.length === 0 && (
          <div className="fc-th-callout fc-th-callout--info" role="alert">
            <p>{t("thNoDates")}</p>
            <p className="fc-th-contact-links">
              {loc.phone && <a href={`tel:${loc.phone.replace(/[^\d+]/g, "")}`}>{loc.phone}</a>}
              {loc.email && <a href={`mailto:${loc.email}`}>{loc.email}</a>}
            </p>
          </div>
        )}
        {days.status === "ready" && days.days.length > 0 && date === null && (
          <div className="fc-th-cal-wrap">
            <Suspense fallback={<LoadingOverlay text={t("thLoadingDates")} />}>
              <WheelCalendar label={t("thCalendarLabel")} available={days.days} value={date} onChange={chooseDate} />
            </Suspense>
            <div className="fc-th-cal-aside">
              <p className="fc-th-legend"><span className="fc-th-legend__swatch" aria-hidden="true" />{t("thLegendAvailable")}</p>
              <p className="fc-th-muted">{t("thDropOffAt")}</p>
              <p className="fc-th-strong">{loc.locationName}</p>
              {loc.address && <p>{loc.address}</p>}
              {loc.phone && <p><a href={`tel:${loc.phone.replace(/[^\d+]/g, "")}`}>{loc.phone}</a></p>}
            </div>
          </div>
        )}
        {date !== null && (
          <div className="fc-th-chosen">
            <p><span className="fc-th-muted">{t("thChosenDate")}: </span><strong>{longDate(date)}</strong></p>
            <button type="button" className="fc-linklike" onClick={changeDate} disabled={submitting}>{t("thChangeDate")}</button>
          </div>
        )}
      </section>

      {date !== null && (
        <section className="fc-th-step" aria-labelledby={`${id}-time`}>
          <h3 id={`${id}-time`} tabIndex={-1}>{t("thStepTime")}</h3>
          {taken && <p className="fc-th-error" role="alert">{t("thTimeTaken")}</p>}
          {slots.status === "error" && <p className="fc-th-error" role="alert">{t("thSlotsError")}</p>}
          {slots.status === "ready" && slots.times.length === 0 && (
            <div className="fc-th-callout fc-th-callout--info">
              <p className="fc-th-strong">{t("thWorkshopSetsTime")}</p>
              <p>{t("thFullDayNote")}</p>
            </div>
          )}
          {slots.status === "ready" && slots.times.length > 0 && time === null && (
            <ul className="fc-th-slots" aria-label={`${t("thStepTime")}, ${longDate(date)}`}>
              {slots.times.map((s) => (
                <li key={s.value}>
                  <button type="button" className="fc-th-slot" onClick={() => chooseTime(s.value)}>{s.label}</button>
                </li>
              ))}
            </ul>
          )}
          {time !== null && (
            <div className="fc-th-chosen">
              <p><span className="fc-th-muted">{t("thChosenTime")}: </span><strong>{time.slice(11, 16)}</strong></p>
              <button type="button" className="fc-linklike" onClick={changeTime} disabled={submitting}>{t("thChangeTime")}</button>
            </div>
          )}
        </section>
      )}

      {showForm && (
        <section className="fc-th-step" aria-labelledby={`${id}-contact`}>
          <h3 id={`${id}-contact`} tabIndex={-1}>{t("thStepContact")}</h3>
          <form className="fc-th-form" onSubmit={submit} noValidate aria-labelledby={`${id}-contact`}>
            <div className="fc-th-form__row">
              <Field id={`${id}-fn`} label={t("thFirstName")}>
                <input id={`${id}-fn`} name="firstName" autoComplete="given-name" required value={customer.firstName} onChange={set("firstName")} disabled={submitting} />
              </Field>
              <Field id={`${id}-ln`} label={t("thLastName")}>
                <input id={`${id}-ln`} name="lastName" autoComplete="family-name" required value={customer.lastName} onChange={set("lastName")} disabled={submitting} />
              </Field>
            </div>
            <div className="fc-th-form__row">
              <Field id={`${id}-em`} label={t("thEmail")}>
                <input id={`${id}-em`} name="email" type="email" autoComplete="email" required value={customer.email} onChange={set("email")} disabled={submitting}
                  data-valid={EMAIL.test(customer.email.trim()) || undefined} />
              </Field>
              <Field id={`${id}-mo`} label={t("thMobile")}>
                <input id={`${id}-mo`} name="phoneMobile" type="tel" inputMode="tel" autoComplete="tel" required value={customer.phoneMobile} onChange={set("phoneMobile")} disabled={submitting}
                  data-valid={isPhone(customer.phoneMobile, country) || undefined} />
              </Field>
            </div>
            <Field id={`${id}-co`} label={t("thComment")}>
              <textarea id={`${id}-co`} name="freeText" rows={3} maxLength={500} value={comment} onChange={(e) => setComment(e.target.value)} disabled={submitting} />
            </Field>
            <div className="fc-th-check">
              <input id={`${id}-rm`} name="reminder" type="checkbox" checked={reminder} onChange={(e) => setReminder(e.target.checked)} disabled={submitting} />
              <label htmlFor={`${id}-rm`}>{t("thReminder", "Påminn mig inför nästa däckbyte")}</label>
            </div>
            <div className="fc-th-actions">
              <SubmitButton ready={ready} busy={submitting} missing={t("thMissingContact", { fields: missingFields(customer, country, t).join(", ") })} className="fc-button fc-button--primary">
                {t("thSubmit")}
              </SubmitButton>
            </div>
            {submitError && <p className="fc-th-error" role="alert">{submitError}</p>}
            {askSecond && (
              <button type="button" className="fc-button fc-button--secondary" onClick={(e) => submit(e, true)} disabled={submitting}>
                {t("thSecondConfirm", "Boka ett hjulskifte till ändå")}
              </button>
            )}
          </form>
        </section>
      )}

      <div className="fc-th-actions fc-th-actions--back">
        <button type="button" className="fc-button fc-button--secondary" onClick={onBack} disabled={submitting}>{t("thBack")}</button>
      </div>
      {overlay && <LoadingOverlay text={overlay} />}
    </div>
  );
}

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="fc-th-field">
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}
