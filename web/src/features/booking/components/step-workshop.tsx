// Step 4: workshop, time and contact details, then the booking itself.
import { useEffect, useRef, useState, type Dispatch } from "react";
import { pushDataLayer } from "../../../lib/data-layer";
import { ApiError, book, fetchPrices } from "../api/booking-api";
import { bookingTimeSlot, formatChoice, formatPrice } from "../rules";
import { SiteMap, type Pin } from "../../../components/site-map/site-map";
import { attemptFingerprint, entryTotal, type Action } from "../store";
import type { BookingInfo, BookingRequest, BookingStore, Car, Location, WorkshopSite } from "../types";
import { CONTACT_HEADING_ID, ContactForm } from "./contact-form";
import { totalOf } from "./summary";
import { calendarStart, stockholmToday, WeekCalendar, FULL_DAY_TIME } from "./week-calendar";
import { WorkshopList } from "./workshop-list";
import type { T } from "../../../lib/text";
import { useLatestCall } from "../../../lib/use-request";


/** newIdempotencyKey makes a random UUID (v4), also where randomUUID is missing. */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === "function") return c.randomUUID();
  const b = new Uint8Array(16);
  c.getRandomValues(b);
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** bookingRequest builds the book call's body from the store. */
export function bookingRequest(s: BookingStore): BookingRequest | null {
  const info = s.bookingInfo;
  if (!info || !info.time || !s.car) return null;
  const [date, time] = info.time.split("T");
  return {
    customer: { firstName: s.contact.firstName.trim(), lastName: s.contact.lastName.trim(), phone: s.contact.phone.trim(), email: s.contact.email.trim() },
    freeText: s.contact.freeText.trim(),
    departmentId: info.departmentId,
    timeSlot: bookingTimeSlot(date, info.isFullDay ? FULL_DAY_TIME : time),
    isFullDay: info.isFullDay,
    registrationNumber: s.car.registrationNumber,
    mileage: s.mileage && s.mileage > 0 ? s.mileage : 1,
    serviceOfferingRequests: Object.entries(s.services).map(([code, e]) => ({ kobraId: code, unitsSelected: e.units || 1, userInput: e.userInput })),
    ...(s.reminder ? { reminder: true } : {}),
  };
}

/**
 * workshopPins are the map pins of the workshops listed, the chosen one
 * (also when it is no longer among them, e.g. after a reload) highlighted
 * and named as chosen.
 */
export function workshopPins(listed: WorkshopSite[], chosen: Pick<BookingInfo, "departmentId" | "siteName" | "latitude" | "longitude"> | null | undefined, t: T): Pin[] {
  const named = (name: string) => t("bookingMapChosen", "{name}, vald verkstad", { name });
  const pins: Pin[] = listed.map((s) =>
    s.departmentId === chosen?.departmentId ? { lat: s.latitude, lng: s.longitude, name: named(s.siteName), chosen: true } : { lat: s.latitude, lng: s.longitude, name: s.siteName },
  );
  if (chosen && !listed.some((s) => s.departmentId === chosen.departmentId)) pins.push({ lat: chosen.latitude, lng: chosen.longitude, name: named(chosen.siteName), chosen: true });
  return pins.filter((p) => Number.isFinite(p.lat) && Number.isFinite(p.lng) && (p.lat !== 0 || p.lng !== 0));
}

export function StepWorkshop({ car, location, store, dispatch, t }: { car: Car; location: Location; store: BookingStore; dispatch: Dispatch<Action>; t: T }) {
  const codes = Object.keys(store.services);
  const info = store.bookingInfo;
  const workshopTotal = totalOf(Object.values(store.services), car.hasServiceAgreement);
  const [today, setToday] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [reload, setReload] = useState(0);
  // The workshops the list last showed: the map shows them, also once one is chosen.
  const [listed, setListed] = useState<WorkshopSite[]>([]);
  const tileUrl = t("mapTileUrl", "") || undefined;
  const chosenRef = useRef<HTMLHeadingElement>(null);
  const focusChosen = useRef(false);
  const focusContact = useRef(false);

  useEffect(() => setToday(stockholmToday()), []);

  // The chosen workshop's own prices for the car and mileage replace the
  // list's median prices as soon as it is chosen; the summary says whose
  // prices it shows.
  const dept = info?.departmentId;
  const prices = useLatestCall();
  const codeKey = codes.join(",");
  useEffect(() => {
    if (!dept || !codeKey) return;
    // A failed call keeps the catalogue prices.
    void prices.run((signal) => fetchPrices(car.registrationNumber, store.mileage ?? 1, dept, codeKey.split(","), signal)).then(
      (o) => o?.ok && dispatch({ type: "prices", departmentId: dept, offers: o.value }),
    );
    return prices.cancel;
  }, [dept, codeKey, car.registrationNumber, store.mileage, dispatch, prices]);

  useEffect(() => {
    if (focusChosen.current && info) {
      focusChosen.current = false;
      chosenRef.current?.focus();
    }
  }, [info]);

  // A chosen time moves focus on to the contact details, as the other steps
  // move it to the step that follows (without this, 60-odd Tab presses
  // through the remaining times stand between the time and the form).
  const chosenTime = info?.time ?? "";
  useEffect(() => {
    if (!focusContact.current || !chosenTime) return;
    focusContact.current = false;
    const heading = document.getElementById(CONTACT_HEADING_ID);
    heading?.focus({ preventScroll: true });
    heading?.scrollIntoView?.({ block: "center" });
  }, [chosenTime]);

  async function bookNow() {
    const req = bookingRequest(store);
    if (!req || busy) return;
    const fp = attemptFingerprint(store);
    const key = store.attemptKey && store.attemptFor === fp ? store.attemptKey : newIdempotencyKey();
    if (key !== store.attemptKey) dispatch({ type: "attempt", key, fingerprint: fp });
    setBusy(true);
    setError("");
    try {
      const res = await book(req, key);
      const services = Object.entries(store.services).map(([code, e]) => ({
        code,
        name: e.name,
        price: entryTotal(e, car.hasServiceAgreement),
        priceKnown: e.priceKnown,
        units: e.units,
        unitAbbreviation: e.unitAbbreviation,
      }));
      const value = services.reduce((n, s) => n + (s.priceKnown ? s.price : 0), 0);
      pushDataLayer({
        event: "purchase",
        flow: "service_booking",
        flow_version: "2.0",
        ecommerce: { transaction_id: res.id, currency: "SEK", value, items: services.map((s) => ({ item_id: s.code, item_name: s.name, price: s.price, quantity: s.units || 1 })) },
      });
      pushDataLayer({ event: "lead", lead_type: "serviceBooking", form_name: "serviceBooking", department_id: req.departmentId });
      dispatch({ type: "booked", confirmation: { response: res, car, info: store.bookingInfo!, services, customer: req.customer } });
    } catch (err) {
      const code = err instanceof ApiError ? err.code : "ServerError";
      let text = t("bookingErrorGeneric");
      if (code === "TimeslotNotAvailable") {
        text = t("bookingErrorTimeslot");
        dispatch({ type: "time", time: "", isFullDay: false });
        setReload((n) => n + 1);
      } else if (code === "InvalidReg") text = t("bookingErrorInvalidReg");
      else if (code === "VehicleNotFound") text = t("bookingErrorVehicleNotFound");
      else if (err instanceof ApiError && err.fromServer) text = err.serverMessage;
      setError(text);
      pushDataLayer({ event: "event_error", error: code, flow: "service_booking", form_name: "serviceBooking" });
      console.error("service booking: book failed", err);
    } finally {
      setBusy(false);
    }
  }

  if (!info) {
    return (
      <>
        <WorkshopList
          reg={car.registrationNumber}
          codes={codes}
          lat={location.latitude}
          lng={location.longitude}
          place={location.name}
          t={t}
          onSites={setListed}
          onDropServices={(codes) => dispatch({ type: "dropServices", codes })}
          onChoose={(s) => {
            focusChosen.current = true;
            setError("");
            dispatch({
              type: "workshop",
              workshop: { departmentId: s.departmentId, siteName: s.siteName, address: s.address, latitude: s.latitude, longitude: s.longitude, firstTimeSlot: s.firstTimeSlot },
            });
          }}
        />
        {/* After the list: the list is how a keyboard chooses, the map a complement. */}
        {listed.length > 0 && (
          <div className="fc-booking-workshops__map">
            <SiteMap label={t("bookingMapAll", "Karta över verkstäderna")} pins={workshopPins(listed, null, t)} tileUrl={tileUrl} />
          </div>
        )}
      </>
    );
  }

  return (
    <div className="fc-booking-chosen">
      <div className="fc-booking-chosen__card">
        <div>
          <h3 className="fc-booking-chosen__name" ref={chosenRef} tabIndex={-1}>
            {info.siteName}
          </h3>
          <p className="fc-booking-chosen__address">{info.address}</p>
          {store.pricedAt === info.departmentId && (
            <p className="fc-booking-chosen__price">
              {t("bookingPriceHere", "Ditt pris hos {name}", { name: info.siteName })}:{" "}
              <strong>
                {formatPrice(workshopTotal.total)}
                {workshopTotal.unknown ? "*" : ""}
              </strong>
            </p>
          )}
        </div>
        <button
          type="button"
          className="fc-linklike fc-booking-chosen__change"
          onClick={() => {
            setError("");
            dispatch({ type: "workshop", workshop: null });
          }}
        >
          {t("bookingChangeWorkshop")}
        </button>
      </div>
      <div className="fc-booking-chosen__map">
        <SiteMap
          geo={{ latitude: String(info.latitude), longitude: String(info.longitude) }}
          label={listed.length > 1 ? t("bookingMapAll", "Karta över verkstäderna") : t("bookingMap", { name: info.siteName })}
          pins={listed.length > 1 ? workshopPins(listed, info, t) : undefined}
          tileUrl={tileUrl}
        />
      </div>
      <h3 className="fc-booking-subheading">{t("bookingCalendarLabel")}</h3>
      {today && (
        <WeekCalendar
          key={info.departmentId}
          reg={car.registrationNumber}
          departmentId={info.departmentId}
          codes={codes}
          start={calendarStart(today, info.firstTimeSlot)}
          value={info.time ? { time: info.time, isFullDay: info.isFullDay } : null}
          onChange={(c) => {
            setError("");
            focusContact.current = true;
            dispatch({ type: "time", time: c.time, isFullDay: c.isFullDay });
          }}
          reloadToken={reload}
          t={t}
        />
      )}
      <ContactForm
        values={store.contact}
        onChange={(v) => dispatch({ type: "contact", contact: v })}
        reminder={store.reminder}
        onReminder={(on) => dispatch({ type: "reminder", on })}
        onBook={bookNow}
        canBook={!!info.time}
        busy={busy}
        error={error}
        chosen={info.time ? formatChoice(info.time, info.isFullDay, t("bookingFullDay")) : ""}
        t={t}
      />
    </div>
  );
}
