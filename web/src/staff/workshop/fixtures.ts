// Test fixtures in the API's shapes: a Norrtälje workshop's Monday.
import type { Booking, Calendar, Day } from "./types";

export function booking(over: Partial<Booking> = {}): Booking {
  return {
    id: "B-1",
    kind: "service",
    start: "2026-11-30T08:00:00",
    end: "2026-11-30T09:00:00",
    status: "booked",
    car: { regno: "ABC123", brand: "Volvo", model: "XC60", year: 2019 },
    services: [{ name: "Service 60 000 km", minutes: 60, price: 3490 }],
    customer: { name: "Anna Lindqvist", email: "anna.lindqvist@example.se", phone: "070-123 45 67" },
    message: "",
    createdAt: "2026-11-20T09:12:00",
    updatedAt: "2026-11-20T09:12:00",
    ...over,
  };
}

export function day(date = "2026-11-30", over: Partial<Day> = {}): Day {
  const slots = ["07:00", "08:00", "09:00", "10:00"].map((t, i) => ({ start: `${date}T${t}:00`, capacity: 3, used: i === 1 ? 1 : 0 }));
  return { date, open: "07:00", close: "11:00", closed: false, reason: "", slots, ...over };
}

export function calendar(over: Partial<Calendar> = {}): Calendar {
  return {
    department: { id: "D-1011", name: "Bilverkstan Norrtälje", site: "group-se" },
    from: "2026-11-30",
    to: "2026-11-30",
    days: [day()],
    bookings: [booking()],
    ...over,
  };
}
