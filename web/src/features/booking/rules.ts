// Input rules of the booking flow (spec §5, §9) and small formatters.
import { parseDate } from "@internationalized/date";
import { z } from "zod";
import { normalizePlate as normalizePlateTo } from "../../lib/plate";
import { isPhone } from "../../lib/phone";
import type { T } from "../../lib/text";

export const PLATE_MAX = 6;
export const MESSAGE_MAX = 80;

/**
 * normalizePlate keeps what the plate field may hold: upper case, no spaces
 * or dashes, at most 6 characters (removed first, then limited: a pasted
 * "ABC 123" is ABC123, not ABC12).
 */
export function normalizePlate(raw: string): string {
  return normalizePlateTo(raw, PLATE_MAX);
}

/** parseMileage reads the mileage field: an integer above 0, or null. */
export function parseMileage(raw: string): number | null {
  const t = raw.trim();
  if (!/^\d+$/.test(t)) return null;
  const n = parseInt(t, 10);
  return n > 0 ? n : null;
}

export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** contactSchema is the contact form of step 4 (spec §5): every field required; the phone as people write it on the site's country (lib/phone). */
export function contactSchema(t: T, country: string) {
  return z.object({
    firstName: z.string().trim().min(1, t("bookingFirstNameRequired", "Ange förnamn")),
    lastName: z.string().trim().min(1, t("bookingLastNameRequired", "Ange efternamn")),
    phone: z.string().trim().refine((v) => isPhone(v, country), t("bookingPhoneInvalid", "Ange ett giltigt telefonnummer")),
    email: z.string().trim().regex(EMAIL_RE, t("bookingEmailInvalid", "Ange en giltig e-postadress")),
    freeText: z.string().max(MESSAGE_MAX),
  });
}

export type ContactValues = z.infer<ReturnType<typeof contactSchema>>;

/** contactErrors validates values and returns a message per failing field (empty when valid). */
export function contactErrors(values: ContactValues, t: T, country: string): Partial<Record<keyof ContactValues, string>> {
  const r = contactSchema(t, country).safeParse(values);
  if (r.success) return {};
  const out: Partial<Record<keyof ContactValues, string>> = {};
  for (const issue of r.error.issues) {
    const k = issue.path[0] as keyof ContactValues;
    if (!out[k]) out[k] = issue.message;
  }
  return out;
}

const kr = new Intl.NumberFormat("sv-SE", { maximumFractionDigits: 0 });

/** formatPrice shows SEK as 'kr' with Swedish formatting ("4 295 kr"). */
export function formatPrice(n: number): string {
  return `${kr.format(n)} kr`;
}

/** bookingTimeSlot formats a chosen local start for the book call: YYYY-MM-DDTHH:mm:ss.00. */
export function bookingTimeSlot(date: string, time: string): string {
  return `${date}T${time}:00.00`;
}

const dayFmt = new Intl.DateTimeFormat("sv-SE", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });

function utcDate(date: string): Date {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d));
}

/** formatDay gives "måndag 30 november" for "2026-11-30" (the date is local already). */
export function formatDay(date: string): string {
  return dayFmt.format(utcDate(date));
}

/** formatSlot gives "måndag 30 november kl. 07:30" for a local "2026-11-30T07:30[:00]". */
export function formatSlot(local: string): string {
  const [date, time = ""] = local.split("T");
  return `${formatDay(date)} kl. ${time.slice(0, 5)}`;
}

/** formatChoice is a chosen time in words; a full-day drop-off names the day and fullDayText instead of a time. */
export function formatChoice(local: string, isFullDay: boolean, fullDayText: string): string {
  return isFullDay ? `${formatDay(local.split("T")[0])} – ${fullDayText}` : formatSlot(local);
}

/** addDays adds n days to a YYYY-MM-DD date. */
export function addDays(date: string, n: number): string {
  return parseDate(date).add({ days: n }).toString();
}

/** mapsSearchURL is the 'Vägbeskrivning' link: a maps search from name, address and coordinates. */
export function mapsSearchURL(name: string, address: string, lat: number, lng: number): string {
  const q = encodeURIComponent(`${name}, ${address}`);
  return `https://www.google.com/maps/search/?api=1&query=${q}&ll=${lat.toFixed(5)},${lng.toFixed(5)}`;
}
