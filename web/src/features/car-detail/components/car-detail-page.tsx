import { useEffect, useState, type ComponentType } from "react";
import type { BlockProps } from "../../../app/block-props";
import { usePage, useT } from "../../../lib/page-context";
import { imageURL } from "../../../lib/media";
import { requestCompareToggle } from "../../../lib/compare-toggle";
import { useCompareList } from "../../../lib/use-compare-list";
import type { Car, Detail } from "../types";
import type { TestDriveProps } from "./test-drive-dialog";
import { MediaSection } from "./media-section";
import { LoanCalculator } from "./loan-calculator";
import { LeasingBlocks } from "./leasing-blocks";
import { ContactForm } from "./contact-form";
import { Collapse } from "./collapse";
import { PriceSection } from "./price-section";
import { CompactCarCard } from "../../../components/car-card/compact-car-card";
import { FavouriteButton } from "../../../components/favourite-button/favourite-button";
import "../car-detail.css";
import { valueText } from "../../../lib/value-text";
import type { T } from "../../../lib/text";



export const TECH_ROWS_FIRST = 5;
export const SCROLL_DELAY_MS = 200;
export const scrollOffset = (width: number) => (width >= 768 ? 112 : 250);

/** useContactAnchor scrolls to the form 200 ms after a hash containing 'contact'. */
function useContactAnchor() {
  useEffect(() => {
    let timer = 0;
    const go = () => {
      if (!window.location.hash.includes("contact")) return;
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        const el = document.getElementById("contact-form") ?? document.getElementById("contact");
        if (!el) return;
        const top = el.getBoundingClientRect().top + window.scrollY - scrollOffset(window.innerWidth);
        window.scrollTo({ top, behavior: "smooth" });
      }, SCROLL_DELAY_MS);
    };
    go();
    window.addEventListener("hashchange", go);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener("hashchange", go);
    };
  }, []);
}

/** CarDetail is the car detail page block (or its not-found view). */
/** QuotePanel is the UK quote panel, which the component registry gives UK sites' car pages. */
export type QuotePanel = ComponentType<{ car: Car }>;

export function CarDetail({ data, quotePanel }: BlockProps<Detail> & { quotePanel?: QuotePanel }) {
  const t = useT();
  if (!data) return null;
  if (!data.found || !data.car) return <NotFoundView data={data} t={t} />;
  return <CarView data={data} car={data.car} t={t} QuotePanel={quotePanel} />;
}

function CarView({ data, car, t, QuotePanel }: { data: Detail; car: Car; t: T; QuotePanel?: QuotePanel }) {
  const page = usePage();
  const compare = useCompareList();
  useContactAnchor();
  const inCompare = compare.some((c) => c.car_id === car.car_id);
  const carstore = page.site.isCarStore;
  const lcv = car.car_vehicle_type_code === "LCV";
  const dealerName = data.dealer?.site_official_name || car.car_site_name || "";
  const sellers = (car.car_sellers ?? []).filter((s) => s.phone || s.email);
  const recipient = { toName: dealerName, toEmail: sellers.find((s) => s.email)?.email || data.dealer?.site_email || "" };
  const rows = techRows(car, t);
  const [allRows, setAllRows] = useState(false);
  // The test-drive dialog loads on the first press of its button: none of it is in the page's first load.
  const [TestDrive, setTestDrive] = useState<ComponentType<TestDriveProps> | null>(null);
  const overview: [string, unknown][] = [
    [t("carDetailYear", "Model year"), car.car_year],
    [t("carDetailMileage", "Mileage"), car.car_mileage_text],
    [t("carDetailFuel", "Fuel"), valueText(t, car.car_fuel ?? "")],
    [t("carDetailGearbox", "Gearbox"), valueText(t, car.car_gearbox ?? "")],
    [t("carDetailBody", "Body"), valueText(t, car.car_body ?? "")],
    [t("carDetailColor", "Colour"), valueText(t, car.car_color ?? "")],
    [t("carDetailDrive", "Drive"), valueText(t, car.car_drive ?? "")],
    [t("carDetailPower", "Power"), car.car_power_text],
    [t("carDetailFirstRegistration", "First registered"), car.car_firstregistration],
    [t("carDetailRegNo", "Registration"), car.car_regno],
  ];
  const back = () => {
    if (window.history.length > 1) window.history.back();
    else window.location.assign(data.carListPath || "/");
  };
  const addr = [data.dealer?.site_street, [data.dealer?.site_zip, data.dealer?.site_city].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  const dealerImg = data.dealer?.site_primary_image?.thumbnail_url || data.dealer?.site_primary_image?.original;
  return (
    <article className={`fc-cd${carstore ? " fc-cd--carstore" : ""}`}>
      <div className="fc-container">
        <div className="fc-cd__topbar">
          <button type="button" className="fc-cd__back" onClick={back}><span aria-hidden="true">‹</span>{t("back", "Back")}</button>
          {dealerName && <a className="fc-cd__dealer-link" href="#contact">{dealerName}{car.car_site_city ? `, ${car.car_site_city}` : ""}</a>}
        </div>
        <div className="fc-cd__hero">
          <div className="fc-cd__media">
            <MediaSection car={car} isUK={page.site.isUK} t={t} />
          </div>
          <aside className="fc-cd__summary" aria-labelledby="fc-cd-title">
            {car.car_condition && <p className="fc-cd__eyebrow">{valueText(t, car.car_condition)}{car.car_is_sample ? ` · ${t("carDetailSample", "New car to order")}` : ""}</p>}
            <h1 id="fc-cd-title" className="fc-cd__title">{car.car_brand} {car.car_model}</h1>
            {car.car_model_text && <p className="fc-cd__model-text">{car.car_model_text}</p>}
            <div className="fc-cd__price">
              {car.car_has_campaign_price && car.car_retail_price_text ? (
                <>
                  <span className="fc-cd__price-now fc-cd__price-now--campaign">{car.car_is_sample && <span className="fc-cd__from">{t("carDetailFrom", "from")} </span>}{car.car_campaign_price_text || car.car_price_text}</span>
                  <s className="fc-cd__price-was"><span className="fc-visually-hidden">{t("carDetailRetailPrice", "Retail price")} </span>{car.car_retail_price_text}</s>
                </>
              ) : (
                <span className="fc-cd__price-now">{car.car_is_sample && <span className="fc-cd__from">{t("carDetailFrom", "from")} </span>}{car.car_price_text}</span>
              )}
              <span className="fc-cd__vat">{lcv ? t("carDetailPriceExVat", "Price excl. VAT") : t("carDetailPriceIncVat", "Price incl. VAT")}</span>
            </div>
            <div className="fc-cd__badges">
              {car.car_vat_eligible && <span className="fc-badge">{t("carDetailVatEligible", "VAT deductible car")}</span>}
              {carstore && car.car_vat_eligible && <span className="fc-badge fc-badge--vat">{t("carDetailDeductibleVat", "Deductible VAT")}</span>}
              {car.car_has_campaign_price && <span className="fc-badge fc-badge--campaign">{t("carDetailCampaign", "Campaign")}</span>}
            </div>
            <ul className="fc-chips">
              {[car.car_year, car.car_mileage_text, valueText(t, car.car_fuel ?? ""), valueText(t, car.car_gearbox ?? "")].filter(Boolean).map((c) => <li key={String(c)}>{String(c)}</li>)}
            </ul>
            <div className="fc-cd__cta">
              <a className="fc-button fc-button--primary" href="#contact-form">{t("carDetailContactDealer", "Contact the dealer")}</a>
              <button type="button" className="fc-button fc-button--secondary" aria-haspopup="dialog"
                onClick={() => import("./test-drive-dialog").then((m) => setTestDrive(() => m.TestDriveDialog))}>{t("carDetailBookTestDrive", "Book a test drive")}</button>
              {TestDrive && <TestDrive car={car} onClose={() => setTestDrive(null)} />}
              <a className="fc-button fc-button--ghost" href="#contact-quote">{t("carDetailGetQuote", "Get a quote")}</a>
              <button type="button" className="fc-button fc-button--ghost" aria-pressed={inCompare}
                onClick={() => requestCompareToggle({ car })}>
                {inCompare ? t("compareRemoveThis", "Remove from compare") : t("compareAdd", "Add to compare")}
              </button>
              <FavouriteButton car={{ car_id: car.car_id, slug: car.slug, car_brand: car.car_brand, car_model: car.car_model }} t={t} withText />
            </div>
          </aside>
        </div>

        <nav className="fc-cd__anchors" aria-label={t("carDetailSections", "Sections")}>
          <a href="#overview">{t("carDetailOverview", "Overview")}</a>
          {(car.car_equipment?.length ?? 0) > 0 && <a href="#equipment">{t("carDetailEquipment", "Equipment")}</a>}
          {car.car_description && <a href="#description">{t("carDetailDescription", "Description")}</a>}
          <a href="#contact">{t("carDetailContact", "Contact")}</a>
        </nav>

        <div className="fc-cd__body">
          <div className="fc-cd__main">
            <section id="overview" className="fc-cd__section" aria-labelledby="fc-cd-overview">
              <h2 id="fc-cd-overview">{t("carDetailOverview", "Overview")}</h2>
              <dl className="fc-cd__overview">
                {overview.filter(([, v]) => v !== undefined && v !== null && v !== "" && v !== 0).map(([k, v]) => (
                  <div key={k}><dt>{k}</dt><dd>{String(v)}</dd></div>
                ))}
              </dl>
              {rows.length > 0 && (
                <>
                  <h3>{t("carDetailTechnicalData", "Technical data")}</h3>
                  <table className="fc-cd__tech">
                    <tbody>
                      {(allRows ? rows : rows.slice(0, TECH_ROWS_FIRST)).map(([k, v]) => (
                        <tr key={k}><th scope="row">{k}</th><td>{v}</td></tr>
                      ))}
                    </tbody>
                  </table>
                  {rows.length > TECH_ROWS_FIRST && (
                    <button type="button" className="fc-linklike" aria-expanded={allRows} onClick={() => setAllRows((a) => !a)}>
                      {allRows ? t("showLess", "Show less") : t("showAll", "Show all")}
                    </button>
                  )}
                </>
              )}
            </section>
            <PriceSection car={car} locale={page.site.locale} currency={car.car_price_currency || page.site.currency} t={t} />
            {(car.car_equipment?.length ?? 0) > 0 && (
              <section id="equipment" className="fc-cd__section" aria-labelledby="fc-cd-equipment">
                <h2 id="fc-cd-equipment">{t("carDetailEquipment", "Equipment")}</h2>
                <Collapse height={50} more={t("showAll", "Show all")} less={t("showLess", "Show less")}>
                  <ul className="fc-cd__equipment">{car.car_equipment!.map((e) => <li key={e}>{e}</li>)}</ul>
                </Collapse>
              </section>
            )}
            {car.car_description && (
              <section id="description" className="fc-cd__section" aria-labelledby="fc-cd-description">
                <h2 id="fc-cd-description">{t("carDetailDescription", "Description")}</h2>
                <Collapse height={300} more={t("readMore", "Read more")} less={t("showLess", "Show less")}>
                  <div className="fc-cd__description">{car.car_description.split(/\n{2,}/).map((p, i) => <p key={i}>{p}</p>)}</div>
                </Collapse>
              </section>
            )}
          </div>
          <div className="fc-cd__finance">
            {page.site.isUK ? (
              QuotePanel && <QuotePanel car={car} />
            ) : (
              data.loan && <LoanCalculator carId={car.car_id} loan={data.loan} locale={page.site.locale} currency={car.car_price_currency || page.site.currency} t={t} />
            )}
            {data.leasing && <LeasingBlocks leasing={data.leasing} locale={page.site.locale} t={t} />}
          </div>
        </div>

        <section id="contact" className="fc-cd__section fc-cd__contact" aria-labelledby="fc-cd-contact">
          <h2 id="fc-cd-contact">{t("carDetailContact", "Contact")}</h2>
          <div className="fc-cd__contact-grid">
            <div className="fc-cd__dealer">
              {dealerImg && <img src={imageURL(dealerImg, 640)} alt="" width={640} height={360} loading="lazy"
                style={data.dealer?.site_primary_image?.blur_data_url ? { backgroundImage: `url("${data.dealer.site_primary_image.blur_data_url}")` } : undefined} />}
              <h3>{dealerName}</h3>
              {addr && (
                <p>{addr}<br />
                  <a href={`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${dealerName}, ${addr}`)}`} target="_blank" rel="noopener noreferrer">
                    {t("carDetailShowOnMap", "Show on map")}
                  </a>
                </p>
              )}
              {data.dealer?.site_phone && <p><a href={`tel:${data.dealer.site_phone.replace(/\s/g, "")}`}>{data.dealer.site_phone}</a></p>}
              {data.dealer?.site_email && <p><a href={`mailto:${data.dealer.site_email}`}>{data.dealer.site_email}</a></p>}
              {data.dealer?.slug && <a className="fc-button fc-button--secondary" href={`${data.siteDetailPath}${data.dealer.slug}`}>{t("carDetailDealerPage", "Dealer page")}</a>}
              {sellers.length > 0 && (
                <ul className="fc-cd__sellers" aria-label={t("carDetailSellers", "Sellers")}>
                  {sellers.map((s) => (
                    <li key={s.name + s.email}>
                      <strong>{s.name}</strong>
                      {s.phone && <a href={`tel:${s.phone.replace(/\s/g, "")}`}>{s.phone}</a>}
                      {s.email && <a href={`mailto:${s.email}`}>{s.email}</a>}
                    </li>
                  ))}
                </ul>
              )}
            </div>
            <div id="contact-form" className="fc-cd__form">
              <h3>{t("carDetailFormTitle", "Contact the dealer")}</h3>
              <span id="contact-quote" /><span id="contact-testdrive" />
              <ContactForm car={car} recipient={recipient} sellerSites={car.car_is_sample ? data.sellerSites : undefined} t={t} />
            </div>
          </div>
        </section>
      </div>
    </article>
  );
}

function techRows(car: Car, t: T): [string, string][] {
  const spec: [string, string, string][] = [
    ["car_power_text", "carDetailPower", "Power"],
    ["car_acceleration_text", "carDetailAcceleration", "0–100 km/h"],
    ["car_fuel_combined_text", "carDetailConsumption", "Consumption"],
    ["car_emission_mixed_text", "carDetailEmission", "CO₂"],
    ["wltp_electric_range_text", "carDetailRange", "Range (WLTP)"],
    ["wltp_electric_consumption_text", "carDetailElConsumption", "Energy use"],
    ["battery_size_text", "carDetailBattery", "Battery"],
    ["electric_charging_speed_ac_text", "carDetailChargeAC", "Charging AC"],
    ["electric_charging_speed_dc_text", "carDetailChargeDC", "Charging DC"],
    ["car_fuel_tank_capacity_text", "carDetailTank", "Fuel tank"],
    ["car_service_weight_text", "carDetailWeight", "Kerb weight"],
    ["car_cargo_volume_text", "carDetailCargo", "Cargo volume"],
    ["car_length_text", "carDetailLength", "Length"],
    ["car_width_text", "carDetailWidth", "Width"],
    ["car_height_text", "carDetailHeight", "Height"],
    ["car_seats", "carDetailSeats", "Seats"],
    ["car_doors", "carDetailDoors", "Doors"],
    ["car_chassino", "carDetailVin", "VIN"],
  ];
  return spec.filter(([f]) => car[f] !== undefined && car[f] !== "" && car[f] !== 0 && car[f] !== null).map(([f, k, l]) => [t(k, l), String(car[f])]);
}

function NotFoundView({ data, t }: { data: Detail; t: T }) {
  const recs = data.recommendations ?? [];
  const page = usePage();
  const listHref = `${data.carListPath || "/"}${data.keyphrase ? `?keyphrase=${encodeURIComponent(data.keyphrase)}` : ""}`;
  return (
    <section className="fc-container fc-cd-notfound" aria-labelledby="fc-cd-nf">
      <h1 id="fc-cd-nf">{t("carDetailNotFoundTitle", "The car could not be found")}</h1>
      {/* A heading over the suggestions: their cards' titles are h3. */}
      {recs.length > 0 && <h2 className="fc-cd-notfound__lead">{t("carDetailNotFoundText", "It may have been sold already. Perhaps one of these cars is of interest?")}</h2>}
      {recs.length > 0 && (
        <ul className="fc-cd-notfound__grid">
          {recs.slice(0, 8).map((c) => <li key={c.car_id}><CompactCarCard car={c} detailBase={page.dictionary.pathToCarDetail ?? "/bilar/"} /></li>)}
        </ul>
      )}
      <a className="fc-button fc-button--primary" href={listHref}>{t("carDetailNotFoundButton", "See all cars")}</a>
    </section>
  );
}
