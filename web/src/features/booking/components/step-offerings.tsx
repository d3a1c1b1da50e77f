// Steps 2 and 3: services and add-ons (spec §2.1, §4.1, §5, §8).
import { useEffect, useId, useState, type Dispatch } from "react";
import { pushDataLayer } from "../../../lib/data-layer";
import { fetchOfferings } from "../api/booking-api";
import { formatPrice, MESSAGE_MAX, parseMileage } from "../rules";
import { ORIGINAL_SERVICE, type Action } from "../store";
import type { BookingStore, Car, Category, Load, Location, Offering } from "../types";
import { CategoryIcon } from "./icons";
import type { T } from "../../../lib/text";
import { useLatestCall } from "../../../lib/use-request";


/**
 * PriceTag is an offering's list price: 'från' before a unit price (the
 * total grows with the units), the offering's own explanation next to
 * 'Pris saknas*', and the service-agreement price beside the ordinary one.
 */
export function PriceTag({ o, hasAgreement, t }: { o: Offering; hasAgreement: boolean; t: T }) {
  if (!o.priceKnown) {
    // The reason is a line of its own under the name and 'Pris saknas*' (the label wraps).
    return (
      <>
        <span className="fc-booking-price fc-booking-price--unknown">{t("bookingPriceMissing")}</span>
        {o.notKnownPriceText && <span className="fc-booking-price__why"> {o.notKnownPriceText}</span>}
      </>
    );
  }
  const postfix = o.unitPrice?.postfix ?? "";
  const from = o.unitPrice ? `${t("bookingFrom", "från")} ` : "";
  const discount = hasAgreement ? o.priceDiscount : 0;
  if (discount > 0) {
    return (
      <span className="fc-booking-price">
        <s aria-label={t("bookingOrdinaryPrice", "Ordinarie pris {price}", { price: formatPrice(o.price) })}>{formatPrice(o.price)}</s>{" "}
        <strong>
          {from}
          {formatPrice(o.price - discount)}
          {postfix}
        </strong>
      </span>
    );
  }
  return (
    <span className="fc-booking-price">
      {from}
      {formatPrice(o.price)}
      {postfix}
    </span>
  );
}

function OfferingRow({
  o,
  c,
  kind,
  store,
  dispatch,
  t,
  pending,
  setPending,
}: {
  o: Offering;
  c: Category;
  kind: "service" | "addon";
  store: BookingStore;
  dispatch: Dispatch<Action>;
  t: T;
  pending: boolean;
  setPending: (on: boolean) => void;
}) {
  const id = useId();
  const chosen = store.services[o.code];
  const checked = !!chosen || pending;
  const hasAgreement = !!store.car?.hasServiceAgreement;
  const [mileageText, setMileageText] = useState(store.mileage ? String(store.mileage) : "");
  const [mileageTouched, setMileageTouched] = useState(false);
  const mileageBad = mileageText !== "" && parseMileage(mileageText) === null;

  if (!o.isAvailable) {
    return (
      <li className="fc-booking-offering fc-booking-offering--unavailable">
        <span className="fc-booking-offering__name">{o.name}</span>
        <p className="fc-booking-offering__note">{t("bookingUnavailable", { name: o.name })}</p>
      </li>
    );
  }

  const single = kind === "addon" && c.selectionType === "single";
  return (
    <li className={`fc-booking-offering${checked ? " is-checked" : ""}`}>
      <div className="fc-booking-offering__main">
        <input
          type="checkbox"
          id={id}
          className="fc-booking-check"
          checked={checked}
          aria-describedby={o.description ? `${id}-d` : undefined}
          onChange={(e) => {
            const on = e.target.checked;
            if (o.allowUserInput) {
              if (on) setPending(true);
              else {
                setPending(false);
                dispatch({ type: "toggle", offering: o, category: c, kind, on: false });
              }
              return;
            }
            dispatch({ type: "toggle", offering: o, category: c, kind, on });
            if (on && single) setPending(false);
          }}
        />
        <label htmlFor={id} className="fc-booking-offering__label">
          <span className="fc-booking-offering__name">{o.name}</span>
          <PriceTag o={o} hasAgreement={hasAgreement} t={t} />
        </label>
      </div>
      {o.description && (
        <p id={`${id}-d`} className="fc-booking-offering__desc">
          {o.description}
        </p>
      )}
      {checked && o.unitPrice && chosen && (
        <div className="fc-booking-offering__extra">
          <label className="fc-booking-label" htmlFor={`${id}-u`}>
            {t("bookingQuantityLabel")} ({o.unitPrice.unit})
          </label>
          <select
            id={`${id}-u`}
            className="fc-booking-select"
            value={chosen.units}
            onChange={(e) => dispatch({ type: "units", code: o.code, units: Number(e.target.value) })}
          >
            {Array.from({ length: Math.max(0, o.unitPrice.maximum - o.unitPrice.minimum) + 1 }, (_, i) => o.unitPrice!.minimum + i).map((n) => (
              <option key={n} value={n}>
                {n} {o.unitPrice!.unitAbbreviation}
              </option>
            ))}
          </select>
        </div>
      )}
      {checked && o.code === ORIGINAL_SERVICE && (
        <div className="fc-booking-offering__extra">
          <label className="fc-booking-label" htmlFor={`${id}-m`}>
            {t("bookingMileageLabel")}
          </label>
          <input
            id={`${id}-m`}
            className="fc-booking-input fc-booking-input--short"
            inputMode="numeric"
            min={0}
            placeholder={t("bookingMileagePlaceholder")}
            value={mileageText}
            aria-invalid={mileageTouched && mileageBad ? true : undefined}
            aria-describedby={mileageTouched && mileageBad ? `${id}-me` : undefined}
            onBlur={() => setMileageTouched(true)}
            onChange={(e) => {
              const v = e.target.value.replace(/[^\d]/g, "").slice(0, 7);
              setMileageText(v);
              dispatch({ type: "mileage", mileage: parseMileage(v) });
            }}
          />
          {mileageTouched && mileageBad && (
            <p id={`${id}-me`} className="fc-booking-field__error">
              {t("bookingMileageError")}
            </p>
          )}
        </div>
      )}
      {checked && o.allowUserInput && (
        <div className="fc-booking-offering__extra">
          <label className="fc-booking-label" htmlFor={`${id}-t`}>
            {t("bookingMessageLabel")}
          </label>
          <textarea
            id={`${id}-t`}
            className="fc-booking-input fc-booking-textarea"
            rows={2}
            maxLength={MESSAGE_MAX}
            value={chosen?.userInput ?? ""}
            aria-invalid={!chosen ? true : undefined}
            aria-describedby={`${id}-c${!chosen ? ` ${id}-te` : ""}`}
            onChange={(e) => {
              const text = e.target.value.slice(0, MESSAGE_MAX);
              dispatch({ type: "userInput", offering: o, category: c, kind, text });
              setPending(text.trim() === "");
            }}
          />
          <div className="fc-booking-counter" id={`${id}-c`}>
            {`${(chosen?.userInput ?? "").length}/${MESSAGE_MAX}`}
          </div>
          {!chosen && (
            <p id={`${id}-te`} className="fc-booking-field__error">
              {t("bookingMessageRequired")}
            </p>
          )}
        </div>
      )}
    </li>
  );
}

export function StepOfferings({
  kind,
  car,
  location,
  store,
  dispatch,
  t,
}: {
  kind: "service" | "addon";
  car: Car;
  location: Location;
  store: BookingStore;
  dispatch: Dispatch<Action>;
  t: T;
}) {
  const [load, setLoad] = useState<Load<Category[]>>({ status: "loading" });
  const [pending, setPending] = useState<Record<string, boolean>>({});
  const offerings = useLatestCall();

  useEffect(() => {
    setLoad({ status: "loading" });
    void offerings.run((signal) => fetchOfferings(kind === "service" ? "services" : "addons", car.registrationNumber, location.latitude, location.longitude, signal)).then((o) => {
      if (!o) return;
      if (o.ok) {
        const data = o.value;
        if (kind === "addon" && !data.some((c) => c.offerings.length > 0)) {
          dispatch({ type: "addonsDone", withAddons: false });
          return;
        }
        setLoad(data.length ? { status: "ok", data } : { status: "error", message: "empty" });
      } else {
        const err = o.error;
        if (kind === "addon") {
          dispatch({ type: "addonsDone", withAddons: false });
          return;
        }
        pushDataLayer({ event: "event_error", error: "SERVICES_FETCH_FAILED", flow: "service_booking" });
        console.warn("service booking: services failed", err);
        setLoad({ status: "error", message: String(err) });
      }
    });
    return offerings.cancel;
  }, [kind, car.registrationNumber, location.latitude, location.longitude, dispatch, offerings]);

  const mine = Object.values(store.services).filter((e) => e.type === kind);
  const hasAgreement = car.hasServiceAgreement;

  if (load.status === "loading" || load.status === "idle") {
    return (
      <div className="fc-booking-loading" role="status">
        <span className="fc-booking-spinner" aria-hidden="true" />
        {t("bookingSearching")}
      </div>
    );
  }
  if (load.status === "error") {
    const mail = t("supportEmail");
    return (
      <div role="alert" className="fc-booking__error">
        <p>{t("bookingErrorServices")}</p>
        <p className="fc-booking__hint">
          {t("bookingSupportText")} <a href={`mailto:${mail}`}>{mail}</a>
        </p>
      </div>
    );
  }
  const anyUnknown = load.data.some((c) => c.offerings.some((o) => o.isAvailable && !o.priceKnown));
  return (
    <div className="fc-booking-offerings">
      {kind === "service" && (
        <>
          <p className={`fc-booking-brand${store.hasBrand ? " fc-booking-brand--yes" : ""}`}>
            {store.hasBrand ? t("bookingAuthorized", { brand: car.brand }) : t("bookingNotAuthorized")}
          </p>
          {hasAgreement && <p className="fc-booking-note fc-booking-note--agreement">{t("bookingServiceAgreement")}</p>}
        </>
      )}
      {load.data
        .filter((c) => c.offerings.length > 0)
        .map((c) => (
          <fieldset key={c.name} className="fc-booking-category">
            <legend className="fc-booking-category__legend">
              <CategoryIcon icon={c.icon} />
              {c.name}
            </legend>
            <ul className="fc-booking-category__list">
              {c.offerings.map((o) => (
                <OfferingRow
                  key={o.code}
                  o={o}
                  c={c}
                  kind={kind}
                  store={store}
                  dispatch={dispatch}
                  t={t}
                  pending={!!pending[o.code] && !store.services[o.code]}
                  setPending={(on) => setPending((p) => ({ ...p, [o.code]: on }))}
                />
              ))}
            </ul>
          </fieldset>
        ))}
      {kind === "service" && <p className="fc-booking-note">{t("bookingMedianNote")}</p>}
      {anyUnknown && <p className="fc-booking-note fc-booking-note--small">{t("bookingPriceMissingNote")}</p>}
      <div className="fc-booking-actions">
        {kind === "service" ? (
          <button type="button" className="fc-button fc-button--primary" disabled={mine.length === 0} onClick={() => dispatch({ type: "servicesDone" })}>
            {t("bookingContinue")}
          </button>
        ) : (
          <>
            <button type="button" className="fc-button fc-button--primary" disabled={mine.length === 0} onClick={() => dispatch({ type: "addonsDone", withAddons: true })}>
              {t("bookingContinue")}
            </button>
            <button type="button" className="fc-button fc-button--secondary" disabled={mine.length > 0} onClick={() => dispatch({ type: "addonsDone", withAddons: false })}>
              {t("bookingContinueWithoutAddons")}
            </button>
          </>
        )}
      </div>
    </div>
  );
}
