// The calls of the tyre-hotel portal (spec §7, docs/contracts/tirehotel.md). Every
// failure is an ApiError (lib/api-client) carrying the server's Swedish message when it sent one.
import { json } from "../../../lib/api-client";
import type { Confirmation, CreateBooking, Credentials, Review, TireHotelCustomer, Upcoming, Validated } from "../types";

const BASE = "/api/tirehotel";

// Every POST says JSON, with a body or not (the api client does): the
// server refuses any other type (a cross-site page can send text/plain
// without asking).
const call = <T>(method: "GET" | "POST", path: string, body?: unknown, headers: Record<string, string> = {}) =>
  json<T>(BASE + path, { method, body, headers });

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
