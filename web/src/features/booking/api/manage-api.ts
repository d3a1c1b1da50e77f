// Calls of the booking page (/boka-service/hantera?token=):
// one page for every flow (service booking, wheel change) behind a signed
// link. Every call is a same-origin JSON POST with the link's token.
import { ApiError, json } from "../../../lib/api-client";
import type { BookingDetails } from "../types";

/** ManageView is the booking (as the booking call answers it) and what its page may do. */
export interface ManageView extends BookingDetails {
  flow: "service" | "wheelchange";
  serviceName?: string;
  token: string;
  canChange: boolean;
  firstDay?: string;
  lastDay?: string;
  phone: string;
  email: string;
  calendarUrl: string;
}

export interface ManageDay {
  date: string;
  times: string[];
  fullDay: boolean;
  closed?: string;
}

async function post<T>(path: string, body: Record<string, unknown>, signal?: AbortSignal): Promise<T> {
  try {
    return await json<T>(path, { body, signal, fallbackCode: "ServerError" });
  } catch (err) {
    // An expired link is told apart from a broken one by fields.token.
    const token = err instanceof ApiError ? err.fields.token : undefined;
    if (!token || !(err instanceof ApiError)) throw err;
    throw new ApiError(err.status, token === "tokenExpired" ? "LinkExpired" : "LinkInvalid", err.serverMessage, err.fields, err.retryAfter);
  }
}

export const fetchManaged = (token: string, signal?: AbortSignal) => post<ManageView>("/api/bookings/manage", { token }, signal);

export const fetchManageDays = (token: string, from: string, to: string, signal?: AbortSignal) =>
  post<{ days: ManageDay[] }>("/api/bookings/manage/days", { token, from, to }, signal).then((r) => r.days);

export const moveBooking = (token: string, timeSlot: string, isFullDay: boolean) =>
  post<ManageView>("/api/bookings/manage/move", { token, timeSlot, isFullDay });

export const cancelManaged = (token: string) => post<ManageView>("/api/bookings/manage/cancel", { token });
