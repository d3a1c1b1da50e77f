import { useContext, useMemo } from "react";
import { isSameMonth, parseDate, today, type CalendarDate, type DateValue } from "@internationalized/date";
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  CalendarGridHeader,
  CalendarHeaderCell,
  CalendarStateContext,
  Heading,
  I18nProvider,
} from "react-aria-components";
import { longDate, openingDay, TIME_ZONE } from "../rules";

export const WEEKS = 6;

/**
 * SixWeeks renders the body of the month grid as 6 weeks (42 cells) whatever
 * the month, so the calendar keeps its height (spec §2.2, §9). Cells come
 * from react-aria, which gives the grid its WAI-ARIA keyboard behaviour.
 *
 * react-aria disables every day outside the shown month, so a bookable
 * 1 December in the last row of November would be greyed out. Such days are
 * drawn as buttons of their own: clickable, and left out of the Tab order
 * (keyboard users reach them with the arrow keys, which turn the month).
 */
function SixWeeks({ available, onPick }: { available: Set<string>; onPick: (day: string) => void }) {
  const state = useContext(CalendarStateContext);
  if (!state) return null;
  const start = state.visibleRange.start;
  return (
    <tbody>
      {Array.from({ length: WEEKS }, (_, w) => (
        <tr key={w}>
          {state.getDatesInWeek(w, start).map((date, i) => {
            if (!date) return <td key={i} />;
            const day = date.toString();
            if (!isSameMonth(date, start) && available.has(day)) {
              return (
                <td key={i} role="gridcell">
                  <button type="button" tabIndex={-1} className="fc-th-cal__cell fc-th-cal__cell--outside" aria-label={longDate(day)} onClick={() => onPick(day)}>
                    {date.day}
                  </button>
                </td>
              );
            }
            return <CalendarCell key={i} date={date} className="fc-th-cal__cell" />;
          })}
        </tr>
      ))}
    </tbody>
  );
}

/**
 * WheelCalendar is the month calendar of the wheel-change booking: Monday
 * first in sv-SE, only the available days selectable, the previous month
 * disabled at the current month and the next at the last month with dates.
 */
export function WheelCalendar({ label, available, value, onChange, now }: {
  label: string;
  /** Available days, YYYY-MM-DD, sorted. */
  available: string[];
  value: string | null;
  onChange: (day: string) => void;
  /** Today (Stockholm); tests pass a fixed day. */
  now?: CalendarDate;
}) {
  const set = useMemo(() => new Set(available), [available]);
  const min = now ?? today(TIME_ZONE);
  const max = available.length ? parseDate(available[available.length - 1]) : min;
  const first = available.length ? parseDate(openingDay(available)) : min;
  return (
    <I18nProvider locale="sv-SE">
      <Calendar
        className="fc-th-cal"
        aria-label={label}
        firstDayOfWeek="mon"
        value={value ? parseDate(value) : null}
        onChange={(d: DateValue) => onChange(d.toString())}
        minValue={min}
        maxValue={max}
        defaultFocusedValue={first}
        isDateUnavailable={(d: DateValue) => !set.has(d.toString())}
      >
        <header className="fc-th-cal__header">
          <Button slot="previous" className="fc-th-cal__nav">
            <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24"><path fill="none" stroke="currentColor" strokeWidth="2" d="m15 5-7 7 7 7" /></svg>
          </Button>
          <Heading className="fc-th-cal__title" />
          <Button slot="next" className="fc-th-cal__nav">
            <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24"><path fill="none" stroke="currentColor" strokeWidth="2" d="m9 5 7 7-7 7" /></svg>
          </Button>
        </header>
        <CalendarGrid className="fc-th-cal__grid" weekdayStyle="short">
          <CalendarGridHeader>{(day) => <CalendarHeaderCell className="fc-th-cal__weekday">{day}</CalendarHeaderCell>}</CalendarGridHeader>
          <SixWeeks available={set} onPick={onChange} />
        </CalendarGrid>
      </Calendar>
    </I18nProvider>
  );
}
