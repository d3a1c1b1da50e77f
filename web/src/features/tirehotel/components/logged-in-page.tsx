import { useEffect, useState } from "react";
import { useT } from "../../../lib/page-context";
import { getUpcoming } from "../api/tirehotel-api";
import { hhmm, longDate } from "../rules";
import type { Tire, Upcoming, Validated } from "../types";
import { PageHeading } from "./page-heading";

const dimension = (t: Tire) => `${t.wheel.sectionWidth}/${t.wheel.aspectRatio} R${t.wheel.rimDiameter}`;
const depth = (mm: number) => `${new Intl.NumberFormat("sv-SE", { maximumFractionDigits: 1 }).format(mm)} mm`;
// The tyre's status class: 1 replace, 2 replace soon (the workshop's inspection), else fine.
const statusClass = (id: number) => (id === 1 ? "worn" : id === 2 ? "soon" : "ok");
const badgeSlug = (brand: string) => brand.toLowerCase().normalize("NFD").replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "") || "car";

/** LoggedInPage: the vehicle, its workshop and package, and the stored tyres (spec §2.2). */
export function LoggedInPage({ validated, onBook, onOtherCar }: { validated: Validated; onBook: () => void; onOtherCar: () => void }) {
  const t = useT();
  const v = validated.vehicles[0];
  const worn = v.tires.some((x) => x.wheel.threadStatusId === 1);
  // The customer's upcoming wheel changes, loaded after mount.
  const [upcoming, setUpcoming] = useState<Upcoming[]>([]);
  useEffect(() => {
    let live = true;
    getUpcoming().then(
      (list) => live && setUpcoming(list),
      () => live && setUpcoming([]),
    );
    return () => {
      live = false;
    };
  }, []);
  const when = (u: Upcoming) => (u.isFullDay ? `${longDate(u.appointmentTime.slice(0, 10))}, ${t("thFullDay")}` : `${longDate(u.appointmentTime.slice(0, 10))} kl. ${hhmm(u.appointmentTime)}`);
  const thisCar = upcoming.find((u) => u.regNo === v.regNo);
  return (
    <div className="fc-th-page">
      <PageHeading>{t("thLoggedInHeading")}</PageHeading>
      {worn && (
        <div className="fc-th-callout fc-th-callout--warning">
          <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24"><path fill="currentColor" d="M12 2 1 21h22L12 2Zm0 5 7.5 12h-15L12 7Zm-1 4v4h2v-4h-2Zm0 5v2h2v-2h-2Z" /></svg>
          <p>{t("thReplaceWarning")}</p>
        </div>
      )}
      <div className="fc-th-cards">
        <section className="fc-th-card" aria-labelledby="fc-th-vehicle">
          <h3 id="fc-th-vehicle">{t("thVehicleHeading")}</h3>
          <div className="fc-th-vehicle">
            <img src={`/-/media/demo/brand/${badgeSlug(v.brand)}.svg`} alt="" width="48" height="48" loading="lazy" />
            <div>
              <p className="fc-th-vehicle__name">{v.name || `${v.brand} ${v.model}`}</p>
              <p className="fc-th-regplate"><span className="fc-visually-hidden">{t("thRegNo")} </span>{v.regNo}</p>
            </div>
          </div>
          <dl className="fc-th-dl">
            <dt>{t("thPackage")}</dt>
            <dd>{v.packageLevel}</dd>
          </dl>
        </section>
        <section className="fc-th-card" aria-labelledby="fc-th-workshop">
          <h3 id="fc-th-workshop">{t("thWorkshop")}</h3>
          <p className="fc-th-strong">{v.location.locationName}</p>
          <p className="fc-th-muted">{v.location.departmentName}</p>
          {v.location.address && <p>{v.location.address}</p>}
          <dl className="fc-th-dl">
            {v.location.phone && (<><dt>{t("thPhone")}</dt><dd><a href={`tel:${v.location.phone.replace(/[^\d+]/g, "")}`}>{v.location.phone}</a></dd></>)}
            {v.location.email && (<><dt>{t("thEmail")}</dt><dd><a href={`mailto:${v.location.email}`}>{v.location.email}</a></dd></>)}
          </dl>
        </section>
      </div>
      <section className="fc-th-tires" aria-labelledby="fc-th-tires">
        <h3 id="fc-th-tires">{t("thTiresHeading")}</h3>
        {v.lastInspection && (
          <div className="fc-th-inspection">
            <p>
              {t("thInspected", "Verkstaden kontrollerade däcken {date}:", { date: longDate(v.lastInspection.date) })}{" "}
              <span className={`fc-th-status fc-th-status--${v.lastInspection.status === "replace" ? "worn" : v.lastInspection.status === "replace_soon" ? "soon" : "ok"}`}>{v.lastInspection.text}</span>
            </p>
            {v.lastInspection.note && <p className="fc-th-muted">{t("thInspectionNote", "Verkstadens kommentar")}: {v.lastInspection.note}</p>}
          </div>
        )}
        <div className="fc-th-table-wrap">
          <table className="fc-th-table">
            <thead>
              <tr>
                <th scope="col">{t("thPosition")}</th>
                <th scope="col">{t("thTire")}</th>
                <th scope="col">{t("thDimension")}</th>
                <th scope="col">{t("thPattern")}</th>
                <th scope="col">{t("thTread")}</th>
                <th scope="col">{t("thStatus")}</th>
              </tr>
            </thead>
            <tbody>
              {v.tires.map((tire, i) => (
                <tr key={`${tire.equipmentPosition}-${i}`} className={tire.wheel.threadStatusId === 1 ? "is-worn" : undefined}>
                  <th scope="row">{t(`thPosition_${tire.equipmentPosition}`, tire.equipmentPosition)}</th>
                  <td data-label={t("thTire")}>{tire.wheel.name}</td>
                  <td data-label={t("thDimension")}>{dimension(tire)}</td>
                  <td data-label={t("thPattern")}>{tire.wheel.threadPattern}</td>
                  <td data-label={t("thTread")}>{depth(tire.wheel.threadDepth)}</td>
                  <td data-label={t("thStatus")}><span className={`fc-th-status fc-th-status--${statusClass(tire.wheel.threadStatusId)}`}>{tire.wheel.threadStatusMessage}</span></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      {upcoming.length > 0 && (
        <section className="fc-th-upcoming" aria-labelledby="fc-th-upcoming">
          <h3 id="fc-th-upcoming">{t("thUpcomingHeading", "Dina bokade hjulskiften")}</h3>
          <ul>
            {upcoming.map((u) => (
              <li key={u.bookingConfirmationId} className="fc-th-card">
                <p className="fc-th-strong">{when(u)}</p>
                <p>{u.regNo} · {u.workshop.name} · <span className="fc-th-ref">{u.bookingConfirmationId}</span></p>
                {u.manageUrl && <p><a href={u.manageUrl}>{t("thUpcomingChange", "Ändra eller avboka")}<span className="fc-visually-hidden"> {u.bookingConfirmationId}</span></a></p>}
              </li>
            ))}
          </ul>
        </section>
      )}
      {thisCar && (
        <div className="fc-th-callout fc-th-callout--info" role="note">
          <p>
            {t("thSecondWarning", "Du har redan ett hjulskifte bokat för {regNo} den {date}. Vill du ändra den tiden i stället?", { regNo: v.regNo, date: when(thisCar) })}{" "}
            {thisCar.manageUrl && <a href={thisCar.manageUrl}>{t("thUpcomingChange", "Ändra eller avboka")}</a>}
          </p>
        </div>
      )}
      <div className="fc-th-actions">
        <button type="button" className="fc-button fc-button--primary" onClick={onBook}>{t("thBookWheelChange")}</button>
        <button type="button" className="fc-button fc-button--secondary" onClick={onOtherCar}>{t("thOtherCar")}</button>
      </div>
    </div>
  );
}
