// The car page's price panel: the fair-price label with its range and
// basis, and the price history as a small chart and the same changes as a
// list in words ("Sänkt 12 000 kr den 12 november"). The chart is an image
// whose text alternative summarises it; the list is the data.
import { useMemo } from "react";
import type { Car } from "../types";
import "./price-panel.css";

type T = (k: string, f?: string) => string;

export interface PricePoint {
  date: string;
  price: number;
}

const fill = (s: string, vars: Record<string, string | number>) => s.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));

/** dayText is "12 november" (with the year when it is not this year's). */
export function dayText(date: string, locale: string, now = new Date()): string {
  const d = new Date(`${date}T12:00:00Z`);
  const sameYear = d.getUTCFullYear() === now.getUTCFullYear();
  return new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: sameYear ? undefined : "numeric", timeZone: "UTC" }).format(d);
}

/** historyLines lists the changes newest first in words, ending with the first price. */
export function historyLines(points: PricePoint[], money: (n: number) => string, day: (d: string) => string, t: T): string[] {
  const out: string[] = [];
  for (let i = points.length - 1; i > 0; i--) {
    const diff = points[i].price - points[i - 1].price;
    if (diff === 0) continue;
    const key = diff < 0 ? ["priceDropped", "Sänkt {amount} den {date}"] : ["priceRaised", "Höjt {amount} den {date}"];
    out.push(fill(t(key[0], key[1]), { amount: money(Math.abs(diff)), date: day(points[i].date) }));
  }
  if (points.length) out.push(fill(t("priceFirst", "Pris {amount} från den {date}"), { amount: money(points[0].price), date: day(points[0].date) }));
  return out;
}

export function PricePanel({ car, locale, currency, t }: { car: Car; locale: string; currency: string; t: T }) {
  const cur = car.car_price_currency || currency;
  // Whole amounts, as the car cards show prices (lib/format's moneyFormat;
  // importing it here would split it into a chunk of its own).
  const fmt = new Intl.NumberFormat(locale, { style: "currency", currency: cur, maximumFractionDigits: 0 });
  const money = (n: number) => fmt.format(n);
  const day = (d: string) => dayText(d, locale);
  const points = (car.car_price_history ?? []) as PricePoint[];
  const est = car.car_price_estimate;
  const lines = useMemo(() => historyLines(points, money, day, t), [points, locale, cur]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <div className="fc-price">
      {car.car_price_rating && est && (
        <div className={`fc-price__rating fc-price__rating--${car.car_price_rating}`}>
          <p className="fc-price__label">
            <strong>{t(`priceRating_${car.car_price_rating}`, car.car_price_rating)}</strong>{" "}
            {fill(t("priceBasis", "jämfört med {count} liknande bilar"), { count: est.basis })}
          </p>
          <p>{fill(t("priceExpected", "Liknande bilar kostar {low}–{high}"), { low: money(est.low), high: money(est.high) })}</p>
          <p className="fc-price__help">{t("priceRatingHelp", "")}</p>
        </div>
      )}
      {points.length > 0 && (
        <>
          <h3>{t("priceHistoryTitle", "Prishistorik")}</h3>
          {points.length > 1 && <PriceChart points={points} money={money} day={day} t={t} />}
          {lines.length > 1 ? (
            <ul className="fc-price__list">{lines.map((l) => <li key={l}>{l}</li>)}</ul>
          ) : (
            <p>{t("priceNoChanges", "Priset har inte ändrats sedan bilen kom in.")}</p>
          )}
        </>
      )}
    </div>
  );
}

const W = 320;
const H = 120;
const PAD = { l: 8, r: 8, t: 12, b: 22 };

/** PriceChart draws the asking price as steps from the first recorded date to today. */
export function PriceChart({ points, money, day, t, today = new Date() }: { points: PricePoint[]; money: (n: number) => string; day: (d: string) => string; t: T; today?: Date }) {
  const times = points.map((p) => Date.parse(`${p.date}T12:00:00Z`));
  const start = times[0];
  const end = Math.max(today.getTime(), times[times.length - 1] + 86400000);
  const prices = points.map((p) => p.price);
  const lo = Math.min(...prices);
  const hi = Math.max(...prices);
  const span = hi - lo || hi * 0.05 || 1;
  const x = (ms: number) => PAD.l + ((ms - start) / (end - start || 1)) * (W - PAD.l - PAD.r);
  const y = (p: number) => PAD.t + (1 - (p - (lo - span * 0.15)) / (span * 1.3)) * (H - PAD.t - PAD.b);
  let d = `M${x(times[0]).toFixed(1)},${y(prices[0]).toFixed(1)}`;
  for (let i = 1; i < points.length; i++) d += `H${x(times[i]).toFixed(1)}V${y(prices[i]).toFixed(1)}`;
  d += `H${x(end).toFixed(1)}`;
  const summary = fill(t("priceHistoryChart", "Prisutveckling från {first} till {last}"), { first: money(prices[0]), last: money(prices[prices.length - 1]) });
  return (
    <figure className="fc-price__chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={summary} preserveAspectRatio="none">
        <line x1={PAD.l} x2={W - PAD.r} y1={H - PAD.b} y2={H - PAD.b} className="fc-price__axis" />
        <path d={d} className="fc-price__line" />
        {points.map((p, i) => <circle key={p.date} cx={x(times[i])} cy={y(p.price)} r={3} className="fc-price__dot" />)}
      </svg>
      <figcaption className="fc-price__axis-labels" aria-hidden="true">
        <span>{day(points[0].date)}</span>
        <span>{money(prices[prices.length - 1])}</span>
      </figcaption>
    </figure>
  );
}
