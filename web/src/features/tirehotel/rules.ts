// The portal's input rules (spec §5, §9) and small pure helpers, kept apart
// from the components so they are tested on their own.
import { CalendarDate, parseDate, today } from "@internationalized/date";
import { normalizePlate as normalizePlateTo } from "../../lib/plate";
import type { Customer } from "./types";
import { isPhone } from "../../lib/phone";

export const TIME_ZONE = "Europe/Stockholm";
export const PLATE_MAX = 7;
export const PLATE_MIN = 2;
export const CODE_LENGTH = 4;
export const RATING_MAX = 5;
export const COMMENT_MAX = 500;

/** normalizePlate removes spaces and dashes, upper-cases, then keeps at most 7 characters. */
export const normalizePlate = (s: string) => normalizePlateTo(s, PLATE_MAX);
export const plateReady = (s: string) => normalizePlate(s).length >= PLATE_MIN;

/**
 * platePrefill reads a reminder mail's link (/dackhotell?regnr=DCK123) as
 * typed input: normalised like the field, and kept only when it is 2–7
 * letters and digits; "" otherwise.
 */
export function platePrefill(search: string): string {
  const raw = (new URLSearchParams(search).get("regnr") ?? "").replace(/\s+/g, "");
  const plate = normalizePlate(raw);
  return raw.length <= PLATE_MAX && /^[A-Za-z0-9]+$/.test(raw) && plateReady(plate) ? plate : "";
}

/** digitsOnly keeps the digits of s, at most 4 of them (typed input). */
export const codeFromTyping = (s: string) => s.replace(/\D/g, "").slice(0, CODE_LENGTH);
/** codeFromPaste takes the first 4 characters of a paste and keeps their digits. */
export const codeFromPaste = (s: string) => s.slice(0, CODE_LENGTH).replace(/\D/g, "");
export const codeReady = (s: string) => /^\d{4}$/.test(s);
/**
 * codeKeyAllowed says whether a key may reach the code input: digits, and
 * the keys that edit or move (Backspace, arrows, Tab…) or carry a modifier
 * (Ctrl+V, Cmd+A).
 */
export function codeKeyAllowed(e: { key: string; ctrlKey?: boolean; metaKey?: boolean; altKey?: boolean }): boolean {
  if (e.ctrlKey || e.metaKey || e.altKey) return true;
  if (e.key.length > 1) return true; // Backspace, Delete, Tab, Enter, arrows, Home, End…
  return /^\d$/.test(e.key);
}

/** The wheel-change contact form: e-mail with a top-level part of 2+ characters. */
export const EMAIL = /^[A-Za-z0-9._%+'-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

export interface FormState {
  date: string | null;
  time: string | null;
  /** False when the chosen day has no slots: the workshop sets the time. */
  slotsExist: boolean;
  customer: Customer;
}

/**
 * canSubmit is the rule of 'Genomför bokning': a date, a time when the day
 * has slots, a valid e-mail, a mobile number as people write it on the
 * site's country (lib/phone; the server stores it in E.164), and first and
 * last name filled.
 */
export function canSubmit(s: FormState, country: string): boolean {
  const c = s.customer;
  return (
    s.date !== null &&
    (!s.slotsExist || s.time !== null) &&
    EMAIL.test(c.email.trim()) &&
    isPhone(c.phoneMobile, country) &&
    c.firstName.trim() !== "" &&
    c.lastName.trim() !== ""
  );
}

/**
 * missingFields names the contact fields that still keep 'Genomför bokning'
 * blocked, by their labels, in the form's order.
 */
export function missingFields(c: Customer, country: string, t: (key: string) => string): string[] {
  const out: string[] = [];
  if (c.firstName.trim() === "") out.push(t("thFirstName"));
  if (c.lastName.trim() === "") out.push(t("thLastName"));
  if (!EMAIL.test(c.email.trim())) out.push(t("thEmail"));
  if (!isPhone(c.phoneMobile, country)) out.push(t("thMobile"));
  return out;
}

/** slotTimes turns the slots answer into HH:mm, deduplicated and sorted, each with its local date-time. */
export function slotTimes(answer: { availableTimeSlotDates?: { startTime?: string[] | null }[] | null }): { label: string; value: string }[] {
  const byLabel = new Map<string, string>();
  for (const day of answer.availableTimeSlotDates ?? []) {
    for (const st of day.startTime ?? []) {
      const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})/.exec(st);
      if (!m) continue;
      const label = `${m[2]}:${m[3]}`;
      if (!byLabel.has(label)) byLabel.set(label, `${m[1]}T${m[2]}:${m[3]}:00`);
    }
  }
  return [...byLabel.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([label, value]) => ({ label, value }));
}

/** The full-day slot: the customer leaves the car before 08:00. */
export const FULL_DAY_TIME = "08:00:00";

/** dateWindow is the days call's range: 3 days from today to 3 months from today (Stockholm). */
export function dateWindow(now: CalendarDate = today(TIME_ZONE)): { startDate: string; endDate: string } {
  return { startDate: now.add({ days: 3 }).toString(), endDate: now.add({ months: 3 }).toString() };
}

/** availableSet parses the dates answer into a sorted list of valid days. */
export function availableDays(answer: { availableDates?: { date: string }[] | null }): string[] {
  const out = new Set<string>();
  for (const d of answer.availableDates ?? []) {
    const s = String(d?.date ?? "").slice(0, 10);
    try {
      if (parseDate(s).toString() === s) out.add(s);
    } catch {
      // skip a malformed day
    }
  }
  return [...out].sort();
}

/**
 * openingDay is the day the wheel calendar opens on (available sorted, not
 * empty): the first free day, unless that day also shows in the leading row
 * of the next month's 6-week grid (a free Monday 30 November heads
 * December's grid) and the next month has free days of its own. Then the
 * calendar opens on the next month, where the first free day still shows
 * and the visitor sees more than one bookable day.
 */
export function openingDay(available: string[]): string {
  const first = parseDate(available[0]);
  const next = first.add({ months: 1 }).set({ day: 1 });
  const inNextGrid = first.compare(monthGrid(next)[0]) >= 0;
  const nextMonth = available.find((d) => d.slice(0, 7) === next.toString().slice(0, 7));
  return inNextGrid && nextMonth ? nextMonth : available[0];
}

/**
 * monthGrid gives the 42 days (6 weeks, Monday first) shown for the month of
 * d: the calendar always has the same height.
 */
export function monthGrid(d: CalendarDate): CalendarDate[] {
  const first = d.set({ day: 1 });
  // dayOfWeek: Monday = 0 … Sunday = 6, independent of the locale.
  const jsDay = new Date(Date.UTC(first.year, first.month - 1, 1)).getUTCDay();
  const mondayOffset = (jsDay + 6) % 7;
  const start = first.subtract({ days: mondayOffset });
  return Array.from({ length: 42 }, (_, i) => start.add({ days: i }));
}

const DAY_FMT = new Intl.DateTimeFormat("sv-SE", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** longDate formats YYYY-MM-DD as 'tisdag 1 december 2026'. */
export function longDate(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split("-").map(Number);
  if (!y || !m || !d) return iso;
  return DAY_FMT.format(new Date(Date.UTC(y, m - 1, d)));
}

/** hhmm takes the time of a local date-time ('2026-12-01T07:30:00' → '07:30'). */
export const hhmm = (s: string) => /T(\d{2}:\d{2})/.exec(s)?.[1] ?? "";

/** mapsLink is a maps search for a workshop's name and address. */
export function mapsLink(name: string, address: string): string {
  const params = new URLSearchParams({ api: "1", query: [name, address].filter(Boolean).join(", ") });
  return `https://www.google.com/maps/search/?${params.toString()}`;
}


