// Shapes of the workshop API (/api/staff/…, docs/staff.md). Times are the
// department site's wall-clock times, "YYYY-MM-DDTHH:MM:SS" with no zone;
// dates are "YYYY-MM-DD".

export interface Department {
  id: string;
  name: string;
  site: string;
  city?: string;
  /** kind is "sales" for a dealer's sales department, the calendar of its test drives. */
  kind?: "workshop" | "sales";
}

export interface Slot {
  start: string;
  capacity: number;
  used: number;
}

export interface Day {
  date: string;
  open: string;
  close: string;
  closed: boolean;
  reason: string;
  slots: Slot[];
  /** fullDay is the full-day drop-off's places (a car left for the day) and how many are taken. */
  fullDay?: { capacity: number; used: number };
}

export type BookingStatus = "booked" | "arrived" | "done" | "noshow" | "cancelled";
export type MarkStatus = "arrived" | "done" | "noshow";

export interface Car {
  regno: string;
  brand: string;
  model: string;
  year?: number | null;
}

export interface Service {
  name: string;
  minutes: number;
  price?: number | null;
}

export interface Customer {
  name: string;
  email: string;
  phone: string;
}

export interface Booking {
  id: string;
  kind: "service" | "wheelchange" | "testdrive";
  start: string;
  end: string;
  /** fullDay marks a car left for the whole day (dropped off in the morning) rather than a timed job. */
  fullDay?: boolean;
  status: BookingStatus;
  car: Car;
  services: Service[];
  customer: Customer;
  message?: string;
  cancelReason?: string;
  createdAt?: string;
  updatedAt?: string;
  /** testDrive is the stock car a test drive is for and its page on the site. */
  testDrive?: { carId: number; url: string };
}

export interface Calendar {
  department: Department;
  from: string;
  to: string;
  days: Day[];
  bookings: Booking[];
}

export interface FreeSlot {
  start: string;
  /** free says the time has room for this booking (a count of places where the server gives one). */
  free: boolean | number;
}

export interface MoveSlots {
  date: string;
  slots: FreeSlot[];
}

export interface Weekday {
  weekday: number; // Monday = 1 … Sunday = 7
  open: string; // "HH:MM", "" when closed
  close: string;
  capacity: number;
}

export interface Closure {
  id: string;
  from: string;
  to: string;
  reason: string;
  createdBy?: string;
}

export interface Hours {
  department: string;
  weekdays: Weekday[];
  closures: Closure[];
}

export interface NewClosure {
  department: string;
  from: string;
  to: string;
  reason: string;
}

/** LiveEvent is what /api/staff/events sends: a booking change, or "hours" when hours or closures changed. */
export type LiveEvent =
  | { kind: "booking"; type: "created" | "moved" | "cancelled" | "status"; booking: Booking }
  | { kind: "hours" };
