// The booking summary: a sticky side column on wide screens, a bottom drawer
// on phones (72 px collapsed, 80vh open) with an accessible toggle.
import { useId, useState } from "react";
import { formatChoice, formatPrice } from "../rules";
import { chosen, entryTotal } from "../store";
import type { BookingStore, ServiceEntry } from "../types";
import type { T } from "../../../lib/text";


export function totalOf(entries: ServiceEntry[], hasAgreement: boolean): { total: number; unknown: boolean } {
  let total = 0;
  let unknown = false;
  for (const e of entries) {
    if (!e.priceKnown) unknown = true;
    else total += entryTotal(e, hasAgreement);
  }
  return { total, unknown };
}

function Lines({ rows, hasAgreement, t }: { rows: [string, ServiceEntry][]; hasAgreement: boolean; t: T }) {
  return (
    <ul className="fc-booking-summary__lines">
      {rows.map(([code, e]) => (
        <li key={code}>
          <span>
            {e.name}
            {e.unit && e.units > 1 ? ` × ${e.units} ${e.unitAbbreviation}` : ""}
          </span>
          <span className="fc-booking-summary__price">{e.priceKnown ? formatPrice(entryTotal(e, hasAgreement)) : t("bookingPriceMissing")}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * priceSource says whose prices the summary shows: the chosen workshop's own
 * (once its prices have come) or the list's median prices.
 */
export function priceSource(store: BookingStore, t: T): string {
  const info = store.bookingInfo;
  if (info && store.pricedAt === info.departmentId) return t("bookingPricesAt", "Priser hos {name}", { name: info.siteName });
  return t("bookingPricesMedian");
}

export function Summary({ store, t }: { store: BookingStore; t: T }) {
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const hasAgreement = !!store.car?.hasServiceAgreement;
  const services = chosen(store, "service");
  const addons = chosen(store, "addon");
  const { total, unknown } = totalOf(Object.values(store.services), hasAgreement);
  const info = store.bookingInfo;
  const empty = !store.car && !store.location;
  return (
    <aside className={`fc-booking-summary${open ? " is-open" : ""}`} aria-labelledby={`${bodyId}-h`}>
      <div className="fc-booking-summary__inner">
        <button type="button" className="fc-booking-summary__toggle" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen((o) => !o)}>
          <span className="fc-booking-summary__toggle-text">{open ? t("bookingSummaryClose") : t("bookingSummaryOpen")}</span>
          <span className="fc-booking-summary__toggle-total">
            <span className="fc-visually-hidden">{t("bookingTotal")} </span>
            {formatPrice(total)}
            {unknown ? "*" : ""}
          </span>
          <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16" className="fc-booking-summary__chevron">
            <path d="M3 10l5-5 5 5" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
        <div id={bodyId} className="fc-booking-summary__body">
          <h2 id={`${bodyId}-h`} className="fc-booking-summary__title">
            {t("bookingSummary")}
          </h2>
          {empty ? (
            <p className="fc-booking-summary__empty">{t("bookingSummaryEmpty")}</p>
          ) : (
            <dl className="fc-booking-summary__list">
              {store.car && (
                <div>
                  <dt>{t("bookingCar")}</dt>
                  <dd>
                    <span className="fc-booking-summary__plate">{store.car.registrationNumber}</span> {store.car.brand} {store.car.model} {store.car.buildYear || ""}
                  </dd>
                </div>
              )}
              {store.location && (
                <div>
                  <dt>{t("bookingPlace")}</dt>
                  <dd>
                    {store.location.name}
                    {store.location.region ? `, ${store.location.region}` : ""}
                  </dd>
                </div>
              )}
              {services.length > 0 && (
                <div>
                  <dt>{t("bookingServices")}</dt>
                  <dd>
                    <Lines rows={services} hasAgreement={hasAgreement} t={t} />
                  </dd>
                </div>
              )}
              {addons.length > 0 && (
                <div>
                  <dt>{t("bookingAddons")}</dt>
                  <dd>
                    <Lines rows={addons} hasAgreement={hasAgreement} t={t} />
                  </dd>
                </div>
              )}
              {info && (
                <div>
                  <dt>{t("bookingWorkshop")}</dt>
                  <dd>
                    {info.siteName}
                    <br />
                    <span className="fc-booking-summary__muted">{info.address}</span>
                  </dd>
                </div>
              )}
              {info?.time && (
                <div>
                  <dt>{t("bookingTime")}</dt>
                  <dd>{formatChoice(info.time, info.isFullDay, t("bookingFullDay"))}</dd>
                </div>
              )}
            </dl>
          )}
          {Object.keys(store.services).length > 0 && (
            <div className="fc-booking-summary__total">
              <span>{t("bookingTotal")}</span>
              <strong>
                {formatPrice(total)}
                {unknown ? "*" : ""}
              </strong>
            </div>
          )}
          {Object.keys(store.services).length > 0 && <p className="fc-booking-note fc-booking-note--small fc-booking-summary__source">{priceSource(store, t)}</p>}
          {unknown && <p className="fc-booking-note fc-booking-note--small">{t("bookingPriceMissingNote")}</p>}
          {hasAgreement && Object.keys(store.services).length > 0 && <p className="fc-booking-note fc-booking-note--small">{t("bookingServiceAgreement")}</p>}
        </div>
      </div>
    </aside>
  );
}
