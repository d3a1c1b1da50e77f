// The calendar's two views. A day lists its times (each with its capacity
// and how much of it is used) and the bookings that start in each; a week
// shows seven such days side by side on a desktop and one under the other
// on a phone. A booking is a button that opens its detail.
import { level, slotRows, timeOf, usage } from "../calendar";
import { carName, formatDate, kindLabel, type Lang, type Texts } from "../texts";
import type { Booking, Calendar, Day, Slot } from "../types";

export interface ViewProps {
  calendar: Calendar;
  lang: Lang;
  t: Texts;
  fresh: string[];
  onOpen: (b: Booking) => void;
}

export function DayView({ calendar, lang, t, fresh, onOpen }: ViewProps) {
  const day = calendar.days[0];
  if (!day) return null;
  return (
    <div className="ws-day">
      <DaySummary day={day} bookings={calendar.bookings} t={t} />
      <DayTimes day={day} bookings={calendar.bookings} lang={lang} t={t} fresh={fresh} onOpen={onOpen} compact={false} />
    </div>
  );
}

export function WeekView({ calendar, lang, t, fresh, onOpen, onDay }: ViewProps & { onDay: (date: string) => void }) {
  return (
    <div className="ws-week">
      {calendar.days.map((day) => {
        const id = `ws-day-${day.date}`;
        return (
          <section key={day.date} className={`ws-week__day${day.closed ? " is-closed" : ""}`} aria-labelledby={id}>
            <h3 id={id} className="ws-week__heading">
              <button type="button" className="ws-linkbutton" onClick={() => onDay(day.date)}>
                {formatDate(lang, day.date, "short")}
              </button>
            </h3>
            <DaySummary day={day} bookings={calendar.bookings} t={t} />
            <DayTimes day={day} bookings={calendar.bookings} lang={lang} t={t} fresh={fresh} onOpen={onOpen} compact />
          </section>
        );
      })}
    </div>
  );
}

function DaySummary({ day, bookings, t }: { day: Day; bookings: Booking[]; t: Texts }) {
  const n = bookings.filter((b) => b.start.startsWith(day.date) && b.status !== "cancelled").length;
  if (day.closed) return <p className="ws-summary ws-summary--closed">{t.closedReason(day.reason)}</p>;
  const u = usage(day);
  return (
    <p className="ws-summary">
      <span>{day.open}–{day.close}</span>
      <span>{t.bookings(n)}</span>
      {u.capacity > 0 && <span>{t.dayUse(u.used, u.capacity)}</span>}
      {day.reason && <span className="ws-summary__note">{day.reason}</span>}
    </p>
  );
}

function DayTimes({ day, bookings, lang, t, fresh, onOpen, compact }: { day: Day; bookings: Booking[]; lang: Lang; t: Texts; fresh: string[]; onOpen: (b: Booking) => void; compact: boolean }) {
  const { rows, outside, fullDay } = slotRows(day, bookings);
  const dropOff = day.fullDay && day.fullDay.capacity > 0 ? day.fullDay : null;
  if (rows.length === 0 && outside.length === 0 && fullDay.length === 0) return compact ? null : <p className="ws-empty">{day.closed ? t.closed : t.noTimes}</p>;
  return (
    <ol className={`ws-times${compact ? " ws-times--compact" : ""}`} aria-label={`${t.time}, ${formatDate(lang, day.date, "weekday")}`}>
      {(fullDay.length > 0 || dropOff) && (
        <li className="ws-time ws-time--fullday">
          <div className="ws-time__head">
            <span className="ws-time__label">{t.fullDay}</span>
            {dropOff && <Capacity slot={dropOff} t={t} />}
          </div>
          {fullDay.length > 0 && <BookingList bookings={fullDay} t={t} fresh={fresh} onOpen={onOpen} compact={compact} />}
        </li>
      )}
      {outside.length > 0 && (
        <li className="ws-time">
          <div className="ws-time__head">
            <span className="ws-time__label">{t.outsideHours}</span>
          </div>
          <BookingList bookings={outside} t={t} fresh={fresh} onOpen={onOpen} compact={compact} />
        </li>
      )}
      {rows.map(({ slot, bookings: list }) => (
        <li key={slot.start} className={`ws-time${list.length === 0 && (level(slot) === "free" || slot.capacity + slot.used === 0) ? " is-idle" : ""}`}>
          <div className="ws-time__head">
            <span className="ws-time__label">{timeOf(slot.start)}</span>
            <Capacity slot={slot} t={t} />
          </div>
          {list.length > 0 && <BookingList bookings={list} t={t} fresh={fresh} onOpen={onOpen} compact={compact} />}
        </li>
      ))}
    </ol>
  );
}

function Capacity({ slot, t }: { slot: Pick<Slot, "used" | "capacity">; t: Texts }) {
  const lv = level(slot);
  const pct = slot.capacity > 0 ? Math.min(100, Math.round((slot.used / slot.capacity) * 100)) : 100;
  return (
    <span className={`ws-cap ws-cap--${lv}`}>
      <span className="ws-cap__bar" aria-hidden="true">
        <span className="ws-cap__fill" style={{ width: `${pct}%` }} />
      </span>
      <span className="ws-cap__text" title={t.used(slot.used, slot.capacity)}>
        <span aria-hidden="true">{t.usedShort(slot.used, slot.capacity)}</span>
        <span className="ws-sr">{t.used(slot.used, slot.capacity)}</span>
      </span>
    </span>
  );
}

function BookingList({ bookings, t, fresh, onOpen, compact }: { bookings: Booking[]; t: Texts; fresh: string[]; onOpen: (b: Booking) => void; compact: boolean }) {
  return (
    <ul className="ws-bookings">
      {bookings.map((b) => (
        <li key={b.id} className={b.kind === "testdrive" ? "ws-bookings__testdrive" : undefined}>
          <BookingCard booking={b} t={t} isFresh={fresh.includes(b.id)} onOpen={onOpen} compact={compact} />
          {b.testDrive?.url && <CarLink booking={b} t={t} className="ws-card__carlink" />}
        </li>
      ))}
    </ul>
  );
}

/** CarLink opens a test drive's car on the site, in a new tab (the calendar stays). */
export function CarLink({ booking: b, t, className }: { booking: Booking; t: Texts; className?: string }) {
  if (!b.testDrive?.url) return null;
  return (
    <a className={className} href={b.testDrive.url} target="_blank" rel="noopener noreferrer" aria-label={t.carPageOf(`${b.car.regno} ${carName(b)}`.trim())}>
      {t.carPage} <span aria-hidden="true">↗</span>
    </a>
  );
}

export function BookingCard({ booking: b, t, isFresh, onOpen, compact }: { booking: Booking; t: Texts; isFresh: boolean; onOpen: (b: Booking) => void; compact: boolean }) {
  const car = [b.car.brand, b.car.model].filter(Boolean).join(" ");
  const testDrive = b.kind === "testdrive";
  // A test drive's one item is the visit itself: the card says what it is instead.
  const services = testDrive ? "" : b.services.map((s) => s.name).join(", ") || kindLabel(b.kind, t);
  return (
    <button type="button" className={`ws-card ws-card--${b.status}${testDrive ? " ws-card--testdrive" : ""}${isFresh ? " is-fresh" : ""}${compact ? " ws-card--compact" : ""}`} onClick={() => onOpen(b)} data-booking={b.id} data-kind={b.kind}>
      <span className="ws-card__top">
        <span className="ws-card__time">{b.fullDay ? t.fullDay : `${timeOf(b.start)}–${timeOf(b.end)}`}</span>
        {testDrive && <span className="ws-badge ws-badge--testdrive">{t.kindTestDrive}</span>}
        <span className={`ws-badge ws-badge--${b.status}`}>{t.status[b.status]}</span>
        {isFresh && <span className="ws-badge ws-badge--new">{t.newMark}</span>}
      </span>
      <span className="ws-card__car">
        <span className="ws-plate">{b.car.regno}</span> {car}
      </span>
      {services && <span className="ws-card__services">{services}</span>}
      {!compact && <span className="ws-card__customer">{b.customer.name}{b.customer.phone ? ` · ${b.customer.phone}` : ""}</span>}
      {compact && <span className="ws-card__customer">{b.customer.name}</span>}
    </button>
  );
}
