import { useState } from "react";
import type { BlockProps } from "../../../app/block-props";
import { useT } from "../../../lib/page-context";
import { CompactCarCard, type CardCar as Car } from "../../../components/car-card/compact-car-card";
import "../../../components/car-card/compact-car-card.css";

/** CarOfTheWeek is a looping carousel of the cars flagged caroftheweek. */
export function CarOfTheWeek({ data, fields }: BlockProps<{ cars: Car[]; detailPath: string }>) {
  const t = useT();
  const [i, setI] = useState(0);
  if (!data || data.cars.length === 0) return null;
  const n = data.cars.length;
  const visible = Math.min(3, n);
  const shown = Array.from({ length: visible }, (_, k) => data.cars[(i + k) % n]);
  const title = (fields?.Title as { value?: string } | undefined)?.value || t("carOfTheWeek", "Cars of the week");
  return (
    <section className="fc-cotw fc-container" aria-roledescription="carousel" aria-labelledby="fc-cotw-h"
      onKeyDown={(e) => { if (e.key === "ArrowRight") setI((x) => (x + 1) % n); if (e.key === "ArrowLeft") setI((x) => (x - 1 + n) % n); }}>
      <div className="fc-cotw__head">
        <h2 id="fc-cotw-h">{title}</h2>
        {n > visible && (
          <div className="fc-cotw__nav">
            <button type="button" aria-label={t("previous", "Previous")} onClick={() => setI((x) => (x - 1 + n) % n)}>‹</button>
            <button type="button" aria-label={t("next", "Next")} onClick={() => setI((x) => (x + 1) % n)}>›</button>
          </div>
        )}
      </div>
      <ul className="fc-cotw__list" aria-live="polite">
        {shown.map((c) => <li key={c.car_id}><CompactCarCard car={c} detailBase={data.detailPath || "/bilar/"} /></li>)}
      </ul>
    </section>
  );
}
