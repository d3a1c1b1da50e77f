// The facet filters: checkbox lists (brand > model hierarchy) and range facets.
import { useId, useState } from "react";
import type { ListState } from "../types";
import type { FacetResult } from "../../../lib/search";
import { RangeFacet } from "./range-facet";
import { formatNumber, textOrder } from "../../../lib/format";
import { valueText } from "../../../lib/value-text";
import type { T } from "../../../lib/text";

export interface FacetPanelProps {
  facets: FacetResult[];
  state: ListState;
  locale: string;
  t: T;
  onToggle: (facet: string, value: string) => void;
  onRange: (facet: string, r: [number, number] | undefined) => void;
}

const COLLAPSED = 8;
const RATING_ORDER = ["good", "fair", "high"];

export function FacetPanel({ facets, state, locale, t, onToggle, onRange }: FacetPanelProps) {
  return (
    <div className="fc-facets">
      {facets.map((f) => {
        if (f.type === "histogram") {
          if (!f.histogram || f.histogram.max <= f.histogram.min) return null;
          return (
            <FacetGroup key={f.name} title={t(`facet_${f.name}`, f.name)} open={!!state.ranges[f.name] || f.name === "car_price"}>
              <RangeFacet
                name={f.name}
                label={t(`facet_${f.name}`, f.name)}
                histogram={f.histogram}
                value={state.ranges[f.name]}
                locale={locale}
                minLabel={t("minimum", "Lägst")}
                maxLabel={t("maximum", "Högst")}
                onCommit={(r) => onRange(f.name, r)}
              />
              {f.name === "car_monthly_cost" && <p className="fc-facet__help">{t("monthlyCostHelp", "Det lägsta av billånets och privatleasingens startbelopp per månad.")}</p>}
            </FacetGroup>
          );
        }
        if (!f.values?.length) return null;
        const selected = state.filters[f.name] ?? [];
        return (
          <FacetGroup key={f.name} title={t(`facet_${f.name}`, f.name)} open={selected.length > 0 || f.name === "car_brand" || f.name === "car_fuel" || f.name === "car_price_dropped"}>
            <ValueList facet={f} state={state} t={t} locale={locale} onToggle={onToggle} />
          </FacetGroup>
        );
      })}
    </div>
  );
}

function FacetGroup({ title, open, children }: { title: string; open: boolean; children: React.ReactNode }) {
  const [isOpen, setOpen] = useState(open);
  const id = useId();
  return (
    <section className="fc-facet">
      <h3 className="fc-facet__heading">
        <button type="button" aria-expanded={isOpen} aria-controls={id} onClick={() => setOpen((o) => !o)}>
          <span id={`${id}-label`}>{title}</span>
          <svg aria-hidden="true" width="14" height="14" viewBox="0 0 14 14" className={isOpen ? "is-open" : ""}>
            <path d="M2 5l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="1.8" />
          </svg>
        </button>
      </h3>
      {/* Closed groups render no body: smaller server HTML and page weight. */}
      <div id={id} hidden={!isOpen} className="fc-facet__body">
        {isOpen && children}
      </div>
    </section>
  );
}

function ValueList({ facet, state, t, locale, onToggle }: { facet: FacetResult; state: ListState; t: FacetPanelProps["t"]; locale: string; onToggle: FacetPanelProps["onToggle"] }) {
  const [all, setAll] = useState(false);
  const selected = state.filters[facet.name] ?? [];
  const models = state.filters.car_model ?? [];
  // The engine sorts by bytes ("Ängelholm" before "Borås"); people expect the locale's order.
  const byText = textOrder(locale, true);
  // Years newest first (the engine's order), price labels best first.
  const values = facet.name === "car_year" ? facet.values
    : facet.name === "car_price_rating" ? [...facet.values].sort((a, b) => RATING_ORDER.indexOf(a.text) - RATING_ORDER.indexOf(b.text))
    : [...facet.values].sort((a, b) => byText(a.text, b.text));
  const shown = all ? values : values.filter((v, i) => i < COLLAPSED || selected.includes(v.text));
  return (
    <>
      <ul className="fc-facet__values">
        {shown.map((v) => {
          const on = selected.includes(v.text);
          return (
            <li key={v.text}>
              <label className="fc-check">
                <input type="checkbox" checked={on} onChange={() => onToggle(facet.name, v.text)} />
                <span className="fc-check__text">{valueText(t, v.text)}</span>
                <span className="fc-check__count">{formatNumber(v.count, locale)}</span>
              </label>
              {on && facet.child_name && v.children && v.children.length > 0 && (
                <ul className="fc-facet__children" aria-label={`${t(`facet_${facet.child_name}`, "Modell")} ${v.text}`}>
                  {v.children.map((c) => {
                    const val = `${v.text}>${c.text}`;
                    return (
                      <li key={c.text}>
                        <label className="fc-check">
                          <input type="checkbox" checked={models.includes(val)} onChange={() => onToggle(facet.child_name!, val)} />
                          <span className="fc-check__text">{c.text}</span>
                          <span className="fc-check__count">{formatNumber(c.count, locale)}</span>
                        </label>
                      </li>
                    );
                  })}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
      {facet.values.length > COLLAPSED && (
        <button type="button" className="fc-linklike fc-facet__more" aria-expanded={all} onClick={() => setAll((a) => !a)}>
          {all ? t("showFewer", "Visa färre") : t("showAllModels", "Visa alla {count}", { count: facet.values.length })}
        </button>
      )}
    </>
  );
}
