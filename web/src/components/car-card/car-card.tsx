// A car card of the result grids: picture with blur placeholder, brand and
// model, price and chips, and the compare toggle (the compare feature
// listens for the forecourt:compare-toggle event and owns the list).
import { imageURL } from "../../lib/media";
import { requestCompareToggle } from "../../lib/compare-toggle";
import { useCompareList } from "../../lib/use-compare-list";
import { COMPARE_BAR_ID, goToCompareBar } from "../../lib/compare-list";
import { FavouriteButton } from "../favourite-button/favourite-button";
import { formatNumber, moneyFormat } from "../../lib/format";
import { valueText } from "../../lib/value-text";
import { fill, type T } from "../../lib/text";

export interface CarCardData {
  car_id: number;
  slug: string;
  car_brand: string;
  car_model: string;
  car_model_text?: string;
  car_year?: number;
  car_mileage?: number;
  car_fuel?: string;
  car_gearbox?: string;
  car_price?: number;
  car_price_currency?: string;
  car_has_campaign_price?: boolean;
  car_campaign_price?: number;
  car_retail_price?: number;
  car_is_sample?: boolean;
  car_site_city?: string;
  car_primary_image?: { thumbnail_url?: string; blur_data_url?: string };
  /** The lowest monthly figure of loan and private leasing (the calculator's start) and which it is. */
  car_monthly_cost?: number;
  car_monthly_cost_type?: "loan" | "privateleasing" | string;
  /** A reduction within the last 30 days ('Sänkt pris'). */
  car_price_drop?: { amount: number; date: string };
  /** The fair-price label, set only when the model is confident, and its range and basis. */
  car_price_rating?: "good" | "fair" | "high" | string;
  car_price_estimate?: { low: number; high: number; basis: number };
}

/** priceRatingText is "Bra pris" and its basis ("jämfört med 143 liknande bilar"), or "" without a rating. */
export function priceRatingText(car: Pick<CarCardData, "car_price_rating" | "car_price_estimate">, t: (key: string, fallback?: string) => string): [string, string] | undefined {
  if (!car.car_price_rating || !car.car_price_estimate) return undefined;
  return [t(`priceRating_${car.car_price_rating}`, car.car_price_rating), t("priceBasis", "jämfört med {count} liknande bilar").replace("{count}", String(car.car_price_estimate.basis))];
}

/** Cards are at most ~450 CSS px wide: 1280 covers 2.8x screens. */
const CARD_WIDTHS = [320, 640, 1280] as const;

export function formatPrice(n: number | undefined, locale: string, currency: string): string {
  if (n === undefined || n === null || !Number.isFinite(n)) return "";
  try {
    return moneyFormat(locale, currency).format(n);
  } catch {
    return `${Math.round(n).toLocaleString(locale)} ${currency}`;
  }
}

/** monthlyText is the card's "Billån fr. 3 245 kr/mån" line, or "" when the car has no monthly figure. */
export function monthlyText(car: Pick<CarCardData, "car_monthly_cost" | "car_monthly_cost_type">, locale: string, currency: string, t: T): string {
  if (!car.car_monthly_cost || car.car_monthly_cost <= 0) return "";
  const tmpl = car.car_monthly_cost_type === "privateleasing" ? t("monthlyPrivateLeasing", "Privatleasing fr. {amount}/mån") : t("monthlyLoan", "Billån fr. {amount}/mån");
  return fill(tmpl, { amount: formatPrice(car.car_monthly_cost, locale, currency) });
}

export interface CarCardProps {
  car: CarCardData;
  href: string;
  locale: string;
  currency: string;
  mileageUnit: string;
  t: T;
  eager?: boolean;
}

export function CarCard({ car, href, locale, currency, mileageUnit, t, eager }: CarCardProps) {
  const compareList = useCompareList();
  const pressed = compareList.some((c) => Number(c.car_id) === car.car_id);
  // Right after the card last added (two or more chosen), a link to the
  // compare bar: the bar is fixed at the end of the page, many Tab stops on.
  const shortcut = compareList.length >= 2 && Number(compareList[compareList.length - 1].car_id) === car.car_id;
  const img = car.car_primary_image?.thumbnail_url;
  const blur = car.car_primary_image?.blur_data_url;
  const cur = car.car_price_currency || currency;
  const campaign = car.car_has_campaign_price && car.car_campaign_price ? car.car_campaign_price : undefined;
  const title = `${car.car_brand} ${car.car_model}`;
  const monthly = monthlyText(car, locale, cur, t);
  const rating = priceRatingText(car, t);
  const chipsList = [
    car.car_year ? String(car.car_year) : "",
    car.car_mileage !== undefined ? `${formatNumber(car.car_mileage, locale)} ${mileageUnit}` : "",
    valueText(t, car.car_fuel ?? ""),
    valueText(t, car.car_gearbox ?? ""),
  ].filter(Boolean);
  return (
    <article className="fc-car-card">
      <a className="fc-car-card__link" href={href}>
        <div className="fc-car-card__media" style={blur ? { backgroundImage: `url("${blur}")` } : undefined}>
          {img && (
            <img
              src={imageURL(img, 640)}
              srcSet={CARD_WIDTHS.map((w) => `${imageURL(img, w)} ${w}w`).join(", ")}
              sizes="(min-width: 1280px) 25vw, (min-width: 768px) 33vw, 100vw"
              alt={title}
              loading={eager ? "eager" : "lazy"}
              decoding="async"
              width={640}
              height={400}
            />
          )}
          {campaign !== undefined && <span className="fc-car-card__badge">{t("campaign", "Kampanj")}</span>}
        </div>
        <div className="fc-car-card__body">
          <h3 className="fc-car-card__title">{title}</h3>
          {car.car_model_text && <p className="fc-car-card__subtitle">{car.car_model_text}</p>}
          <ul className="fc-car-card__chips" aria-label={title}>
            {chipsList.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
          <p className="fc-car-card__price">
            {car.car_is_sample && <span className="fc-car-card__from">{t("fromPrice", "Från")} </span>}
            {campaign !== undefined ? (
              <>
                <strong className="fc-car-card__campaign">{formatPrice(campaign, locale, cur)}</strong>{" "}
                {car.car_price && car.car_price !== campaign ? <s>{formatPrice(car.car_price, locale, cur)}</s> : null}
              </>
            ) : (
              <strong>{formatPrice(car.car_price, locale, cur)}</strong>
            )}
          </p>
          {car.car_price_drop && <p className="fc-car-card__drop">{t("priceDropBadge", "Sänkt pris")}</p>}
          {rating && (
            <p className={`fc-car-card__rating fc-car-card__rating--${car.car_price_rating}`}>
              <strong>{rating[0]}</strong> {rating[1]}
            </p>
          )}
          {monthly && <p className="fc-car-card__monthly">{monthly}</p>}
          {car.car_site_city && <p className="fc-car-card__city">{car.car_site_city}</p>}
        </div>
      </a>
      <FavouriteButton car={car} t={t} className="fc-car-card__fav" />
      <button
        type="button"
        className="fc-car-card__compare"
        aria-pressed={pressed}
        aria-label={`${t("compare", "Jämför")} ${title}`}
        onClick={() => requestCompareToggle(car)}
      >
        <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16">
          <path d="M2 4h8M2 4l2-2M2 4l2 2M14 12H6m8 0l-2-2m2 2l-2 2" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
        {t("compare", "Jämför")}
      </button>
      {shortcut && (
        <a className="fc-car-card__to-compare" href={`#${COMPARE_BAR_ID}`} onClick={(e) => goToCompareBar() && e.preventDefault()}>
          {t("compareShortcut", "Jämför {count} bilar", { count: compareList.length })}
        </a>
      )}
    </article>
  );
}
