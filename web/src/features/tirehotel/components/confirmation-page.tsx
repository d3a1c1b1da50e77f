import { useId, useState, type FormEvent } from "react";
import { usePage, useT } from "../../../lib/page-context";
import { addReview } from "../api/tirehotel-api";
import { reportError, track } from "../hooks/flow";
import { COMMENT_MAX, hhmm, longDate, mapsLink, RATING_MAX } from "../rules";
import type { Confirmation } from "../types";
import { PageHeading } from "./page-heading";

/** ConfirmationPage: the booking's summary, the rating widget and the way on (spec §2.2). */
export function ConfirmationPage({ confirmation: c, onOtherCar }: { confirmation: Confirmation; onOtherCar: () => void }) {
  const t = useT();
  const home = usePage().site.homePath || "/";
  const w = c.workshop;
  const day = c.appointmentTime.slice(0, 10);
  const when = c.isFullDay ? `${longDate(day)}, ${t("thFullDay")}` : `${longDate(day)} kl. ${hhmm(c.appointmentTime)}`;
  return (
    <div className="fc-th-page">
      <div className="fc-th-done">
        <span className="fc-th-done__icon" aria-hidden="true">
          <svg width="28" height="28" viewBox="0 0 24 24"><path fill="none" stroke="currentColor" strokeWidth="2.5" d="m5 12.5 4.5 4.5L19 7.5" /></svg>
        </span>
        <div>
          <PageHeading>{t("thConfirmHeading")}</PageHeading>
          <p>{t("thConfirmText", { email: c.customerBase.email })}</p>
        </div>
      </div>
      <div className="fc-th-cards">
        <section className="fc-th-card" aria-labelledby="fc-th-summary">
          <h3 id="fc-th-summary">{t("thBookingId")}: <span className="fc-th-ref">{c.bookingConfirmationId}</span></h3>
          <dl className="fc-th-dl fc-th-dl--stack">
            <dt>{t("thService")}</dt>
            <dd>{c.services.map((s) => s.name).join(", ")}</dd>
            <dt>{t("thDateTime")}</dt>
            <dd>{when}</dd>
            {c.freeText && (<><dt>{t("thCommentShort")}</dt><dd>{c.freeText}</dd></>)}
            <dt>{t("thCustomer")}</dt>
            <dd>
              {c.customerBase.firstName} {c.customerBase.lastName}<br />
              {c.customerBase.email}<br />
              {c.customerBase.phoneMobile}
            </dd>
          </dl>
        </section>
        <section className="fc-th-card" aria-labelledby="fc-th-conf-workshop">
          <h3 id="fc-th-conf-workshop">{t("thWorkshop")}</h3>
          <p className="fc-th-strong">{w.name}</p>
          <p><a href={mapsLink(w.name, w.address)} target="_blank" rel="noopener noreferrer">{w.address}<span className="fc-visually-hidden"> {t("external")}</span></a></p>
          <dl className="fc-th-dl">
            {w.phoneNumber && (<><dt>{t("thPhone")}</dt><dd><a href={`tel:${w.phoneNumber.replace(/[^\d+]/g, "")}`}>{w.phoneNumber}</a></dd></>)}
            {w.email && (<><dt>{t("thEmail")}</dt><dd><a href={`mailto:${w.email}`}>{w.email}</a></dd></>)}
          </dl>
        </section>
      </div>
      {(c.manageUrl || c.calendarUrl) && (
        <div className="fc-th-actions">
          {c.manageUrl && <a className="fc-button fc-button--secondary" href={c.manageUrl}>{t("manageChangeOrCancel", "Ändra tid eller avboka")}</a>}
          {c.calendarUrl && <a className="fc-button fc-button--secondary" href={c.calendarUrl} download={`${c.bookingConfirmationId}.ics`}>{t("manageAddToCalendar", "Lägg till i kalender")}</a>}
        </div>
      )}
      <Rating bookingId={c.bookingConfirmationId} />
      <div className="fc-th-actions">
        <a className="fc-button fc-button--primary" href={home}>{t("thHome")}</a>
        <button type="button" className="fc-button fc-button--secondary" onClick={onOtherCar}>{t("thOtherCar")}</button>
      </div>
    </div>
  );
}

/**
 * Rating: stars 1–5 with a hover preview; after sending the thanks text
 * replaces the inputs, even when the call fails (spec §4.3, §7).
 */
export function Rating({ bookingId }: { bookingId: string }) {
  const t = useT();
  const id = useId();
  const [rating, setRating] = useState(0);
  const [hover, setHover] = useState(0);
  const [comment, setComment] = useState("");
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const shown = hover || rating;

  const send = async (e: FormEvent) => {
    e.preventDefault();
    if (rating === 0 || sending) return;
    setSending(true);
    track("flow_interaction", { action: "rating", rating });
    try {
      await addReview({ rating, comment: comment.trim().slice(0, COMMENT_MAX), date: new Date().toISOString(), bookingConfirmationId: bookingId });
    } catch (err) {
      reportError("review", err);
    }
    setSending(false);
    setSent(true);
  };

  return (
    <section className="fc-th-rating" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>{t("thRateHeading")}</h3>
      {sent ? (
        <p className="fc-th-notice" role="status">{t("thRateThanks")}</p>
      ) : (
        <form onSubmit={send} noValidate aria-labelledby={`${id}-h`}>
          <fieldset className="fc-th-stars" onMouseLeave={() => setHover(0)}>
            <legend>{t("thRateLegend")}</legend>
            {Array.from({ length: RATING_MAX }, (_, i) => i + 1).map((n) => (
              <label key={n} className={`fc-th-star${n <= shown ? " is-on" : ""}`} onMouseEnter={() => setHover(n)}>
                <input type="radio" name={`${id}-rating`} value={n} checked={rating === n} onChange={() => setRating(n)} className="fc-visually-hidden" disabled={sending} />
                <svg aria-hidden="true" width="36" height="36" viewBox="0 0 24 24"><path d="M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4L2.8 9.5l6.4-.8z" /></svg>
                <span className="fc-visually-hidden">{t("thStar", { n: String(n) })}</span>
              </label>
            ))}
          </fieldset>
          <div className="fc-th-field">
            <label htmlFor={`${id}-c`}>{t("thRateComment")}</label>
            <textarea id={`${id}-c`} rows={3} maxLength={COMMENT_MAX} value={comment} onChange={(e) => setComment(e.target.value)} disabled={sending} />
          </div>
          <button type="submit" className="fc-button fc-button--primary" disabled={rating === 0 || sending}>{t("thRateSend")}</button>
        </form>
      )}
    </section>
  );
}
