// Shapes of /api/tirehotel/* (see docs/contracts/tirehotel.md and spec §3) and
// the portal's page state.

/** Customer found by registration number (GET …/authorization/search). */
export interface TireHotelCustomer {
  regNo: string;
  obfuscatedPhoneNumber: string;
  encryptedPhoneNumber: string;
}

export interface Credentials {
  authorizationToken: string;
}

export interface VehicleLocation {
  erpId: string;
  locationName: string;
  departmentName: string;
  address?: string;
  phone: string;
  email: string;
}

export interface Wheel {
  name: string;
  rimDiameter: number;
  sectionWidth: number;
  aspectRatio: number;
  threadPattern: string;
  threadDepth: number;
  threadStatusId: number;
  threadStatusMessage: string;
}

export interface Tire {
  equipmentPosition: string;
  wheel: Wheel;
}

export interface Vehicle {
  regNo: string;
  brandCode: string;
  brand: string;
  model: string;
  name: string;
  productId: string;
  packageLevel: string;
  location: VehicleLocation;
  tires: Tire[];
  /** The workshop's latest inspection of the tyres, if any. */
  lastInspection?: LastInspection;
}

/** The workshop's inspection after a wheel change: when, the overall status and its note. */
export interface LastInspection {
  date: string;
  status: "ok" | "replace_soon" | "replace";
  text: string;
  note: string;
}

/** Validated: status 0 means signed in. */
export interface Validated {
  status: number;
  vehicles: Vehicle[];
}

export interface Customer {
  firstName: string;
  lastName: string;
  email: string;
  phoneMobile: string;
}

export interface CreateBooking {
  bookingDate: string;
  bookingStart: string | null;
  regNo: string;
  freeText: string;
  customer: Customer;
  /** Opt-in to the reminder before the next seasonal wheel change (issue 14); sent only when ticked. */
  reminder?: boolean;
  /** Books although the car has a wheel change this season (the portal asked; issue 21.15). */
  confirmSecond?: boolean;
}

export interface Confirmation {
  bookingConfirmationId: string;
  customerBase: Customer;
  services: { name: string }[];
  appointmentTime: string;
  isFullDay: boolean;
  workshop: { name: string; address: string; email: string; phoneNumber: string; latitude?: number; longitude?: number };
  freeText: string;
  /** The booking's page (change the time, cancel) and its calendar file (issue 21.12, 21.17). */
  manageUrl?: string;
  calendarUrl?: string;
}

/** An upcoming wheel change of the signed-in customer (GET /api/tirehotel/bookings). */
export interface Upcoming extends Confirmation {
  regNo: string;
  status: string;
}

export interface Review {
  rating: number;
  comment: string;
  date: string;
  bookingConfirmationId: string;
}

/** The session-storage entry `tirehotel`. */
export interface StoredSession {
  validated: Validated | null;
  confirmation: Confirmation | null;
}

/** The portal's pages as an explicit union: each page carries what it needs. */
export type PortalState =
  | { page: "Search"; regNo?: string }
  | { page: "Login"; customer: TireHotelCustomer }
  | { page: "Validate"; customer: TireHotelCustomer; credentials: Credentials }
  | { page: "LoggedIn"; validated: Validated }
  | { page: "Booking"; validated: Validated }
  | { page: "Confirmation"; validated: Validated; confirmation: Confirmation };

export type PageName = PortalState["page"];
