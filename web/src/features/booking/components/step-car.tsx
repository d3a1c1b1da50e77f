// Step 1: registration number and place; the car lookup (spec §2.1, §4.1, §8).
import { useRef, useState, type Dispatch, type FormEvent } from "react";
import { pushDataLayer } from "../../../lib/data-layer";
import { ApiError, hasAuthorizedWorkshop, lookupCar } from "../api/booking-api";
import { normalizePlate } from "../rules";
import { type Action } from "../store";
import type { BookingStore } from "../types";
import { PlaceCombobox } from "./place-combobox";
import type { T } from "../../../lib/text";


/** lookupErrorText maps a lookup failure to the spec's text (§8). */
export function lookupErrorText(err: unknown, t: T): string {
  const code = err instanceof ApiError ? err.code : "ServerError";
  switch (code) {
    case "InvalidReg":
      return t("bookingErrorInvalidReg");
    case "VehicleNotFound":
      return t("bookingErrorVehicleNotFound");
    default:
      if (err instanceof ApiError && err.serverMessage === "Fordon hittades inte") return t("bookingErrorVehicleNotFound");
      return t("bookingErrorGeneric");
  }
}

export function StepCar({ store, dispatch, t }: { store: BookingStore; dispatch: Dispatch<Action>; t: T }) {
  const placeRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ text: string; hint?: string } | null>(null);
  const ready = store.plate.length > 0 && !!store.location;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!ready || busy) return;
    setBusy(true);
    setError(null);
    try {
      const r = await lookupCar(store.plate);
      if (!r.isSupported) {
        const brand = r.brand || r.car?.brand || "";
        setError({ text: t("bookingErrorBrandNotSupported", { brand }), hint: t("bookingErrorBrandNotSupportedHint") });
        pushDataLayer({ event: "event_error", error: "BrandNotSupported", flow: "service_booking" });
        console.warn("service booking: brand not supported", brand);
        return;
      }
      let hasBrand = false;
      try {
        hasBrand = await hasAuthorizedWorkshop(r.car.brand || r.brand);
      } catch {
        hasBrand = false;
      }
      dispatch({ type: "carLoaded", car: r.car, hasBrand });
    } catch (err) {
      const text = lookupErrorText(err, t);
      setError({ text });
      pushDataLayer({ event: "event_error", error: err instanceof ApiError ? err.code : "ServerError", flow: "service_booking" });
      console.warn("service booking: car lookup failed", err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="fc-booking-car" onSubmit={submit} noValidate>
      <div className="fc-booking-car__fields">
        <div className="fc-booking-field">
          <label className="fc-booking-label" htmlFor="fc-booking-plate">
            {t("bookingPlateLabel")}
          </label>
          <div className="fc-booking-plate">
            <span className="fc-booking-plate__country" aria-hidden="true">
              S
            </span>
            <input
              id="fc-booking-plate"
              className="fc-booking-input fc-booking-plate__input"
              value={store.plate}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder={t("bookingPlatePlaceholder")}
              // No maxLength: the browser would cut a pasted "ABC 123" to
              // "ABC 12" before normalizePlate removes the space.
              onChange={(e) => dispatch({ type: "plate", plate: normalizePlate(e.target.value) })}
              onKeyDown={(e) => {
                if (e.key === "Enter") {
                  e.preventDefault();
                  placeRef.current?.focus();
                }
              }}
            />
          </div>
        </div>
        <PlaceCombobox value={store.location} onChange={(l) => dispatch({ type: "place", location: l })} inputRef={placeRef} t={t} />
      </div>
      <div className="fc-booking-actions">
        <button type="submit" className="fc-button fc-button--primary" disabled={!ready || busy}>
          {busy ? t("bookingSearching") : t("bookingContinue")}
        </button>
      </div>
      {error && (
        <div role="alert" className="fc-booking__error">
          <p>{error.text}</p>
          {error.hint && <p className="fc-booking__hint">{error.hint}</p>}
        </div>
      )}
    </form>
  );
}
