// Calls of the workshop pages (docs/staff.md, "Workshop"), through the
// staff app's one API client (CSRF token on changes, typed ApiError).
import { api } from "../../shell/api-client";
import type { Booking, Calendar, Closure, Department, Hours, MarkStatus, MoveSlots, NewClosure, Weekday } from "../types";

const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
const booking = (id: string) => `/api/staff/bookings/${encodeURIComponent(id)}`;

export const fetchDepartments = (signal?: AbortSignal) => api<Department[]>("/api/staff/departments", { signal });

export const fetchCalendar = (department: string, from: string, to: string, signal?: AbortSignal) =>
  api<Calendar>(`/api/staff/bookings?${q({ department, from, to })}`, { signal });

/** csvURL is the day list's CSV download for the range. */
export const csvURL = (department: string, from: string, to: string) => `/api/staff/bookings.csv?${q({ department, from, to })}`;

export const fetchMoveSlots = (id: string, date: string, signal?: AbortSignal) => api<MoveSlots>(`${booking(id)}/slots?${q({ date })}`, { signal });

export const moveBooking = (id: string, start: string) => api<Booking>(`${booking(id)}/move`, { method: "POST", body: { start } });

export const cancelBooking = (id: string, reason: string) => api<Booking>(`${booking(id)}/cancel`, { method: "POST", body: { reason } });

export const markBooking = (id: string, status: MarkStatus) => api<Booking>(`${booking(id)}/status`, { method: "POST", body: { status } });

const hoursPath = (department: string) => `/api/staff/departments/${encodeURIComponent(department)}/hours`;

export const fetchHours = (department: string, signal?: AbortSignal) => api<Hours>(hoursPath(department), { signal });

export const saveHours = (department: string, weekdays: Weekday[]) => api<Hours>(hoursPath(department), { method: "PUT", body: { department, weekdays } });

export const addClosure = (c: NewClosure) => api<Closure>("/api/staff/closures", { method: "POST", body: c });

export const removeClosure = (id: string) => api<void>(`/api/staff/closures/${encodeURIComponent(id)}`, { method: "DELETE" });

/** eventsURL is the department's live stream (server-sent events). */
export const eventsURL = (department: string) => `/api/staff/events?${q({ department })}`;
