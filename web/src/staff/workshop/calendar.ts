// Pure rules of the workshop calendar: date arithmetic on "YYYY-MM-DD"
// strings, which bookings belong to which time row, and the reducer that
// keeps a loaded calendar current as live events and the staff member's
// own changes arrive.
import { parseDate, startOfWeek } from "@internationalized/date";
import type { Booking, Calendar, Day, LiveEvent, Slot } from "./types";

export type View = "day" | "week";

/** addDays returns the date n days after date (n may be negative). */
export function addDays(date: string, n: number): string {
  return parseDate(date).add({ days: n }).toString();
}

/** mondayOf is the Monday of date's week (ISO weeks, as workshops plan them). */
export function mondayOf(date: string): string {
  // The "sv-SE" locale's weeks start on Monday whatever the staff member's language.
  return startOfWeek(parseDate(date), "sv-SE").toString();
}

/** rangeOf is the inclusive [from, to] the view shows around date. */
export function rangeOf(view: View, date: string): { from: string; to: string } {
  if (view === "day") return { from: date, to: date };
  const from = mondayOf(date);
  return { from, to: addDays(from, 6) };
}

/** step moves date one view back (-1) or forward (+1). */
export function step(view: View, date: string, dir: -1 | 1): string {
  return addDays(view === "day" ? date : mondayOf(date), dir * (view === "day" ? 1 : 7));
}

export const dateOf = (t: string) => t.slice(0, 10);
export const timeOf = (t: string) => t.slice(11, 16);

/** isoWeek is date's ISO 8601 week number. */
export function isoWeek(date: string): number {
  const [y, m, d] = date.split("-").map(Number);
  const t = new Date(Date.UTC(y, m - 1, d));
  const day = t.getUTCDay() || 7;
  t.setUTCDate(t.getUTCDate() + 4 - day);
  const yearStart = Date.UTC(t.getUTCFullYear(), 0, 1);
  return Math.ceil(((t.getTime() - yearStart) / 86_400_000 + 1) / 7);
}

export interface SlotRow {
  slot: Slot;
  bookings: Booking[];
}

/**
 * slotRows gives each of the day's times the bookings that start in it
 * (from its start up to the next time's). A booking longer than one time
 * shows once, at its start; the times it also covers count it in their
 * "used" (the server's figure). Bookings starting outside every time (an
 * old booking after the hours changed) are kept in a leading row of their
 * own, and cars left for the whole day in another.
 */
export function slotRows(day: Day, bookings: Booking[]): { rows: SlotRow[]; outside: Booking[]; fullDay: Booking[] } {
  const mine = bookings.filter((b) => dateOf(b.start) === day.date).sort(byStart);
  const rows = day.slots.map((slot) => ({ slot, bookings: [] as Booking[] }));
  const outside: Booking[] = [];
  const fullDay: Booking[] = [];
  for (const b of mine) {
    if (b.fullDay) {
      fullDay.push(b);
      continue;
    }
    let i = -1;
    for (let k = 0; k < rows.length; k++) if (rows[k].slot.start <= b.start) i = k;
    if (i < 0 || (i === rows.length - 1 && b.start >= slotEnd(day, rows[i].slot))) outside.push(b);
    else rows[i].bookings.push(b);
  }
  return { rows, outside, fullDay };
}

function slotEnd(day: Day, last: Slot): string {
  return day.close ? `${day.date}T${day.close}:00` : last.start;
}

export function byStart(a: Booking, b: Booking): number {
  return a.start < b.start ? -1 : a.start > b.start ? 1 : a.id < b.id ? -1 : 1;
}

/** usage sums a day's capacity and use over its times. */
export function usage(day: Day): { used: number; capacity: number } {
  let used = 0;
  let capacity = 0;
  for (const s of day.slots) {
    used += s.used;
    capacity += s.capacity;
  }
  return { used, capacity };
}

/** level says how full a time is, for its colour: "free", "busy" (at least half) or "full". */
export function level(s: Pick<Slot, "used" | "capacity">): "free" | "busy" | "full" {
  if (s.capacity <= 0 || s.used >= s.capacity) return "full";
  return s.used * 2 >= s.capacity ? "busy" : "free";
}

export type CalendarState =
  | { status: "loading"; key: string }
  | { status: "failed"; key: string; message: string }
  | { status: "ready"; key: string; calendar: Calendar; fresh: string[]; stale: boolean };

export type CalendarAction =
  | { type: "load"; key: string }
  | { type: "loaded"; key: string; calendar: Calendar }
  | { type: "failed"; key: string; message: string }
  | { type: "live"; event: LiveEvent }
  | { type: "changed"; booking: Booking };

/**
 * calendarReducer keeps the shown calendar. key names what is shown
 * (department, from, to): an answer for another key (a slow request for a
 * week the staff member has already left) is dropped. A live booking is
 * merged at once, so it shows before the refetch that brings the times'
 * new use ("stale" asks for that refetch); a booking moved out of the range
 * leaves it. "fresh" marks bookings that arrived live, for a highlight.
 */
export function calendarReducer(state: CalendarState, action: CalendarAction): CalendarState {
  switch (action.type) {
    case "load":
      if (state.status === "ready" && state.key === action.key) return state;
      return { status: "loading", key: action.key };
    case "loaded":
      if (action.key !== state.key) return state;
      return { status: "ready", key: action.key, calendar: action.calendar, fresh: state.status === "ready" ? state.fresh : [], stale: false };
    case "failed":
      if (action.key !== state.key) return state;
      if (state.status === "ready") return { ...state, stale: false };
      return { status: "failed", key: action.key, message: action.message };
    case "live": {
      if (state.status !== "ready") return state;
      if (action.event.kind === "hours") return { ...state, stale: true };
      const { booking, type } = action.event;
      const calendar = mergeBooking(state.calendar, booking);
      const fresh = type === "created" && calendar.bookings.some((b) => b.id === booking.id) ? [...state.fresh.filter((id) => id !== booking.id), booking.id] : state.fresh;
      return { ...state, calendar, fresh, stale: true };
    }
    case "changed":
      if (state.status !== "ready") return state;
      return { ...state, calendar: mergeBooking(state.calendar, action.booking), stale: true };
  }
}

/** mergeBooking puts b in the calendar in start order, replacing its older copy, or takes it out when it now starts outside the range. */
export function mergeBooking(cal: Calendar, b: Booking): Calendar {
  const rest = cal.bookings.filter((x) => x.id !== b.id);
  const d = dateOf(b.start);
  const inside = d >= cal.from && d <= cal.to;
  return { ...cal, bookings: inside ? [...rest, b].sort(byStart) : rest };
}

/** parseLive reads one server-sent event; anything malformed is null and ignored. */
export function parseLive(name: string, data: string): LiveEvent | null {
  if (name === "hours") return { kind: "hours" };
  if (name !== "booking") return null;
  try {
    const v = JSON.parse(data) as { type?: string; booking?: Booking };
    if (!v.booking || typeof v.booking.id !== "string" || typeof v.booking.start !== "string") return null;
    if (v.type !== "created" && v.type !== "moved" && v.type !== "cancelled" && v.type !== "status") return null;
    return { kind: "booking", type: v.type, booking: v.booking };
  } catch {
    return null;
  }
}
