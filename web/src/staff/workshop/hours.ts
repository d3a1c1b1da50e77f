// Pure rules of the hours page: the weekday rows as a form (open or closed,
// times, places) with their checks, and closures built from the form's
// kind (a whole day, some hours of a day, several days) and put back into
// words.
import { addDays, dateOf, timeOf } from "./calendar";
import { formatDate, type Lang, type Texts } from "./texts";
import type { Closure, NewClosure, Weekday } from "./types";

export const CAPACITY_MAX = 50;
export const CLOSURE_REASON_MAX = 200;

export interface WeekdayRow {
  weekday: number;
  isOpen: boolean;
  open: string; // HH:MM
  close: string;
  capacity: number;
}

/** toRows turns the API's weekdays into form rows (a closed day keeps sensible times for when it is opened). */
export function toRows(weekdays: Weekday[]): WeekdayRow[] {
  const rows: WeekdayRow[] = [];
  for (let d = 1; d <= 7; d++) {
    const w = weekdays.find((x) => x.weekday === d);
    const isOpen = Boolean(w && w.open && w.close);
    rows.push({ weekday: d, isOpen, open: isOpen ? w!.open : "08:00", close: isOpen ? w!.close : "16:00", capacity: w && w.capacity > 0 ? w.capacity : 1 });
  }
  return rows;
}

/** fromRows is the PUT body's weekdays: a closed day has empty times. */
export function fromRows(rows: WeekdayRow[]): Weekday[] {
  return rows.map((r) => (r.isOpen ? { weekday: r.weekday, open: r.open, close: r.close, capacity: r.capacity } : { weekday: r.weekday, open: "", close: "", capacity: r.capacity }));
}

export type RowErrors = Record<number, { close?: string; capacity?: string }>;

/** checkRows finds what is wrong per weekday; an empty object means the rows may be saved. */
export function checkRows(rows: WeekdayRow[], t: Texts): RowErrors {
  const out: RowErrors = {};
  for (const r of rows) {
    if (!r.isOpen) continue;
    const e: { close?: string; capacity?: string } = {};
    if (!/^\d{2}:\d{2}$/.test(r.open) || !/^\d{2}:\d{2}$/.test(r.close) || r.close <= r.open) e.close = t.closeAfterOpen;
    if (!Number.isInteger(r.capacity) || r.capacity < 1 || r.capacity > CAPACITY_MAX) e.capacity = t.capacityRange;
    if (e.close || e.capacity) out[r.weekday] = e;
  }
  return out;
}

export type ClosureKind = "day" | "hours" | "days";

export interface ClosureForm {
  kind: ClosureKind;
  date: string;
  toDate: string;
  fromTime: string;
  toTime: string;
  reason: string;
}

export type ClosureErrors = Partial<Record<"date" | "toDate" | "toTime" | "reason", string>>;

/**
 * closureOf builds the closure to add, or the form's errors. Whole days
 * run from midnight to the next midnight (the API's shape for a day).
 */
export function closureOf(department: string, f: ClosureForm, t: Texts): { closure: NewClosure } | { errors: ClosureErrors } {
  const errors: ClosureErrors = {};
  const reason = f.reason.trim();
  if (!reason) errors.reason = t.reasonRequired;
  else if (reason.length > CLOSURE_REASON_MAX) errors.reason = t.closureReasonTooLong;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(f.date)) errors.date = t.dateRequired;
  if (f.kind === "days" && !errors.date) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(f.toDate)) errors.toDate = t.dateRequired;
    else if (f.toDate < f.date) errors.toDate = t.toBeforeFrom;
  }
  if (f.kind === "hours" && (!/^\d{2}:\d{2}$/.test(f.fromTime) || !/^\d{2}:\d{2}$/.test(f.toTime) || f.toTime <= f.fromTime)) errors.toTime = t.toBeforeFrom;
  if (Object.keys(errors).length) return { errors };
  switch (f.kind) {
    case "day":
      return { closure: { department, from: `${f.date}T00:00:00`, to: `${addDays(f.date, 1)}T00:00:00`, reason } };
    case "days":
      return { closure: { department, from: `${f.date}T00:00:00`, to: `${addDays(f.toDate, 1)}T00:00:00`, reason } };
    case "hours":
      return { closure: { department, from: `${f.date}T${f.fromTime}:00`, to: `${f.date}T${f.toTime}:00`, reason } };
  }
}

/** describeClosure writes when a closure is: "tors 24 dec", "24 dec – 26 dec" or "tors 24 dec 10:00–12:00". */
export function describeClosure(lang: Lang, c: Pick<Closure, "from" | "to">, t: Texts): string {
  const wholeDays = timeOf(c.from) === "00:00" && timeOf(c.to) === "00:00";
  if (wholeDays) {
    const first = dateOf(c.from);
    const last = addDays(dateOf(c.to), -1);
    if (last <= first) return `${formatDate(lang, first, "short")}, ${t.wholeDay.toLowerCase()}`;
    return `${formatDate(lang, first, "short")} – ${formatDate(lang, last, "short")}`;
  }
  if (dateOf(c.from) === dateOf(c.to)) return `${formatDate(lang, dateOf(c.from), "short")} ${timeOf(c.from)}–${timeOf(c.to)}`;
  return `${formatDate(lang, dateOf(c.from), "short")} ${timeOf(c.from)} – ${formatDate(lang, dateOf(c.to), "short")} ${timeOf(c.to)}`;
}
