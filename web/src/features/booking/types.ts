// Shapes of the service booking flow: the /api/mechmate answers (see
// docs/contracts/booking.md) and the booking store kept in session storage.

export interface Car {
  registrationNumber: string;
  brand: string;
  model: string;
  buildYear: number;
  hasServiceAgreement: boolean;
}

export interface CarLookup {
  isSupported: boolean;
  brand: string;
  car: Car;
}

export interface UnitPrice {
  unit: string;
  minimum: number;
  maximum: number;
  unitAbbreviation: string;
  postfix: string;
}

export interface Offering {
  code: string;
  name: string;
  description: string;
  price: number;
  unitPrice: UnitPrice | null;
  isAvailable: boolean;
  priceKnown: boolean;
  notKnownPriceText: string;
  priceDiscount: number;
  allowUserInput: boolean;
}

export interface Category {
  name: string;
  icon: string;
  selectionType: "single" | null;
  offerings: Offering[];
}

export interface WorkshopSite {
  departmentId: string;
  siteId: string;
  siteName: string;
  address: string;
  latitude: number;
  longitude: number;
  distanceKm?: number;
  brands: string[];
  firstTimeSlot: string | null;
  /** The workshop's week, e.g. "Måndag–Fredag 07:00–17:00". */
  openingHours?: string[];
}

/** A workshop nearer than those listed that cannot do every chosen service, and why. */
export interface NearerSite {
  departmentId: string;
  siteName: string;
  distanceKm: number;
  missing: { code: string; name: string; reason: string }[];
}

export interface WeekDay {
  date: string;
  availableSlots: string[];
  allDaySlotAvailable: boolean;
  /** The workshop takes nothing that day (as against fully booked). */
  closed?: boolean;
  /** The holiday's or deviation day's name, when that is why. */
  closedName?: string;
}

export interface Place {
  placeId: string;
  name: string;
  region: string;
  latitude: number;
  longitude: number;
}

export interface Customer {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
}

export interface BookingRequest {
  customer: Customer;
  freeText: string;
  departmentId: string;
  timeSlot: string;
  isFullDay: boolean;
  registrationNumber: string;
  mileage: number;
  serviceOfferingRequests: { kobraId: string; unitsSelected: number; userInput: string }[];
  /** Opt-in to the 'service due' reminder mail; sent only when ticked. */
  reminder?: boolean;
}

export interface BookingResponse {
  id: string;
  registrationNumber: string;
  kobraProductIds: string[];
  cancelUrl?: string;
  /** The booking's page (change the time, cancel) and its calendar file. */
  manageUrl?: string;
  calendarUrl?: string;
}

export interface BookingDetails {
  id: string;
  status: "booked" | "cancelled";
  registrationNumber: string;
  timeSlot: string;
  isFullDay: boolean;
  siteName: string;
  address: string;
  latitude: number;
  longitude: number;
  services: { code: string; name: string }[];
  customer: { firstName: string; lastName: string };
}

/** ServiceEntry is one chosen service or add-on in the store (spec §3). */
export interface ServiceEntry {
  name: string;
  price: number;
  priceKnown: boolean;
  priceDiscount: number;
  category: string;
  type: "service" | "addon";
  unit: string;
  unitAbbreviation: string;
  userInput: string;
  /** Units chosen (1 unless the offering has a unit price). */
  units: number;
  /** The list (median) price, kept so a change of workshop can go back to it. */
  listPrice?: number;
  listPriceKnown?: boolean;
  listDiscount?: number;
}

/** Location is the chosen place, and later the chosen workshop. */
export interface Location {
  name: string;
  latitude: number;
  longitude: number;
  placeId: string;
  region: string;
  departmentId?: string;
  siteName?: string;
}

/** BookingInfo is the chosen workshop and time. */
export interface BookingInfo {
  departmentId: string;
  siteName: string;
  address: string;
  latitude: number;
  longitude: number;
  /** The workshop's first free start ("YYYY-MM-DDTHH:mm:ss", from the list), if known: the calendar starts on its day. */
  firstTimeSlot?: string | null;
  /** Local date-time "YYYY-MM-DDTHH:mm" of the chosen start. */
  time: string;
  isFullDay: boolean;
}

/** Step numbers of the flow (spec §2.1): 1 car and place, 2 services, 3 add-ons, 4 workshop/time/contact, 5 done. */
export type Step = 1 | 2 | 3 | 4 | 5;

export const MAX_BOOKING_STATE = 5;

export interface Confirmation {
  response: BookingResponse;
  car: Car;
  info: BookingInfo;
  services: { code: string; name: string; price: number; priceKnown: boolean; units: number; unitAbbreviation: string }[];
  /** Who booked: in memory only, never in session storage (store.persisted). */
  customer?: Customer;
}

/** BookingStore is what session storage keeps (spec §3, booking store). */
export interface BookingStore {
  version: 1;
  plate: string;
  lat: number | null;
  lng: number | null;
  region: string;
  location: Location | null;
  car: Car | null;
  hasBrand: boolean | null;
  mileage: number | null;
  services: Record<string, ServiceEntry>;
  addons: boolean | null;
  bookingState: Step;
  displayState: Step;
  maxBookingState: number;
  bookingInfo: BookingInfo | null;
  /** The department whose own prices the chosen services carry (null: the list's median prices). */
  pricedAt?: string | null;
  contact: Customer & { freeText: string };
  /** The customer ticked 'Påminn mig när det är dags för nästa service'. */
  reminder: boolean;
  /** Idempotency key of the current attempt to book bookingInfo (reused on retry). */
  attemptKey: string | null;
  /** What attemptKey was made for (attemptFingerprint). */
  attemptFor: string;
  /** The place the car was last looked up with (a new place restarts at step 2). */
  lookedUpPlace: string;
  confirmation: Confirmation | null;
  /** Steps whose step event was already pushed. */
  loggedSteps: number[];
}

/** Load is the state of one call: idle, in flight, answered or failed. */
export type Load<T> = { status: "idle" } | { status: "loading" } | { status: "ok"; data: T } | { status: "error"; message: string };

/** FlowView is what the flow shows, derived from the store (the open step and what it needs). */
export type FlowView =
  | { view: "car" }
  | { view: "services"; car: Car; location: Location }
  | { view: "addons"; car: Car; location: Location }
  | { view: "workshop"; car: Car; location: Location }
  | { view: "confirmation"; confirmation: Confirmation };
