// The dealer-site detail (CMS block "SiteDetail"): back link, name, maps
// link, phone, e-mail, map, departments with opening hours, brand logos and
// staff, the latest arrivals and a link to the site's cars.
import { useState } from "react";
import type { BlockProps } from "../../../app/block-props";
import { usePage, useT } from "../../../lib/page-context";
import { imageSrcSet, imageURL } from "../../../lib/media";
import { CarCard, type CarCardData } from "../../../components/car-card/car-card";
import type { DealerSite, Department } from "../types";
import { brandLogoURL, collapseBrandCodes } from "../../../lib/brand-codes";
import { SiteMap } from "../../../components/site-map/site-map";
import "../dealer-sites.css";

export interface SiteDetailData {
  site: DealerSite;
  arrivals: CarCardData[];
  carListHref: string;
  listHref: string;
  carDetailPath: string;
}


function back(e: React.MouseEvent<HTMLAnchorElement>) {
  const sameSite = document.referrer && new URL(document.referrer, window.location.href).origin === window.location.origin;
  if (window.history.length > 1 && sameSite) {
    e.preventDefault();
    window.history.back();
  }
}

export function SiteDetail({ data }: BlockProps<SiteDetailData>) {
  const t = useT();
  const page = usePage();
  if (!data) return null;
  const s = data.site;
  const address = [s.site_street, [s.site_zip, s.site_city].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  const mapsHref = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent([s.site_official_name, address].join(", "))}`;
  const img = s.site_primary_image?.original || s.site_primary_image?.thumbnail_url;
  const detailBase = (data.carDetailPath || "/").replace(/\/?$/, "/");
  return (
    <div className="fc-site-detail fc-container">
      <a className="fc-back-link" href={data.listHref} onClick={back}>
        <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16">
          <path d="M10 3L5 8l5 5" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
        {t("backToAllSites", "Alla anläggningar")}
      </a>
      <header className="fc-site-detail__header">
        <div className="fc-site-detail__intro">
          <h1 className="fc-page-title">{s.site_official_name}</h1>
          <p className="fc-site-detail__address">{address}</p>
          <ul className="fc-contact-list">
            <li>
              <a href={mapsHref} target="_blank" rel="noopener noreferrer">
                {t("openInMaps", "Visa på karta")}
              </a>
            </li>
            {s.site_phone && (
              <li>
                <span>{t("phoneLabel", "Telefon")}: </span>
                <a href={`tel:${s.site_phone.replace(/[^\d+]/g, "")}`}>{s.site_phone}</a>
              </li>
            )}
            {s.site_email && (
              <li>
                <span>{t("emailLabel", "E-post")}: </span>
                <a href={`mailto:${s.site_email}`}>{s.site_email}</a>
              </li>
            )}
          </ul>
          {data.carListHref && (
            <a className="fc-button fc-button--primary" href={data.carListHref}>
              {t("seeAllCarsAtSite", "Se alla bilar hos {name}", { name: s.site_official_name })}
            </a>
          )}
        </div>
        <div className="fc-site-detail__media">
          {img ? (
            <div className="fc-site-detail__image" style={s.site_primary_image?.blur_data_url ? { backgroundImage: `url("${s.site_primary_image.blur_data_url}")` } : undefined}>
              <img src={imageURL(img, 1280)} srcSet={imageSrcSet(img)} sizes={imageSrcSet(img) ? "(min-width: 1024px) 50vw, 100vw" : undefined} alt={s.site_official_name} width={1280} height={720} />
            </div>
          ) : (
            <div className="fc-site-detail__placeholder" aria-hidden="true" />
          )}
        </div>
      </header>
      <SiteMap geo={s.site_geocoord} label={t("mapLabel", "Karta över {name}", { name: s.site_official_name })} tileUrl={page.dictionary.mapTileUrl} />
      {s.site_departments && s.site_departments.length > 0 && (
        <section className="fc-departments" aria-labelledby="fc-departments">
          <h2 id="fc-departments">{t("departments", "Avdelningar")}</h2>
          <div className="fc-departments__grid">
            {s.site_departments.map((d, i) => (
              <DepartmentCard key={`${d.name}-${i}`} d={d} />
            ))}
          </div>
        </section>
      )}
      {data.arrivals.length > 0 && (
        <section className="fc-arrivals" aria-labelledby="fc-arrivals">
          <h2 id="fc-arrivals">{t("latestArrivals", "Senast inkomna bilar")}</h2>
          <ul className="fc-car-grid">
            {data.arrivals.map((c) => (
              <li key={c.car_id}>
                <CarCard car={c} href={`${detailBase}${c.car_id}/${c.slug}`} locale={page.site.locale} currency={page.site.currency} mileageUnit={t("mileageUnit", "km")} t={t} />
              </li>
            ))}
          </ul>
          {data.carListHref && (
            <p>
              <a className="fc-button fc-button--secondary" href={data.carListHref}>
                {t("seeAllCarsAtSite", "Se alla bilar hos {name}", { name: s.site_official_name })}
              </a>
            </p>
          )}
        </section>
      )}
    </div>
  );
}

function DepartmentCard({ d }: { d: Department }) {
  const t = useT();
  const [staff, setStaff] = useState(false);
  const [broken, setBroken] = useState<Record<string, boolean>>({});
  const codes = collapseBrandCodes((d.brands ?? []).map((b) => b.brand_code).filter(Boolean));
  const users = (d.users ?? []).filter((u) => u.first_name || u.last_name);
  const hours = d.openingschedule?.openinghours ?? [];
  const deviations = d.openingschedule?.deviationdays ?? [];
  const staffId = `staff-${d.name.replace(/\W+/g, "-")}`;
  return (
    <article className="fc-department">
      <h3>{d.name}</h3>
      {codes.length > 0 && (
        <ul className="fc-department__brands" aria-label={t("brandsLabel", "Märken")}>
          {codes.map((c) =>
            broken[c] ? null : (
              <li key={c}>
                <img src={brandLogoURL(c)} alt={(d.brands ?? []).find((b) => b.brand_code === c)?.name ?? c} width={56} height={28} onError={() => setBroken((b) => ({ ...b, [c]: true }))} />
              </li>
            ),
          )}
        </ul>
      )}
      <ul className="fc-contact-list">
        {d.phone && (
          <li>
            <span>{t("phoneLabel", "Telefon")}: </span>
            <a href={`tel:${d.phone.replace(/[^\d+]/g, "")}`}>{d.phone}</a>
          </li>
        )}
        {d.email && (
          <li>
            <span>{t("emailLabel", "E-post")}: </span>
            <a href={`mailto:${d.email}`}>{d.email}</a>
          </li>
        )}
      </ul>
      {hours.length > 0 && (
        <>
          <h4>{t("openingHours", "Öppettider")}</h4>
          <dl className="fc-hours">
            {hours.map((h) => (
              <div key={h.day}>
                <dt>{h.day}</dt>
                <dd>{h.displayText}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
      {deviations.length > 0 && (
        <details className="fc-deviations">
          <summary>{t("deviationDays", "Avvikande öppettider")}</summary>
          <dl className="fc-hours">
            {deviations.map((h) => (
              <div key={h.day}>
                <dt>{h.day}</dt>
                <dd>{h.displayText}</dd>
              </div>
            ))}
          </dl>
        </details>
      )}
      {users.length > 0 && (
        <>
          <button type="button" className="fc-linklike fc-department__staff-toggle" aria-expanded={staff} aria-controls={staffId} onClick={() => setStaff((s) => !s)}>
            {staff ? t("hideStaff", "Dölj personal") : t("showStaff", "Visa personal")} ({users.length})
          </button>
          <ul id={staffId} className="fc-staff" hidden={!staff}>
            {users.map((u, i) => (
              <li key={i}>
                <strong>
                  {u.first_name} {u.last_name}
                </strong>
                {u.title && <span className="fc-staff__title">{u.title}</span>}
                {u.phone && <a href={`tel:${u.phone.replace(/[^\d+]/g, "")}`}>{u.phone}</a>}
                {u.email && <a href={`mailto:${u.email}`}>{u.email}</a>}
              </li>
            ))}
          </ul>
        </>
      )}
    </article>
  );
}
