// The booking store: one reducer over the spec's store shape (§3) with the
// transitions of §4.1. Pure; the hook in hooks/use-booking-store.ts keeps it
// in session storage.
import type { BookingInfo, BookingStore, Car, Category, Confirmation, Customer, FlowView, Location, Offering, ServiceEntry, Step } from "./types";
import { MAX_BOOKING_STATE } from "./types";

export const STORAGE_KEY = "serviceBooking";
export const ORIGINAL_SERVICE = "originalservice";

const noContact = () => ({ firstName: "", lastName: "", phone: "", email: "", freeText: "" });

export function initialStore(): BookingStore {
  return {
    version: 1,
    plate: "",
    lat: null,
    lng: null,
    region: "",
    location: null,
    car: null,
    hasBrand: null,
    mileage: null,
    services: {},
    addons: null,
    bookingState: 1,
    displayState: 1,
    maxBookingState: MAX_BOOKING_STATE,
    bookingInfo: null,
    contact: noContact(),
    reminder: false,
    attemptKey: null,
    attemptFor: "",
    lookedUpPlace: "",
    confirmation: null,
    loggedSteps: [],
  };
}

export type Workshop = Omit<BookingInfo, "time" | "isFullDay">;

export type Action =
  | { type: "restore"; store: BookingStore }
  | { type: "plate"; plate: string }
  | { type: "place"; location: Location | null }
  | { type: "carLoaded"; car: Car; hasBrand: boolean }
  | { type: "open"; step: Step }
  | { type: "toggle"; offering: Offering; category: Category; kind: "service" | "addon"; on: boolean }
  | { type: "userInput"; offering: Offering; category: Category; kind: "service" | "addon"; text: string }
  | { type: "units"; code: string; units: number }
  | { type: "mileage"; mileage: number | null }
  | { type: "prices"; departmentId: string; offers: { code: string; price: number; priceKnown: boolean; priceDiscount: number }[] }
  | { type: "servicesDone" }
  | { type: "addonsDone"; withAddons: boolean }
  | { type: "workshop"; workshop: Workshop | null }
  | { type: "time"; time: string; isFullDay: boolean }
  | { type: "contact"; contact: Partial<Customer & { freeText: string }> }
  | { type: "reminder"; on: boolean }
  | { type: "prefill"; plate: string; location: Location | null }
  | { type: "attempt"; key: string; fingerprint: string }
  | { type: "booked"; confirmation: Confirmation }
  | { type: "logged"; step: number }
  | { type: "reset" }
  /** dropServices deselects services no nearer workshop can do. */
  | { type: "dropServices"; codes: string[] };

function entry(o: Offering, c: Category, kind: "service" | "addon", userInput: string, units: number): ServiceEntry {
  return {
    name: o.name,
    price: o.price,
    priceKnown: o.priceKnown,
    priceDiscount: o.priceDiscount,
    category: c.name,
    type: kind,
    unit: o.unitPrice?.unit ?? "",
    unitAbbreviation: o.unitPrice?.unitAbbreviation ?? "",
    userInput,
    units,
    listPrice: o.price,
    listPriceKnown: o.priceKnown,
    listDiscount: o.priceDiscount,
  };
}

/** listPrices puts the list (median) prices back on the chosen services: no workshop's prices apply. */
function listPrices(services: Record<string, ServiceEntry>): Record<string, ServiceEntry> {
  const out: Record<string, ServiceEntry> = {};
  for (const [code, e] of Object.entries(services)) {
    out[code] = e.listPrice === undefined ? e : { ...e, price: e.listPrice, priceKnown: e.listPriceKnown ?? e.priceKnown, priceDiscount: e.listDiscount ?? e.priceDiscount };
  }
  return out;
}

/** withServices replaces the chosen services and drops what depends on them (workshop, time, attempt). */
function withServices(s: BookingStore, services: Record<string, ServiceEntry>): BookingStore {
  return {
    ...s,
    services: listPrices(services),
    pricedAt: null,
    bookingInfo: null,
    attemptKey: null,
    location: s.location ? { ...s.location, departmentId: undefined, siteName: undefined } : null,
  };
}

export function bookingReducer(s: BookingStore, a: Action): BookingStore {
  switch (a.type) {
    case "restore":
      return a.store;
    case "plate":
      return { ...s, plate: a.plate };
    case "place":
      return { ...s, location: a.location, lat: a.location?.latitude ?? null, lng: a.location?.longitude ?? null, region: a.location?.region ?? "" };
    case "carLoaded": {
      const same = s.car?.registrationNumber === a.car.registrationNumber && s.bookingState >= 2 && s.lookedUpPlace === s.location?.placeId;
      if (same) return { ...s, car: a.car, hasBrand: a.hasBrand, displayState: s.bookingState };
      return {
        ...s,
        car: a.car,
        hasBrand: a.hasBrand,
        lookedUpPlace: s.location?.placeId ?? "",
        bookingState: 2,
        displayState: 2,
        maxBookingState: MAX_BOOKING_STATE,
        services: {},
        mileage: null,
        addons: null,
        bookingInfo: null,
        attemptKey: null,
        confirmation: null,
      };
    }
    case "open":
      if (a.step > s.bookingState || s.bookingState === 5) return s;
      return { ...s, displayState: a.step };
    case "toggle": {
      const services = { ...s.services };
      const code = a.offering.code;
      if (!a.on) {
        delete services[code];
        const next = withServices(s, services);
        return code === ORIGINAL_SERVICE ? { ...next, mileage: null } : next;
      }
      if (a.offering.allowUserInput) return s; // counts only once it has a message
      if (a.kind === "addon" && a.category.selectionType === "single") {
        for (const [k, v] of Object.entries(services)) if (v.type === "addon" && v.category === a.category.name) delete services[k];
      }
      services[code] = entry(a.offering, a.category, a.kind, "", a.offering.unitPrice?.minimum ?? 1);
      return withServices(s, services);
    }
    case "dropServices": {
      const services = { ...s.services };
      for (const c of a.codes) delete services[c];
      const next = withServices(s, services);
      return a.codes.includes(ORIGINAL_SERVICE) ? { ...next, mileage: null } : next;
    }
    case "userInput": {
      const services = { ...s.services };
      const text = a.text.slice(0, 80);
      if (text.trim() === "") delete services[a.offering.code];
      else if (services[a.offering.code]) {
        services[a.offering.code] = { ...services[a.offering.code], userInput: text };
        return { ...s, services };
      } else services[a.offering.code] = entry(a.offering, a.category, a.kind, text, a.offering.unitPrice?.minimum ?? 1);
      return withServices(s, services);
    }
    case "units": {
      const cur = s.services[a.code];
      if (!cur) return s;
      return withServices(s, { ...s.services, [a.code]: { ...cur, units: a.units } });
    }
    case "mileage":
      return { ...s, mileage: a.mileage };
    case "prices": {
      // Prices of a workshop no longer chosen are dropped.
      if (s.bookingInfo?.departmentId !== a.departmentId) return s;
      const services = { ...s.services };
      for (const o of a.offers) {
        const cur = services[o.code];
        if (cur) services[o.code] = { ...cur, price: o.price, priceKnown: o.priceKnown, priceDiscount: o.priceDiscount };
      }
      return { ...s, services, pricedAt: a.departmentId };
    }
    case "servicesDone":
      if (!Object.values(s.services).some((e) => e.type === "service")) return s;
      return { ...s, bookingState: 3, displayState: 3 };
    case "addonsDone":
      return { ...s, addons: a.withAddons, bookingState: 4, displayState: 4 };
    case "workshop":
      if (!a.workshop) {
        return {
          ...s,
          services: listPrices(s.services),
          pricedAt: null,
          bookingInfo: null,
          attemptKey: null,
          location: s.location ? { ...s.location, departmentId: undefined, siteName: undefined } : null,
        };
      }
      return {
        ...s,
        services: s.pricedAt === a.workshop.departmentId ? s.services : listPrices(s.services),
        pricedAt: s.pricedAt === a.workshop.departmentId ? s.pricedAt : null,
        bookingInfo: { ...a.workshop, time: "", isFullDay: false },
        attemptKey: null,
        location: s.location ? { ...s.location, departmentId: a.workshop.departmentId, siteName: a.workshop.siteName } : null,
      };
    case "time":
      if (!s.bookingInfo) return s;
      return { ...s, bookingInfo: { ...s.bookingInfo, time: a.time, isFullDay: a.isFullDay }, attemptKey: null };
    case "contact":
      return { ...s, contact: { ...s.contact, ...a.contact } };
    case "reminder":
      return { ...s, reminder: a.on };
    case "prefill": {
      // A reminder's link (?regnr=&plats=): a fresh flow at step 1 with the
      // plate and place filled in, keeping the contact details typed before.
      const fresh = initialStore();
      const next = { ...fresh, contact: s.contact, loggedSteps: s.loggedSteps, plate: a.plate };
      return a.location ? bookingReducer(next, { type: "place", location: a.location }) : next;
    }
    case "attempt":
      return { ...s, attemptKey: a.key, attemptFor: a.fingerprint };
    case "booked":
      // The typed contact details go (the attempt's fingerprint holds them
      // too): the confirmation, kept in memory, shows them once.
      return { ...s, contact: noContact(), confirmation: a.confirmation, bookingState: MAX_BOOKING_STATE, displayState: MAX_BOOKING_STATE, attemptKey: null, attemptFor: "" };
    case "logged":
      return s.loggedSteps.includes(a.step) ? s : { ...s, loggedSteps: [...s.loggedSteps, a.step] };
    case "reset":
      return initialStore();
  }
}

/**
 * persisted is what session storage keeps of s: everything but personal data
 * once the booking is made (no name, phone or e-mail in the contact details
 * or the confirmation). A reload of the confirmation still shows
 * the booking, without the customer.
 */
export function persisted(s: BookingStore): BookingStore {
  if (!s.confirmation) return s;
  const { customer: _customer, ...confirmation } = s.confirmation;
  return { ...s, contact: noContact(), attemptFor: "", confirmation };
}

/** parseStored reads a stored store back, or null when it is missing or not ours. */
export function parseStored(raw: string | null): BookingStore | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as BookingStore;
    // A store from before the maximum state was 5 (spec §3) reads as 5.
    if (v && v.version === 1 && typeof v.bookingState === "number" && v.services && typeof v.services === "object") return { ...initialStore(), ...v, maxBookingState: MAX_BOOKING_STATE };
  } catch {
    /* not ours */
  }
  return null;
}

/** chosen lists the chosen entries of one kind in insertion order. */
export function chosen(s: BookingStore, kind?: "service" | "addon"): [string, ServiceEntry][] {
  return Object.entries(s.services).filter(([, e]) => !kind || e.type === kind);
}

/** attemptFingerprint names what one booking attempt books; a change needs a new idempotency key. */
export function attemptFingerprint(s: BookingStore): string {
  return JSON.stringify([s.car?.registrationNumber, s.bookingInfo, Object.keys(s.services).sort(), s.mileage, s.contact, s.reminder]);
}

/** flowView narrows the store to what the open step needs; a store that lacks it falls back to step 1. */
export function flowView(s: BookingStore): FlowView {
  if (s.displayState === 5 && s.confirmation) return { view: "confirmation", confirmation: s.confirmation };
  if (!s.car || !s.location || s.displayState === 1) return { view: "car" };
  if (s.displayState === 2) return { view: "services", car: s.car, location: s.location };
  if (s.displayState === 3) return { view: "addons", car: s.car, location: s.location };
  return { view: "workshop", car: s.car, location: s.location };
}


/** entryTotal is what one chosen entry costs (units × price, less the service-agreement discount). */
export function entryTotal(e: ServiceEntry, hasAgreement: boolean): number {
  const unit = e.price - (hasAgreement ? e.priceDiscount : 0);
  return Math.max(0, unit) * (e.units || 1);
}
