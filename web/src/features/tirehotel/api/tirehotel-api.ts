// The calls of the tyre-hotel portal (spec §7, docs/contracts/tirehotel.md). Every
// failure is an ApiError carrying the server's Swedish message when it sent one.
import type { Confirmation, CreateBooking, Credentials, Review, TireHotelCustomer, Upcoming, Validated } from "../types";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code = "",
    /** True when the message came from the server (and may be shown as it is). */
    readonly fromServer = false,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

const BASE = "/api/tirehotel";

async function call<T>(method: "GET" | "POST", path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(BASE + path, {
      method,
      credentials: "same-origin",
      // Every POST says JSON, with a body or not: the server refuses any
      // other type (a cross-site page can send text/plain without asking).
      headers: { Accept: "application/json", ...(method === "POST" ? { "Content-Type": "application/json" } : {}), ...headers },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
  } catch (err) {
    throw new ApiError(0, `network: ${String(err)}`);
  }
  if (res.ok) {
    if (res.status === 204) return undefined as T;
    const text = await res.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }
  let message = "";
  let code = "";
  try {
    const j = (await res.json()) as { message?: unknown; code?: unknown };
    if (typeof j.message === "string") message = j.message;
    if (typeof j.code === "string") code = j.code;
  } catch {
    // not JSON: keep the status only
  }
  throw new ApiError(res.status, message || `HTTP ${res.status}`, code, message !== "");
}

const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

export const searchCustomer = (regNo: string) => call<TireHotelCustomer>("GET", `/authorization/search?${q({ regNo })}`);
export const login = (encryptedPhoneNumber: string) => call<Credentials>("POST", `/authorization/login?${q({ encryptedPhoneNumber })}`);
export const validate = (authToken: string, otpToken: string) => call<Validated>("POST", `/authorization/validate?${q({ authToken, otpToken })}`);
/** SessionAnswer: GET /session answers 200 either way; signedIn false when there is no live session. */
export type SessionAnswer = { signedIn: false } | ({ signedIn: true } & Validated);
export const getSession = () => call<SessionAnswer>("GET", "/session");
export const logout = () => call<void>("POST", "/logout");

export interface DayRange {
  startDate: string;
  endDate: string;
  regNo: string;
}

export const getTimeslotDays = (erpId: string, body: DayRange) =>
  call<{ availableDates: { date: string }[] | null }>("POST", `/booking/GetTimeslotDays?${q({ workshopIdentifier: erpId })}`, body);

export const getTimeslots = (erpId: string, body: DayRange) =>
  call<{ availableTimeSlotDates: { startTime: string[] | null }[] | null }>("POST", `/booking/GetTimeslots?${q({ workshopIdentifier: erpId })}`, body);

export const createBooking = (erpId: string, body: CreateBooking, idempotencyKey: string) =>
  call<Confirmation>("POST", `/booking/create?${q({ departmentIdentifier: erpId })}`, body, { "Idempotency-Key": idempotencyKey });

export const addReview = (review: Review) => call<void>("POST", "/review/addReview", review);

export const getUpcoming = () => call<{ bookings: Upcoming[] }>("GET", "/bookings").then((r) => r.bookings ?? []);
