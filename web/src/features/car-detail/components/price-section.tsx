import { lazy, Suspense, useEffect, useRef, useState } from "react";
import type { Car } from "../types";

type T = (k: string, f?: string) => string;

// The price history chart and list load when the section comes near the
// viewport: they are never part of the car page's first load.
const PricePanel = lazy(() => import("./price-panel").then((m) => ({ default: m.PricePanel })));

/** PriceSection is the car page's price history and fair-price section, loaded on demand. */
export function PriceSection({ car, locale, currency, t }: { car: Car; locale: string; currency: string; t: T }) {
  const ref = useRef<HTMLElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (typeof IntersectionObserver === "undefined") return setNear(true);
    const io = new IntersectionObserver((es) => es.some((e) => e.isIntersecting) && setNear(true), { rootMargin: "400px" });
    io.observe(el);
    return () => io.disconnect();
  }, []);
  if (!car.car_price_history?.length && !car.car_price_rating) return null;
  const loading = <p className="fc-cd__price-loading">{t("priceLoading", "Hämtar prishistoriken …")}</p>;
  return (
    <section id="price" ref={ref} className="fc-cd__section" aria-labelledby="fc-cd-price">
      <h2 id="fc-cd-price">{t("priceSection", "Pris och prishistorik")}</h2>
      {near ? <Suspense fallback={loading}><PricePanel car={car} locale={locale} currency={currency} t={t} /></Suspense> : loading}
    </section>
  );
}
