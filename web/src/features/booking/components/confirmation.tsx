// Step 5: 'Bokning bekräftad' with the summary, the shared map, directions and 'Ny bokning'.
import { useEffect, useRef } from "react";
import { SiteMap } from "../../../components/site-map/site-map";
import { formatPrice, formatSlot, mapsSearchURL } from "../rules";
import type { Confirmation as Conf } from "../types";
import type { T } from "../../../lib/text";


export function Confirmation({ c, onNew, t }: { c: Conf; onNew: () => void; t: T }) {
  const headRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headRef.current?.focus(), []);
  const when = c.info.isFullDay ? `${formatSlot(c.info.time).replace(/ kl\. .*/, "")} – ${t("bookingFullDay")}` : formatSlot(c.info.time);
  return (
    <section className="fc-booking-confirmed" aria-labelledby="fc-booking-confirmed-h">
      <div className="fc-booking-confirmed__head">
        <span className="fc-booking-confirmed__badge" aria-hidden="true">
          <svg width="28" height="28" viewBox="0 0 16 16">
            <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </span>
        <h2 id="fc-booking-confirmed-h" ref={headRef} tabIndex={-1}>
          {t("bookingConfirmed")}
        </h2>
      </div>
      <p>{c.customer?.email ? t("bookingConfirmedText", { email: c.customer.email }) : t("bookingConfirmedTextAfterReload")}</p>
      <dl className="fc-booking-confirmed__facts">
        <div>
          <dt>{t("bookingReference")}</dt>
          <dd className="fc-booking-confirmed__ref">{c.response.id}</dd>
        </div>
        <div>
          <dt>{t("bookingCar")}</dt>
          <dd>
            {c.car.registrationNumber} · {c.car.brand} {c.car.model}
          </dd>
        </div>
        <div>
          <dt>{t("bookingTime")}</dt>
          <dd>{when}</dd>
        </div>
        <div>
          <dt>{t("bookingWorkshop")}</dt>
          <dd>
            {c.info.siteName}
            <br />
            {c.info.address}
          </dd>
        </div>
        <div>
          <dt>{t("bookingServices")}</dt>
          <dd>
            <ul className="fc-booking-summary__lines">
              {c.services.map((s) => (
                <li key={s.code}>
                  <span>{s.name}</span>
                  <span className="fc-booking-summary__price">{s.priceKnown ? formatPrice(s.price) : t("bookingPriceMissing")}</span>
                </li>
              ))}
            </ul>
          </dd>
        </div>
      </dl>
      <div className="fc-booking-confirmed__map">
        <SiteMap geo={{ latitude: String(c.info.latitude), longitude: String(c.info.longitude) }} label={t("bookingMap", { name: c.info.siteName })} tileUrl={t("mapTileUrl", "") || undefined} />
      </div>
      <div className="fc-booking-actions">
        <a className="fc-button fc-button--primary" href={mapsSearchURL(c.info.siteName, c.info.address, c.info.latitude, c.info.longitude)} target="_blank" rel="noopener noreferrer">
          {t("bookingDirections")}
        </a>
        <button type="button" className="fc-button fc-button--secondary" onClick={onNew}>
          {t("bookingNew")}
        </button>
        {c.response.calendarUrl && (
          <a className="fc-button fc-button--secondary" href={c.response.calendarUrl} download={`${c.response.id}.ics`}>
            {t("manageAddToCalendar", "Lägg till i kalender")}
          </a>
        )}
        {(c.response.manageUrl || c.response.cancelUrl) && (
          <a className="fc-booking-confirmed__cancel" href={c.response.manageUrl || c.response.cancelUrl}>
            {c.response.manageUrl ? t("manageChangeOrCancel", "Ändra tid eller avboka") : t("bookingCancelLink")}
          </a>
        )}
      </div>
    </section>
  );
}
