// The site block (CMS block "SiteBlock", spec §2.5): one dealer site (field
// Site = its slug) with its address, phone and picture, and up to 4 of its
// cars.
import { useId } from "react";
import type { BlockProps } from "../../../app/block-props";
import { useEditing, usePage, useT } from "../../../lib/page-context";
import { imageSrcSet, imageURL } from "../../../lib/media";
import { Text, textOf } from "../../../lib/fields";
import { CarCard } from "../../../components/car-card/car-card";
import type { SiteBlockData } from "../types";
import "../listings.css";

export function SiteBlock({ fields, data }: BlockProps<SiteBlockData>) {
  const t = useT();
  const page = usePage();
  const editing = useEditing();
  const id = useId();
  const site = data?.site;
  if (!site) return editing ? <p className="fc-container fc-listing__message">{t("siteBlockMissing", "Choose a dealer site for this block (field Site).")}</p> : null;
  const detailBase = data.carDetailPath || "/";
  return (
    <section className="fc-site-block" aria-labelledby={`${id}-title`}>
      <div className="fc-container">
        <div className="fc-site-block__site">
          <div className="fc-site-block__media" style={site.blur ? { backgroundImage: `url("${site.blur}")` } : undefined}>
            {site.image && <img src={imageURL(site.image, 640)} srcSet={imageSrcSet(site.image)} sizes="(min-width: 1024px) 40vw, 100vw" alt="" loading="lazy" width={640} height={360} />}
          </div>
          <div className="fc-site-block__info">
            {textOf(fields, "Title") && <p className="fc-site-block__eyebrow"><Text fields={fields} name="Title" tag="span" /></p>}
            <h2 id={`${id}-title`}>{site.name}</h2>
            <p className="fc-site-block__addr">{[site.street, [site.zip, site.city].filter(Boolean).join(" ")].filter(Boolean).join(", ")}</p>
            {site.phone && <p className="fc-site-block__phone"><span>{t("phoneLabel", "Phone")}: </span><a href={`tel:${site.phone.replace(/\s+/g, "")}`}>{site.phone}</a></p>}
            <div className="fc-site-block__actions">
              {site.href && <a className="fc-button fc-button--primary" href={site.href}>{t("siteBlockVisit", "About {name}", { name: site.name })}</a>}
              {data.carsHref && data.total > 0 && <a className="fc-button fc-button--secondary" href={data.carsHref}>{t("siteBlockAllCars", "All {count} cars", { count: data.total })}</a>}
            </div>
          </div>
        </div>
        {data.cars.length > 0 && (
          <>
            <h3 className="fc-site-block__cars-title" id={`${id}-cars`}>{t("latestArrivals", "Latest arrivals")}</h3>
            <ul className="fc-teaser-grid" aria-labelledby={`${id}-cars`}>
              {data.cars.map((c) => (
                <li key={c.car_id}>
                  <CarCard car={c} href={`${detailBase}${c.car_id}/${c.slug}`} locale={page.site.locale} currency={page.site.currency} mileageUnit={t("mileageUnit", "km")} t={t} />
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </section>
  );
}
