// The week calendar of step 4: 7-day weeks as tabs (react-aria Tabs), 4 tabs
// a window, more weeks loaded when fewer than 2 loaded weeks remain after the
// chosen one; each day lists its free times, the full-day 08:00 drop-off,
// 'Inga lediga tider' when fully booked, or 'Stängt' / the holiday's name
// when the workshop is closed (spec §4.1, §9). On phones each day is one
// row whose times scroll sideways (booking.css), so a week fits a screen.
import { useEffect, useRef, useState } from "react";
import { today } from "@internationalized/date";
import { Tab, TabList, TabPanel, Tabs } from "react-aria-components";
import { fetchWeek } from "../api/booking-api";
import { addDays, formatDay } from "../rules";
import type { Load, WeekDay } from "../types";
import type { T } from "../../../lib/text";


export const WEEK_DAYS = 7;
export const TABS_PER_WINDOW = 4;
export const MAX_WEEKS = 12;
export const FULL_DAY_TIME = "08:00";

const rangeFmt = new Intl.DateTimeFormat("sv-SE", { day: "numeric", month: "short", timeZone: "UTC" });
function short(date: string): string {
  const [y, m, d] = date.split("-").map(Number);
  return rangeFmt.format(new Date(Date.UTC(y, m - 1, d)));
}

/**
 * calendarStart is the first day the calendar shows: the workshop's first
 * free day when the list gave one and it is not before today, else today.
 */
export function calendarStart(today: string, firstTimeSlot?: string | null): string {
  const first = /^\d{4}-\d{2}-\d{2}/.exec(firstTimeSlot ?? "")?.[0];
  return first && first > today ? first : today;
}

/** stockholmToday is today's date in the site's zone (effects only: it reads the clock). */
export function stockholmToday(): string {
  return today("Europe/Stockholm").toString();
}

/** weeksToLoad says how many weeks should be loaded when week `selected` is shown and `loaded` are. */
export function weeksToLoad(selected: number, loaded: number): number {
  if (loaded - selected - 1 < 2) return Math.min(MAX_WEEKS, loaded + TABS_PER_WINDOW);
  return loaded;
}

export interface SlotChoice {
  time: string; // YYYY-MM-DDTHH:mm
  isFullDay: boolean;
}

export function WeekCalendar({
  reg,
  departmentId,
  codes,
  start,
  value,
  onChange,
  reloadToken,
  t,
}: {
  reg: string;
  departmentId: string;
  codes: string[];
  start: string;
  value: SlotChoice | null;
  onChange: (c: SlotChoice) => void;
  reloadToken: number;
  t: T;
}) {
  const [selected, setSelected] = useState(0);
  const [loaded, setLoaded] = useState(TABS_PER_WINDOW);
  const [weeks, setWeeks] = useState<Record<number, Load<WeekDay[]>>>({});
  const fetched = useRef(new Set<string>());
  const codeKey = codes.join(",");

  useEffect(() => {
    fetched.current = new Set();
    setWeeks({});
  }, [reg, departmentId, codeKey, start, reloadToken]);

  useEffect(() => {
    for (let i = 0; i < loaded; i++) {
      const k = `${reloadToken}|${departmentId}|${codeKey}|${start}|${i}`;
      if (fetched.current.has(k)) continue;
      fetched.current.add(k);
      setWeeks((w) => ({ ...w, [i]: { status: "loading" } }));
      fetchWeek(reg, departmentId, addDays(start, i * WEEK_DAYS), codes).then(
        (data) => setWeeks((w) => ({ ...w, [i]: { status: "ok", data } })),
        () => setWeeks((w) => ({ ...w, [i]: { status: "ok", data: [] } })),
      );
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded, reg, departmentId, codeKey, start, reloadToken, weeks]);

  useEffect(() => {
    setLoaded((l) => weeksToLoad(selected, l));
  }, [selected]);

  const win = Math.floor(selected / TABS_PER_WINDOW);
  const first = win * TABS_PER_WINDOW;
  const indexes = Array.from({ length: TABS_PER_WINDOW }, (_, i) => first + i).filter((i) => i < MAX_WEEKS);

  return (
    <div className="fc-booking-calendar">
      <div className="fc-booking-calendar__nav">
        <button type="button" className="fc-booking-calendar__arrow" aria-label={t("bookingPreviousWeeks")} disabled={win === 0} onClick={() => setSelected(first - TABS_PER_WINDOW)}>
          <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16">
            <path d="M10 3L5 8l5 5" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
        <Tabs className="fc-booking-tabs" selectedKey={String(selected)} onSelectionChange={(k) => setSelected(Number(k))}>
          <TabList aria-label={t("bookingCalendarLabel")} className="fc-booking-tabs__list">
            {indexes.map((i) => {
              const from = addDays(start, i * WEEK_DAYS);
              const to = addDays(from, WEEK_DAYS - 1);
              return (
                <Tab key={i} id={String(i)} className="fc-booking-tabs__tab">
                  <span className="fc-booking-tabs__from">{short(from)} –</span> <span className="fc-booking-tabs__to">{short(to)}</span>
                </Tab>
              );
            })}
          </TabList>
          {indexes.map((i) => (
            <TabPanel key={i} id={String(i)} className="fc-booking-tabs__panel">
              <WeekPanel load={weeks[i]} value={value} onChange={onChange} t={t} />
            </TabPanel>
          ))}
        </Tabs>
        <button
          type="button"
          className="fc-booking-calendar__arrow"
          aria-label={t("bookingNextWeeks")}
          disabled={first + TABS_PER_WINDOW >= MAX_WEEKS}
          onClick={() => setSelected(first + TABS_PER_WINDOW)}
        >
          <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16">
            <path d="M6 3l5 5-5 5" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
      </div>
    </div>
  );
}

/** DayName is "måndag 30 november" with the weekday in a span of its own (on phones it takes the first line). */
function DayName({ date }: { date: string }) {
  const text = formatDay(date);
  const cut = text.indexOf(" ");
  if (cut < 0) return <>{text}</>;
  return (
    <>
      <span className="fc-booking-day__wd">{text.slice(0, cut)}</span> {text.slice(cut + 1)}
    </>
  );
}

function WeekPanel({ load, value, onChange, t }: { load: Load<WeekDay[]> | undefined; value: SlotChoice | null; onChange: (c: SlotChoice) => void; t: T }) {
  if (!load || load.status === "loading" || load.status === "idle") {
    return (
      <p className="fc-booking-loading" role="status">
        <span className="fc-booking-spinner" aria-hidden="true" />
        {t("bookingLoadingTimes")}
      </p>
    );
  }
  const days = load.status === "ok" ? load.data : [];
  if (days.length === 0) return <p className="fc-booking-calendar__none">{t("bookingNoFreeTime")}</p>;
  const open = days.filter((d) => d.availableSlots.length > 0 || d.allDaySlotAvailable);
  return (
    <>
      {open.length === 0 && <p className="fc-booking-calendar__none">{t("bookingNoFreeTime")}</p>}
      <ul className="fc-booking-days">
        {days.map((d) => {
          const free = d.availableSlots.length > 0 || d.allDaySlotAvailable;
          return (
            <li key={d.date} className={`fc-booking-day${free ? "" : " fc-booking-day--closed"}`}>
              <h4 className="fc-booking-day__name">
                <DayName date={d.date} />
              </h4>
              {free ? (
                <div className="fc-booking-day__slots" role="group" aria-label={formatDay(d.date)}>
                  {d.availableSlots.map((s) => {
                    const time = `${d.date}T${s}`;
                    const on = !!value && !value.isFullDay && value.time === time;
                    return (
                      <button key={s} type="button" className={`fc-booking-slot${on ? " is-selected" : ""}`} aria-pressed={on} onClick={() => onChange({ time, isFullDay: false })}>
                        {s}
                      </button>
                    );
                  })}
                  {d.allDaySlotAvailable && (
                    <button
                      type="button"
                      className={`fc-booking-slot fc-booking-slot--day${value?.isFullDay && value.time === `${d.date}T${FULL_DAY_TIME}` ? " is-selected" : ""}`}
                      aria-pressed={!!value?.isFullDay && value.time === `${d.date}T${FULL_DAY_TIME}`}
                      onClick={() => onChange({ time: `${d.date}T${FULL_DAY_TIME}`, isFullDay: true })}
                    >
                      {t("bookingFullDay")}
                    </button>
                  )}
                </div>
              ) : (
                <p className="fc-booking-day__none">{d.closed ? d.closedName || t("bookingClosed") : t("bookingNoFreeTime")}</p>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}
