// Calls of the booking page (/boka-service/hantera?token=):
// one page for every flow (service booking, wheel change) behind a signed
// link. Every call is a same-origin JSON POST with the link's token.
import { ApiError } from "./booking-api";
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
  const res = await fetch(path, {
    method: "POST",
    signal,
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
  });
  if (res.ok) return (await res.json()) as T;
  let code = "ServerError";
  let message = "";
  let fields: Record<string, string> = {};
  try {
    const b = (await res.json()) as { errors?: Record<string, string[]>; message?: string; fields?: Record<string, string> };
    code = b.errors?.["Error Result"]?.[0] ?? code;
    message = b.message ?? "";
    fields = b.fields ?? {};
  } catch {
    /* not JSON */
  }
  // An expired link is told apart from a broken one by fields.token.
  if (fields.token === "tokenExpired") code = "LinkExpired";
  else if (fields.token) code = "LinkInvalid";
  throw new ApiError(code, message, res.status);
}

export const fetchManaged = (token: string, signal?: AbortSignal) => post<ManageView>("/api/bookings/manage", { token }, signal);

export const fetchManageDays = (token: string, from: string, to: string, signal?: AbortSignal) =>
  post<{ days: ManageDay[] }>("/api/bookings/manage/days", { token, from, to }, signal).then((r) => r.days);

export const moveBooking = (token: string, timeSlot: string, isFullDay: boolean) =>
  post<ManageView>("/api/bookings/manage/move", { token, timeSlot, isFullDay });

export const cancelManaged = (token: string) => post<ManageView>("/api/bookings/manage/cancel", { token });
