import { useEffect, useRef, useState } from "react";
import { useDialog } from "../../../lib/use-dialog";
import { usePage, useT } from "../../../lib/page-context";
import { imageURL } from "../../../lib/media";
import { pushDataLayer } from "../../../lib/data-layer";
import { useCompareList } from "../../../lib/use-compare-list";
import { listenCompareToggle } from "../../../lib/compare-toggle";
import { clearCompare, toggleCompare, writeCompareList, readCompareList, COMPARE_BAR_ID, type CompareCar } from "../../../lib/compare-list";
import "../compare.css";
import type { T } from "../../../lib/text";

/** The rows of the compare table: field and its dictionary key / fallback label. */
const ROWS: [string, string, string][] = [
  ["car_price_text", "comparePrice", "Price"],
  ["car_year", "compareYear", "Year"],
  ["car_mileage_text", "compareMileage", "Mileage"],
  ["car_fuel", "compareFuel", "Fuel"],
  ["car_gearbox", "compareGearbox", "Gearbox"],
  ["car_body", "compareBody", "Body"],
  ["car_power_text", "comparePower", "Power"],
  ["car_drive", "compareDrive", "Drive"],
  ["car_color", "compareColor", "Colour"],
  ["car_seats", "compareSeats", "Seats"],
  ["car_fuel_combined_text", "compareConsumption", "Consumption"],
  ["car_site_name", "compareDealer", "Dealer"],
];

const text = (v: unknown) => (v === undefined || v === null || v === "" ? "–" : String(v));

/**
 * CompareBar owns the compare feature: it listens for
 * forecourt:compare-toggle from anywhere (list cards, the detail page),
 * shows a sticky bar with the chosen cars and a modal table of their
 * fields side by side, differences highlighted. Mounted once by the shell.
 */
export function CompareBar() {
  const page = usePage();
  const t = useT();
  const list = useCompareList();
  const [open, setOpen] = useState(false);
  // What the polite live region last said: a keyboard or screen reader user
  // adding a car from the list hears that it was added and how many are
  // chosen, without travelling to the bar.
  const [said, setSaid] = useState("");
  // The live region is put in place once the page runs (an empty region
  // first, so the first addition is announced), never in the server HTML:
  // the shell loads this code after hydrating, and the server and first
  // client render must both show nothing.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const tRef = useRef(t);
  tRef.current = t;
  const index = `vehicles_${page.site.name.replace(/-/g, "_")}`;

  useEffect(() => {
    return listenCompareToggle((d) => {
      const detail = d as { car?: CompareCar } | CompareCar | null;
      const c = (detail && "car" in detail && detail.car ? detail.car : detail) as CompareCar | null;
      if (!c || typeof c.car_id !== "number") return;
      const had = readCompareList().some((x) => x.car_id === c.car_id);
      pushDataLayer({ event: "flow_interaction", flow: "compare", action: had ? "remove" : "add", car_id: c.car_id });
      const name = [c.car_brand, c.car_model].filter(Boolean).join(" ");
      void toggleCompare(index, c).then((next) => {
        const tt = tRef.current;
        const vars = { car: name, count: next.length };
        setSaid(had ? tt("compareAnnounceRemoved", "{car} borttagen ur jämförelsen, {count} bilar valda", vars) : tt("compareAnnounceAdded", "{car} tillagd i jämförelsen, {count} bilar valda", vars));
      });
    });
  }, [index]);

  useEffect(() => {
    if (list.length === 0) setOpen(false);
  }, [list.length]);

  const live = mounted && (
    <p className="fc-visually-hidden" role="status">
      {said}
    </p>
  );
  if (list.length === 0) return live || null;
  const detailBase = page.dictionary.pathToCarDetail ?? "/bilar/";
  return (
    <>
      {live}
      {/* A named region (a landmark) with an id: the cards' "Jämför 3 bilar" link leads here. */}
      <div className="fc-compare-bar" id={COMPARE_BAR_ID} tabIndex={-1} role="region" aria-label={t("compareTitle", "Compare cars")}>
        <div className="fc-container fc-compare-bar__inner">
          <p className="fc-compare-bar__count">
            {t("compareCount", "Cars to compare")}: <strong>{list.length}</strong>
          </p>
          <ul className="fc-compare-bar__cars">
            {list.map((c) => (
              <li key={c.car_id} className="fc-compare-bar__car">
                {thumb(c) && <img src={imageURL(thumb(c)!, 320)} alt="" width={64} height={40} />}
                <span>{text(c.car_brand)} {text(c.car_model)}</span>
                <button type="button" className="fc-compare-bar__remove" aria-label={`${t("compareRemove", "Remove")} ${text(c.car_brand)} ${text(c.car_model)}`}
                  onClick={() => writeCompareList(list.filter((x) => x.car_id !== c.car_id))}>×</button>
              </li>
            ))}
          </ul>
          <div className="fc-compare-bar__actions">
            <button type="button" className="fc-button fc-button--primary fc-compare-bar__open" onClick={() => setOpen(true)} disabled={list.length < 2}>
              {t("compareOpen", "Compare")}
            </button>
            <button type="button" className="fc-linklike" onClick={clearCompare}>
              {t("compareClear", "Clear")}
            </button>
          </div>
        </div>
      </div>
      {open && <CompareModal list={list} onClose={() => setOpen(false)} detailBase={detailBase} t={t} />}
    </>
  );
}

function thumb(c: CompareCar): string | undefined {
  const p = c.car_primary_image as { thumbnail_url?: string } | undefined;
  return p?.thumbnail_url || undefined;
}

function CompareModal({ list, onClose, detailBase, t }: { list: CompareCar[]; onClose: () => void; detailBase: string; t: T }) {
  const ref = useRef<HTMLDivElement>(null);
  useDialog(ref, onClose);
  return (
    <div className="fc-modal-backdrop" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div className="fc-modal fc-compare-modal" role="dialog" aria-modal="true" aria-labelledby="fc-compare-title" ref={ref} tabIndex={-1}>
        <div className="fc-modal__head">
          <h2 id="fc-compare-title">{t("compareTitle", "Compare cars")}</h2>
          <button type="button" className="fc-modal__close" onClick={onClose} aria-label={t("close", "Close")}>×</button>
        </div>
        {list.length > 1 && <p className="fc-compare-modal__hint">{t("compareSwipeHint", "Svep för att se fler bilar")}</p>}
        <div className="fc-compare-modal__scroll">
          <table className="fc-compare-table">
            <thead>
              <tr>
                <td />
                {list.map((c) => (
                  <th key={c.car_id} scope="col">
                    {thumb(c) && <img src={imageURL(thumb(c)!, 320)} alt="" width={160} height={100} />}
                    <a href={`${detailBase}${c.car_id}/${text(c.slug)}`}>{text(c.car_brand)} {text(c.car_model)}</a>
                    <span className="fc-compare-table__sub">{text(c.car_model_text)}</span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {ROWS.map(([field, key, label]) => {
                const values = list.map((c) => text(c[field]));
                const differs = new Set(values).size > 1;
                return (
                  <tr key={field} className={differs ? "fc-compare-table__row--differs" : undefined} data-differs={differs || undefined}>
                    <th scope="row">
                      {t(key, label)}
                      {differs && <span className="fc-visually-hidden"> ({t("compareDiffers", "differs")})</span>}
                    </th>
                    {values.map((v, i) => (
                      <td key={list[i].car_id}>{v}</td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <div className="fc-modal__foot">
          <button type="button" className="fc-button fc-button--secondary" onClick={clearCompare}>{t("compareClear", "Clear")}</button>
        </div>
      </div>
    </div>
  );
}

