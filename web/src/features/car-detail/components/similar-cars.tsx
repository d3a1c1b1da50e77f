import { useEffect, useRef, useState } from "react";
import type { BlockProps } from "../../../app/block-props";
import { usePage, useT } from "../../../lib/page-context";
import type { Car } from "../types";
import { CompactCarCard } from "../../../components/car-card/compact-car-card";

export const CARD_W = 330;
export const CARD_H = 550;
export const COLLAPSED_OFFSET = -16;
export const SNAP_SHARE = 0.3;
export const CLICK_SLOP = 5;

/** similarWidth is the strip's width cap: min(1580, window width − 200). */
export const similarWidth = (windowWidth: number) => Math.min(1580, windowWidth - 200);

/**
 * snapOffset decides where the strip rests after a drag from start to
 * `offset`: past 30 % of the range it snaps fully open (−range), else back.
 */
export function snapOffset(start: number, offset: number, range: number): number {
  const moved = Math.abs(offset - start);
  const openNow = start !== COLLAPSED_OFFSET;
  if (moved > range * SNAP_SHARE) return openNow ? COLLAPSED_OFFSET : -range;
  return start;
}

/** SimilarCars is the draggable strip of similar cars under the detail page. */
export function SimilarCars({ data }: BlockProps<{ sample: boolean; cars: Car[] }>) {
  const t = useT();
  const page = usePage();
  const [offset, setOffset] = useState(COLLAPSED_OFFSET);
  const [width, setWidth] = useState(1580);
  const drag = useRef<{ x: number; start: number; moved: number } | null>(null);
  const [dragging, setDragging] = useState(false);
  // Set when a pointer-up ended a real drag: the click that follows must not
  // open the card under the pointer. A ref, because the click arrives after
  // the re-render that cleared `dragging`.
  const dragged = useRef(false);
  useEffect(() => {
    const on = () => setWidth(similarWidth(window.innerWidth));
    on();
    window.addEventListener("resize", on);
    return () => window.removeEventListener("resize", on);
  }, []);
  if (!data || data.cars.length === 0) return null;
  const trackW = data.cars.length * (CARD_W + 16);
  const range = Math.max(0, trackW - width);
  const open = offset !== COLLAPSED_OFFSET;
  const toggle = () => setOffset((o) => (o === COLLAPSED_OFFSET ? -range : COLLAPSED_OFFSET));
  const heading = data.sample ? t("carDetailSimilarCarsSampleHeading", "Cars in stock like this one") : t("carDetailSimilarCarsHeading", "Similar cars");
  return (
    <section className="fc-similar" aria-labelledby="fc-similar-h">
      <div className="fc-container fc-similar__head">
        <h2 id="fc-similar-h">{heading}</h2>
        {range > 0 && (
          <button type="button" className="fc-button fc-button--secondary" aria-expanded={open} onClick={toggle}>
            {open ? t("showLess", "Show less") : t("showMore", "Show more")}
          </button>
        )}
      </div>
      <div className="fc-similar__viewport" style={{ maxWidth: width }}>
        <ul className={`fc-similar__track${dragging ? " is-dragging" : ""}`} style={{ transform: `translateX(${offset}px)` }}
          onPointerDown={(e) => {
            if (e.button !== 0) return;
            dragged.current = false;
            drag.current = { x: e.clientX, start: offset, moved: 0 };
          }}
          onPointerMove={(e) => {
            const d = drag.current;
            if (!d) return;
            d.moved = e.clientX - d.x;
            if (Math.abs(d.moved) < CLICK_SLOP) return;
            // Capture only once it is a drag, so a plain click still reaches the card's link,
            // and a drag released outside the strip still ends here.
            if (!e.currentTarget.hasPointerCapture?.(e.pointerId)) e.currentTarget.setPointerCapture?.(e.pointerId);
            setDragging(true);
            setOffset(Math.min(0, Math.max(-range, d.start + d.moved)));
          }}
          onPointerUp={(e) => {
            const d = drag.current;
            drag.current = null;
            setDragging(false);
            if (!d) return;
            if (Math.abs(d.moved) < CLICK_SLOP) {
              if (!(e.target as Element).closest("a, button")) toggle(); // a card's link or heart is its own click
              return;
            }
            dragged.current = true;
            setOffset(snapOffset(d.start, Math.min(0, Math.max(-range, d.start + d.moved)), range));
          }}
          onPointerCancel={() => {
            const d = drag.current;
            drag.current = null;
            setDragging(false);
            if (d && Math.abs(d.moved) >= CLICK_SLOP) setOffset(snapOffset(d.start, Math.min(0, Math.max(-range, d.start + d.moved)), range));
          }}
          onClickCapture={(e) => {
            if (!dragged.current) return;
            dragged.current = false;
            e.preventDefault();
            e.stopPropagation();
          }}>
          {data.cars.map((c) => (
            <li key={c.car_id} style={{ width: CARD_W, height: CARD_H }}>
              <CompactCarCard car={c} detailBase={page.dictionary.pathToCarDetail ?? "/bilar/"} draggable={false} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
