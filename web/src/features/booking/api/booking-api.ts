// Calls of the service booking flow (spec §7, docs/contracts/booking.md).
import { ApiError, json } from "../../../lib/api-client";
import type { BookingDetails, BookingRequest, BookingResponse, CarLookup, Category, NearerSite, Place, WeekDay, WorkshopSite } from "../types";

// A failure is an ApiError (lib/api-client) with the contract's error code
// ("InvalidReg", "TimeslotNotAvailable", …; "ServerError" when the answer
// names none) and the server's text.
export { ApiError };

function get<T>(url: string, signal?: AbortSignal): Promise<T> {
  return json<T>(url, { signal, fallbackCode: "ServerError" });
}

const enc = encodeURIComponent;

export function lookupCar(reg: string, signal?: AbortSignal): Promise<CarLookup> {
  return get(`/api/mechmate/car/${enc(reg)}`, signal);
}

export async function hasAuthorizedWorkshop(brand: string, signal?: AbortSignal): Promise<boolean> {
  const r = await get<{ hasBrand: boolean }>(`/api/mechmate/authorized-workshop/${enc(brand.trim().replace(/\s+/g, "-"))}`, signal);
  return !!r.hasBrand;
}

export async function fetchOfferings(kind: "services" | "addons", reg: string, lat: number, lng: number, signal?: AbortSignal): Promise<Category[]> {
  const r = await get<{ serviceOfferingCategories: Category[] }>(`/api/mechmate/${kind}/${enc(reg)}?lat=${lat}&lng=${lng}`, signal);
  return r.serviceOfferingCategories ?? [];
}

export async function fetchPrices(reg: string, mileage: number, departmentId: string, codes: string[], signal?: AbortSignal) {
  const r = await get<{ offers: { code: string; price: number; priceKnown: boolean; priceDiscount: number }[] }>(
    `/api/mechmate/prices/${enc(reg)}/${mileage}/${enc(departmentId)}?serviceOfferings=${codes.map(enc).join(",")}`,
    signal,
  );
  return r.offers ?? [];
}

/** fetchWeek returns seven days from date; an empty list when the call is not ok (spec §7). */
export async function fetchWeek(reg: string, departmentId: string, date: string, codes: string[], signal?: AbortSignal): Promise<WeekDay[]> {
  try {
    const v = await get<WeekDay[]>(`/api/mechmate/timeslots/from/${enc(reg)}/${enc(departmentId)}/${date}T00:00:00/?serviceOfferings=${codes.map(enc).join(",")}`, signal);
    return Array.isArray(v) ? v : [];
  } catch (err) {
    // A failed answer is an empty week; a network failure or an abort is thrown.
    if (err instanceof ApiError && err.status > 0) return [];
    throw err;
  }
}

export function book(req: BookingRequest, idempotencyKey: string, signal?: AbortSignal): Promise<BookingResponse> {
  return json<BookingResponse>("/api/mechmate/book", { body: req, signal, headers: { "Idempotency-Key": idempotencyKey }, fallbackCode: "ServerError" });
}

export function fetchBooking(id: string, token: string, signal?: AbortSignal): Promise<BookingDetails> {
  return get(`/api/mechmate/bookings/${enc(id)}?token=${enc(token)}`, signal);
}

export function cancelBooking(id: string, token: string): Promise<BookingDetails> {
  // JSON without a body (the client says JSON): the server takes state-changing calls as JSON only.
  return json<BookingDetails>(`/api/mechmate/bookings/${enc(id)}/cancel?token=${enc(token)}`, { method: "POST", fallbackCode: "ServerError" });
}

export async function searchPlaces(q: string, signal?: AbortSignal): Promise<Place[]> {
  const r = await get<{ places: Place[] }>(`/api/places?q=${enc(q)}&limit=8`, signal);
  return r.places ?? [];
}

export async function nearestPlace(lat: number, lng: number, signal?: AbortSignal): Promise<Place> {
  const r = await get<{ place: Place }>(`/api/places/nearest?lat=${lat}&lng=${lng}`, signal);
  return r.place;
}

export type StreamMessage = { site: WorkshopSite } | { end: true; more: boolean } | { nosites: true } | { error: string } | { nearer: NearerSite[] };

/** parseEvents splits event-stream text into complete data payloads and the unfinished rest. */
export function parseEvents(buf: string): { messages: unknown[]; rest: string } {
  const messages: unknown[] = [];
  const parts = buf.replace(/\r\n/g, "\n").split("\n\n");
  const rest = parts.pop() ?? "";
  for (const part of parts) {
    const data = part
      .split("\n")
      .filter((l) => l.startsWith("data:"))
      .map((l) => l.slice(5).replace(/^ /, ""))
      .join("\n");
    if (!data) continue;
    try {
      messages.push(JSON.parse(data));
    } catch {
      /* skip a broken message */
    }
  }
  return { messages, rest };
}

function toMessage(v: unknown): StreamMessage | null {
  if (!v || typeof v !== "object") return null;
  const o = v as Record<string, unknown>;
  if (typeof o.error === "string") return { error: o.error };
  if (o.nosites) return { nosites: true };
  if (Array.isArray(o.nearer)) return { nearer: o.nearer as NearerSite[] };
  if (o.end) return { end: true, more: !!o.more };
  if (typeof o.departmentId === "string") return { site: o as unknown as WorkshopSite };
  return null;
}

/**
 * streamWorkshops reads the closest-available event stream and calls onMessage for
 * every message in order; it resolves when the stream ends.
 */
export async function streamWorkshops(
  p: { reg: string; codes: string[]; lat: number; lng: number; cursor?: string; limit?: number },
  onMessage: (m: StreamMessage) => void,
  signal?: AbortSignal,
): Promise<void> {
  const q = new URLSearchParams({ regNo: p.reg, serviceOfferings: p.codes.join(","), latitude: String(p.lat), longitude: String(p.lng) });
  if (p.cursor) q.set("cursor", p.cursor);
  if (p.limit) q.set("limit", String(p.limit));
  const res = await fetch(`/api/mechmate/departments/closestAvailable?${q}`, { signal, headers: { Accept: "text/event-stream" } });
  if (!res.ok || !res.body) {
    onMessage({ error: `HTTP ${res.status}` });
    return;
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buf = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buf += value;
    const { messages, rest } = parseEvents(buf);
    buf = rest;
    for (const m of messages) {
      const msg = toMessage(m);
      if (msg) onMessage(msg);
    }
  }
  const { messages } = parseEvents(buf + "\n\n");
  for (const m of messages) {
    const msg = toMessage(m);
    if (msg) onMessage(msg);
  }
}
