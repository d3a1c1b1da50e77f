// Calls of the workshop pages (docs/staff.md, "Workshop").
import { request } from "./http";
import type { Booking, Calendar, Closure, Department, Hours, MarkStatus, MoveSlots, NewClosure, Weekday } from "../types";

const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

export const fetchDepartments = (signal?: AbortSignal) => request<Department[]>("GET", "/api/staff/departments", undefined, signal);

export const fetchCalendar = (department: string, from: string, to: string, signal?: AbortSignal) =>
  request<Calendar>("GET", `/api/staff/bookings?${q({ department, from, to })}`, undefined, signal);

/** csvURL is the day list's CSV download for the range. */
export const csvURL = (department: string, from: string, to: string) => `/api/staff/bookings.csv?${q({ department, from, to })}`;

export const fetchMoveSlots = (id: string, date: string, signal?: AbortSignal) =>
  request<MoveSlots>("GET", `/api/staff/bookings/${encodeURIComponent(id)}/slots?${q({ date })}`, undefined, signal);

export const moveBooking = (id: string, start: string) => request<Booking>("POST", `/api/staff/bookings/${encodeURIComponent(id)}/move`, { start });

export const cancelBooking = (id: string, reason: string) => request<Booking>("POST", `/api/staff/bookings/${encodeURIComponent(id)}/cancel`, { reason });

export const markBooking = (id: string, status: MarkStatus) => request<Booking>("POST", `/api/staff/bookings/${encodeURIComponent(id)}/status`, { status });

export const fetchHours = (department: string, signal?: AbortSignal) =>
  request<Hours>("GET", `/api/staff/departments/${encodeURIComponent(department)}/hours`, undefined, signal);

export const saveHours = (department: string, weekdays: Weekday[]) =>
  request<Hours>("PUT", `/api/staff/departments/${encodeURIComponent(department)}/hours`, { department, weekdays });

export const addClosure = (c: NewClosure) => request<Closure>("POST", "/api/staff/closures", c);

export const removeClosure = (id: string) => request<void>("DELETE", `/api/staff/closures/${encodeURIComponent(id)}`);

/** eventsURL is the department's live stream (server-sent events). */
export const eventsURL = (department: string) => `/api/staff/events?${q({ department })}`;
