// BookingManage: /boka-service/hantera?token= — the page a confirmation
// (mail, page, text message) links to, for a service booking and a wheel
// change alike: the booking, 'Ändra tid' (a new free time at the same
// workshop with the same services; the server moves it in one
// transaction) and 'Avboka', and its calendar file.
import { useEffect, useRef, useState } from "react";
import type { BlockProps } from "../../../app/block-props";
import { usePage, useT } from "../../../lib/page-context";
import { ApiError } from "../api/booking-api";
import { cancelManaged, fetchManageDays, fetchManaged, moveBooking, type ManageDay, type ManageView } from "../api/manage-api";
import { addDays, formatSlot } from "../rules";
import "../booking.css";
import type { T } from "../../../lib/text";
import { useLatestCall } from "../../../lib/use-request";

/** WINDOW is how many days the time picker shows at once. */
const WINDOW = 7;

type Page =
  | { state: "loading" }
  | { state: "error"; code: string }
  | { state: "view"; b: ManageView; note?: string }
  | { state: "choosing"; b: ManageView; from: string; days: ManageDay[] | null; day?: string; time?: string; fullDay?: boolean; error?: string; busy?: boolean }
  | { state: "confirmCancel"; b: ManageView; busy?: boolean; error?: string };

function dayLabel(d: string): string {
  return new Intl.DateTimeFormat("sv-SE", { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" }).format(new Date(`${d}T12:00:00Z`));
}

export function BookingManage(_props: BlockProps) {
  const t = useT();
  const { query } = usePage();
  const [token, setToken] = useState(() => new URLSearchParams(query).get("token") ?? "");
  const [page, setPage] = useState<Page>({ state: "loading" });
  const headRef = useRef<HTMLHeadingElement>(null);
  const opening = useLatestCall();
  const windowDays = useLatestCall();

  useEffect(() => {
    if (!token) {
      setPage({ state: "error", code: "LinkInvalid" });
      return;
    }
    void opening.run((signal) => fetchManaged(token, signal)).then((o) => {
      if (!o) return;
      if (!o.ok) return setPage({ state: "error", code: o.error instanceof ApiError ? o.error.code : "ServerError" });
      // Later calls use the fresh link of the answer (the mail's may be an old one).
      setToken(o.value.token);
      setPage({ state: "view", b: o.value });
    });
    return opening.cancel;
    // Only the link the page opened with: later tokens come with answers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Load the days of the picker's window.
  const from = page.state === "choosing" ? page.from : "";
  useEffect(() => {
    if (page.state !== "choosing" || page.days !== null) return;
    void windowDays.run((signal) => fetchManageDays(token, page.from, addDays(page.from, WINDOW - 1), signal)).then((o) => {
      if (!o) return;
      if (o.ok) setPage((p) => (p.state === "choosing" && p.from === from ? { ...p, days: o.value } : p));
      else setPage((p) => (p.state === "choosing" ? { ...p, days: [], error: errorText(o.error) } : p));
    });
    return windowDays.cancel;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [from, page.state === "choosing" && page.days === null]);

  function errorText(err: unknown): string {
    if (err instanceof ApiError && err.code === "TimeslotNotAvailable") return t("bookingErrorTimeslot", "Tiden är inte tillgänglig, vänligen välj en annan tid");
    if (err instanceof ApiError && err.code === "RateLimited") return t("manageRateLimited", "För många försök. Vänta en stund och försök igen.");
    if (err instanceof ApiError && err.fromServer && err.status === 409) return err.serverMessage;
    return t("bookingErrorGeneric", "Något gick fel, försök igen");
  }

  function adopt(b: ManageView, note?: string) {
    // Keep a fresh link in the address, so a reload still opens the booking.
    setToken(b.token);
    const u = new URL(window.location.href);
    u.searchParams.set("token", b.token);
    window.history.replaceState(window.history.state, "", u);
    setPage({ state: "view", b, note });
    requestAnimationFrame(() => headRef.current?.focus());
  }

  async function confirmMove() {
    if (page.state !== "choosing" || !page.day || (!page.time && !page.fullDay)) return;
    const p = page;
    setPage({ ...p, busy: true, error: undefined });
    try {
      const b = await moveBooking(token, `${p.day}T${p.fullDay ? "08:00" : p.time}:00`, !!p.fullDay);
      adopt(b, t("manageMoved", "Tiden är ändrad. Vi har skickat en bekräftelse med en uppdaterad kalenderfil."));
    } catch (err) {
      const taken = err instanceof ApiError && err.code === "TimeslotNotAvailable";
      // Taken meanwhile: refresh the times and keep the chosen day.
      setPage({ ...p, busy: false, error: errorText(err), time: taken ? undefined : p.time, fullDay: taken ? false : p.fullDay, days: taken ? null : p.days });
    }
  }

  async function confirmCancel() {
    if (page.state !== "confirmCancel") return;
    const p = page;
    setPage({ ...p, busy: true, error: undefined });
    try {
      adopt(await cancelManaged(token), t("manageCancelledNote", "Din bokning är avbokad. Vi har skickat en bekräftelse."));
    } catch (err) {
      setPage({ ...p, busy: false, error: errorText(err) });
    }
  }

  const b = page.state === "loading" || page.state === "error" ? null : page.b;
  const heading = b?.flow === "wheelchange" ? t("manageHeadingWheel", "Ditt hjulskifte") : t("manageHeading", "Din bokning");
  const when = (x: ManageView) => (x.isFullDay ? `${formatSlot(x.timeSlot).replace(/ kl\. .*/, "")} – ${t("bookingFullDay", "heldag, lämna bilen före kl. 08:00")}` : formatSlot(x.timeSlot));

  return (
    <section className="fc-booking fc-booking-cancel fc-booking-manage">
      <div className="fc-container">
        <div className="fc-booking-cancel__inner">
          <h1 className="fc-booking-cancel__title" ref={headRef} tabIndex={-1}>
            {heading}
          </h1>
          {page.state === "loading" && (
            <p className="fc-booking-loading" role="status">
              <span className="fc-booking-spinner" aria-hidden="true" />
              {t("bookingSearching", "Söker…")}
            </p>
          )}
          {page.state === "error" && (
            <div role="alert" className="fc-booking__error">
              <p>
                {page.code === "LinkExpired"
                  ? t("manageLinkExpired", "Länken har gått ut. Använd länken i det senaste mejlet om bokningen, eller kontakta verkstaden.")
                  : t("bookingCancelMissing", "Bokningen hittades inte. Kontrollera länken i din bekräftelse.")}
              </p>
            </div>
          )}
          {b && (
            <>
              {page.state === "view" && page.note && (
                <p role="status" className="fc-booking-manage__note">
                  {page.note}
                </p>
              )}
              <dl className="fc-booking-confirmed__facts">
                <div>
                  <dt>{t("bookingReference", "Bokningsnummer")}</dt>
                  <dd className="fc-booking-confirmed__ref">{b.flow === "wheelchange" ? b.id.replace(/^BK-/, "WC-") : b.id}</dd>
                </div>
                <div>
                  <dt>{t("bookingCar", "Bil")}</dt>
                  <dd>{b.registrationNumber}</dd>
                </div>
                <div>
                  <dt>{t("bookingTime", "Tid")}</dt>
                  <dd>{b.status === "cancelled" ? <s>{when(b)}</s> : when(b)}</dd>
                </div>
                <div>
                  <dt>{t("bookingWorkshop", "Verkstad")}</dt>
                  <dd>
                    {b.siteName}
                    <br />
                    {b.address}
                    {b.phone && (
                      <>
                        <br />
                        <a href={`tel:${b.phone.replace(/[^0-9+]/g, "")}`}>{b.phone}</a>
                      </>
                    )}
                  </dd>
                </div>
                <div>
                  <dt>{t("bookingServices", "Tjänster")}</dt>
                  <dd>{b.services.map((s) => s.name).join(", ")}</dd>
                </div>
              </dl>
              {b.status === "cancelled" && (
                <div className="fc-booking-cancel__done">
                  <p>{t("bookingCancelled", "Din bokning är avbokad. Välkommen att boka en ny tid.")}</p>
                  <a className="fc-button fc-button--primary" href={b.flow === "wheelchange" ? "/dackhotell" : "/boka-service"}>
                    {t("bookingCancelBookNew", "Boka en ny tid")}
                  </a>
                </div>
              )}
              {page.state === "view" && b.status === "booked" && (
                <div className="fc-booking-actions">
                  {b.canChange && (
                    <button type="button" className="fc-button fc-button--primary" onClick={() => setPage({ state: "choosing", b, from: pickerStart(b), days: null })}>
                      {t("manageChange", "Ändra tid")}
                    </button>
                  )}
                  {b.canChange && (
                    <button type="button" className="fc-button fc-button--secondary" onClick={() => setPage({ state: "confirmCancel", b })}>
                      {t("manageCancel", "Avboka")}
                    </button>
                  )}
                  <a className="fc-booking-manage__ics" href={b.calendarUrl} download={`${b.id}.ics`}>
                    {t("manageAddToCalendar", "Lägg till i kalender")}
                  </a>
                </div>
              )}
              {page.state === "confirmCancel" && (
                <div className="fc-booking-manage__panel" role="group" aria-labelledby="fc-manage-cancel-q">
                  <p id="fc-manage-cancel-q">{t("manageCancelQuestion", "Vill du avboka {when}?", { when: when(b) })}</p>
                  <div className="fc-booking-actions">
                    <button type="button" className="fc-button fc-button--primary" onClick={confirmCancel} disabled={page.busy}>
                      {page.busy ? t("bookingCancelling", "Avbokar…") : t("manageCancelYes", "Ja, avboka")}
                    </button>
                    <button type="button" className="fc-button fc-button--secondary" onClick={() => setPage({ state: "view", b })} disabled={page.busy}>
                      {t("manageKeep", "Nej, behåll tiden")}
                    </button>
                  </div>
                  {page.error && (
                    <p role="alert" className="fc-booking__error">
                      {page.error}
                    </p>
                  )}
                </div>
              )}
              {page.state === "choosing" && (
                <TimePicker
                  p={page}
                  t={t}
                  onWindow={(f) => setPage({ ...page, from: f, days: null, day: undefined, time: undefined, fullDay: false, error: undefined })}
                  onDay={(d) => setPage({ ...page, day: d, time: undefined, fullDay: false, error: undefined })}
                  onTime={(time, fullDay) => setPage({ ...page, time, fullDay, error: undefined })}
                  onConfirm={confirmMove}
                  onBack={() => setPage({ state: "view", b })}
                />
              )}
            </>
          )}
        </div>
      </div>
    </section>
  );
}

/** pickerStart is the first day the picker shows: the booked day's week, not before the first bookable day. */
function pickerStart(b: ManageView): string {
  const first = b.firstDay ?? b.timeSlot.slice(0, 10);
  const booked = b.timeSlot.slice(0, 10);
  return booked > first ? booked : first;
}

type Choosing = Extract<Page, { state: "choosing" }>;

function TimePicker({
  p,
  t,
  onWindow,
  onDay,
  onTime,
  onConfirm,
  onBack,
}: {
  p: Choosing;
  t: T;
  onWindow: (from: string) => void;
  onDay: (d: string) => void;
  onTime: (time: string | undefined, fullDay: boolean) => void;
  onConfirm: () => void;
  onBack: () => void;
}) {
  const first = p.b.firstDay ?? p.from;
  const last = p.b.lastDay ?? p.from;
  const day = p.days?.find((d) => d.date === p.day);
  const current = p.b.timeSlot.slice(0, 10);
  return (
    <div className="fc-booking-manage__panel">
      <h2 className="fc-booking-manage__sub">{t("manageChooseTime", "Välj en ny tid")}</h2>
      <p className="fc-booking-manage__hint">{t("manageSameWorkshop", "Samma verkstad och samma tjänster. Din nuvarande tid är kvar tills du bekräftar den nya.")}</p>
      <div className="fc-booking-manage__nav">
        <button type="button" className="fc-button fc-button--secondary" disabled={p.from <= first} onClick={() => onWindow(addDays(p.from, -WINDOW) < first ? first : addDays(p.from, -WINDOW))}>
          {t("managePrevDays", "Tidigare dagar")}
        </button>
        <button type="button" className="fc-button fc-button--secondary" disabled={addDays(p.from, WINDOW) > last} onClick={() => onWindow(addDays(p.from, WINDOW))}>
          {t("manageNextDays", "Senare dagar")}
        </button>
      </div>
      {p.days === null ? (
        <p className="fc-booking-loading" role="status">
          <span className="fc-booking-spinner" aria-hidden="true" />
          {t("manageLoadingTimes", "Hämtar tider...")}
        </p>
      ) : (
        <ul className="fc-booking-manage__days" aria-label={t("manageDays", "Dagar")}>
          {p.days.map((d) => {
            const free = d.times.length > 0 || d.fullDay;
            return (
              <li key={d.date}>
                <button type="button" className="fc-booking-manage__day" aria-pressed={p.day === d.date} disabled={!free} onClick={() => onDay(d.date)}>
                  <span>{dayLabel(d.date)}</span>
                  <small>{free ? fillCount(t, d) : d.closed ? (d.closed === "closed" ? t("manageClosed", "Stängt") : d.closed) : t("bookingNoTimes", "Inga lediga tider")}</small>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {day && (
        <div role="group" aria-label={t("manageTimesOf", "Tider {day}", { day: dayLabel(day.date) })} className="fc-booking-manage__times">
          {day.times.map((time) => (
            <button key={time} type="button" className="fc-booking-manage__time" aria-pressed={!p.fullDay && p.time === time} onClick={() => onTime(time, false)}>
              {time}
              {day.date === current && p.b.timeSlot.slice(11, 16) === time && !p.b.isFullDay ? ` (${t("manageNow", "nu")})` : ""}
            </button>
          ))}
          {day.fullDay && (
            <button type="button" className="fc-booking-manage__time fc-booking-manage__time--day" aria-pressed={!!p.fullDay} onClick={() => onTime(undefined, true)}>
              {t("manageFullDay", "Heldag – lämna före 08:00")}
            </button>
          )}
        </div>
      )}
      {p.error && (
        <p role="alert" className="fc-booking__error">
          {p.error}
        </p>
      )}
      <div className="fc-booking-actions">
        <button type="button" className="fc-button fc-button--primary" disabled={!p.day || (!p.time && !p.fullDay) || p.busy} onClick={onConfirm}>
          {p.busy ? t("manageMoving", "Ändrar…") : t("manageConfirmMove", "Bekräfta ny tid")}
        </button>
        <button type="button" className="fc-button fc-button--secondary" onClick={onBack} disabled={p.busy}>
          {t("manageBack", "Tillbaka")}
        </button>
      </div>
    </div>
  );
}

function fillCount(t: T, d: ManageDay): string {
  const n = d.times.length + (d.fullDay ? 1 : 0);
  return t("manageFreeCount", "{n} lediga", { n: String(n) });
}
