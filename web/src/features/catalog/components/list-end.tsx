// ListEnd: what the car list says where it cannot go on. The list shows at
// most maxPages pages (spec: 48 a page, 20 pages), so a larger result ends
// at car 960: instead of stopping without a word, it says how many cars the
// search has and offers the filters that split it, with their counts, as
// links (each one is a shorter list a visitor can reach to the end).
import type { MouseEvent } from "react";
import type { ListState } from "../types";
import type { FacetResult } from "../../../lib/search";
import { toURL, toggleValue } from "../utils/list-state";
import type { T } from "../../../lib/text";
import { formatNumber } from "../../../lib/format";

/** REFINE_FACETS are tried in order; the first one not yet used and with two or more values is offered. */
const REFINE_FACETS = ["car_brand", "car_fuel", "car_body", "car_site_city", "car_year"];
const MAX_VALUES = 8;

/** refineFacet picks the facet to offer and its largest values, or undefined when no facet would split the list. */
export function refineFacet(facets: FacetResult[], state: ListState): { name: string; values: { text: string; count: number }[] } | undefined {
  for (const name of REFINE_FACETS) {
    if ((state.filters[name] ?? []).length > 0) continue;
    const f = facets.find((x) => x.name === name && x.type === "list");
    const values = (f?.values ?? []).filter((v) => v.count > 0);
    if (values.length < 2) continue;
    return { name, values: [...values].sort((a, b) => b.count - a.count).slice(0, MAX_VALUES) };
  }
  return undefined;
}

export function ListEnd(props: {
  shown: number;
  total: number;
  facets: FacetResult[];
  state: ListState;
  basePath: string;
  sorts: string[];
  locale: string;
  t: T;
  onApply: (next: ListState) => void;
}) {
  const { shown, total, facets, state, basePath, sorts, locale, t, onApply } = props;
  const offer = refineFacet(facets, state);
  const go = (e: MouseEvent<HTMLAnchorElement>, next: ListState) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    onApply(next);
  };
  return (
    <div className="fc-list-end" role="note" aria-labelledby="fc-list-end-title">
      <h3 id="fc-list-end-title" className="fc-list-end__title">
        {t("listEndTitle", "Listan visar de första {shown} av {total} bilar", { shown: formatNumber(shown, locale), total: formatNumber(total, locale) })}
      </h3>
      <p>{t("listEndText", "Förfina sökningen för att se resten, till exempel med märke, bränsle, pris eller ort.")}</p>
      {offer && (
        <>
          <p className="fc-list-end__facet">{t(`facet_${offer.name}`, offer.name)}</p>
          <ul className="fc-list-end__values">
            {offer.values.map((v) => {
              const next = toggleValue(state, offer.name, v.text);
              return (
                <li key={v.text}>
                  <a className="fc-chip" href={toURL(basePath, next, sorts)} onClick={(e) => go(e, next)}>
                    {v.text} <span className="fc-list-end__count">({formatNumber(v.count, locale)})</span>
                  </a>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </div>
  );
}
