// The car list screen (CMS block "CarList"): facet filters in a sticky or
// toggle panel (remembered per session as filterType; sticky from 1024 px)
// or a drawer on phones, keyphrase, sort, active-filter chips, the result
// grid, "showing X of Y" and show more. The state lives in the URL.
import { useCallback, useEffect, useReducer, useRef, type FormEvent } from "react";
import type { BlockProps } from "../../../app/block-props";
import { usePage, useT } from "../../../lib/page-context";
import { useHydrated, useMediaQuery } from "../../../lib/hooks";
import { splitSearch } from "../../../lib/search-words";
import { CarCard } from "../../../components/car-card/car-card";
import type { CarListData, ListState } from "../types";
import { fetchCarList } from "../api/car-list";
import { valueText } from "../../../lib/value-text";
import { apiQuery, chips, clearAll, hitCount, pathBrandModel, removeChip, setRange, toURL, toggleValue } from "../utils/list-state";
import { initialScreen, screenReducer, type FilterType, type LoadMode } from "../store";
import { useLatestCall } from "../../../lib/use-request";
import { textOf } from "../../../lib/fields";
import { FacetPanel } from "./facet-panel";
import { FilterDrawer } from "./filter-drawer";
import { ListEnd } from "./list-end";
import "../catalog.css";
import { formatNumber } from "../../../lib/format";

export const FILTER_TYPE_KEY = "filterType";
/** Facets whose values typed words may match, besides brand and model. */
const WORD_FACETS = ["car_fuel", "car_gearbox", "car_body"];

export function CarList({ data }: BlockProps<CarListData>) {
  if (!data) return <CarListMessage keyName="carListError" />;
  return <CarListScreen key={data.basePath} data={data} />;
}

function CarListMessage({ keyName }: { keyName: string }) {
  const t = useT();
  return (
    <div className="fc-container">
      <p className="fc-list-message" role="status">
        {t(keyName)}
      </p>
    </div>
  );
}

function CarListScreen({ data }: { data: CarListData }) {
  const t = useT();
  const page = usePage();
  const locale = page.site.locale;
  const [screen, dispatch] = useReducer(screenReducer, data, initialScreen);
  const { query: state, cars, firstPage, facets, total, status, filterType, panelOpen, drawer, phrase } = screen;
  const wide = useMediaQuery("(min-width: 1024px)");
  const phone = useMediaQuery("(max-width: 767px)");
  const top = useRef<HTMLDivElement>(null);
  const { run: latest } = useLatestCall();

  // Page data changes (back/forward) replace the list; the first render has it already.
  const shown = useRef(data);
  useEffect(() => {
    if (shown.current === data) return;
    shown.current = data;
    dispatch({ type: "page", data });
  }, [data]);

  useEffect(() => {
    const saved = window.sessionStorage.getItem(FILTER_TYPE_KEY);
    if (saved === "Sticky" || saved === "Toggle") dispatch({ type: "filterType", filterType: saved });
  }, []);
  const chooseFilterType = (ft: FilterType) => {
    dispatch({ type: "filterType", filterType: ft });
    window.sessionStorage.setItem(FILTER_TYPE_KEY, ft);
  };
  const sticky = wide && filterType === "Sticky";
  const hydrated = useHydrated();
  // Before hydration the server markup shows the sticky panel; CSS hides it below 1024 px.
  const mode = !hydrated ? "ssr" : phone ? "drawer" : sticky ? "sticky" : "toggle";

  // run loads page n of query from the server (the list's API reads the
  // list's own query string): a new search (replace), one page appended
  // (more) or one page prepended (previous). A newer load supersedes it.
  const run = useCallback(
    async (query: ListState, n: number, how: LoadMode) => {
      dispatch({ type: "load", mode: how, query });
      const o = await latest((signal) => fetchCarList(apiQuery(query, n, data.sorts), signal));
      if (!o) return;
      dispatch(o.ok ? { type: "loaded", mode: how, page: n, result: o.value } : { type: "failed" });
    },
    [data, latest],
  );

  const apply = (next: ListState) => {
    next = { ...next, page: 0 };
    window.history.pushState({ fc: true, list: true }, "", toURL(data.basePath, next, data.sorts));
    void run(next, 0, "replace");
    const el = top.current;
    if (el && el.getBoundingClientRect().top < 0) el.scrollIntoView({ block: "start" });
  };
  const showMore = () => {
    const next = { ...state, page: state.page + 1 };
    window.history.replaceState({ fc: true, list: true }, "", toURL(data.basePath, next, data.sorts));
    void run(next, next.page, "more");
  };
  const showPrevious = () => void run(state, firstPage - 1, "previous");
  const submitPhrase = (e: FormEvent) => {
    e.preventDefault();
    const brandFacet = facets.find((f) => f.name === "car_brand")?.values ?? [];
    const extra: Record<string, string[]> = {};
    for (const f of facets) if (WORD_FACETS.includes(f.name)) extra[f.name] = f.values.map((v) => v.text);
    const split = splitSearch(phrase, brandFacet, "car_brand", "car_model", extra);
    let next = state;
    for (const [k, vals] of Object.entries(split.filters)) for (const v of vals) if (!(next.filters[k] ?? []).includes(v)) next = toggleValue(next, k, v);
    next = { ...next, keyphrase: [state.keyphrase, split.keyphrase].filter(Boolean).join(" ") };
    dispatch({ type: "phrase", phrase: "" });
    apply(next);
  };

  const rangeLabel = (facet: string, r: [number, number]) => `${t(`facet_${facet}`, facet)}: ${formatNumber(r[0], locale)}–${formatNumber(r[1], locale)}`;
  const active = chips(state, rangeLabel);
  const pm = pathBrandModel(state);
  const heading = pm ? [pm.brand, pm.model].filter(Boolean).join(" ") : textOf(page.sitecore.route?.fields ?? {}, "Title") || t("carsTitle", "Bilar");
  const maxShown = data.pageSize * data.maxPages;
  const reached = firstPage * data.pageSize + cars.length;
  const canMore = reached < total && reached < maxShown && state.page < data.maxPages - 1;
  // The list has more cars than it can page through: say so at the end.
  const cutOff = !canMore && reached >= maxShown && total > reached;
  // A sort of the URL the list does not know: said, while the fallback sort is in use.
  const unknownSort = data.query.unknownSort && state.sort === data.query.sort ? data.query.unknownSort : "";
  const mileageUnit = t("mileageUnit", "km");
  const detailBase = (page.dictionary.pathToCarDetail ?? `${data.basePath}/`).replace(/\/?$/, "/");
  const panel = (
    <FacetPanel
      facets={facets}
      state={state}
      locale={locale}
      t={t}
      onToggle={(f, v) => apply(toggleValue(state, f, v))}
      onRange={(f, r) => apply(setRange(state, f, r))}
    />
  );

  return (
    <div className={`fc-car-list fc-container fc-car-list--${mode}${mode === "toggle" && panelOpen ? " is-panel-open" : ""}`} ref={top}>
      <h1 className="fc-page-title">{heading}</h1>
      <div className="fc-car-list__toolbar">
        <form className="fc-keyphrase" role="search" onSubmit={submitPhrase}>
          <label htmlFor="fc-keyphrase" className="fc-visually-hidden">
            {t("keyphraseLabel", "Sök bland bilarna")}
          </label>
          <input id="fc-keyphrase" type="search" value={phrase} onChange={(e) => dispatch({ type: "phrase", phrase: e.target.value })} placeholder={t("keyphrasePlaceholder", "Sök märke, modell eller utrustning")} enterKeyHint="search" autoComplete="off" />
          <button type="submit" className="fc-button fc-button--primary">
            {t("search", "Sök")}
          </button>
        </form>
        <div className="fc-car-list__controls">
          {mode === "drawer" ? (
            <button type="button" className="fc-button fc-button--secondary" aria-haspopup="dialog" onClick={() => dispatch({ type: "drawer", open: true })}
              aria-label={active.length > 0 ? t("filtersChosen", "Filter, {count} valda", { count: active.length }) : undefined}>
              {t("filters", "Filter")}
              {active.length > 0 && <span className="fc-count-badge" aria-hidden="true">{active.length}</span>}
            </button>
          ) : (
            !sticky && (
              <button type="button" className="fc-button fc-button--secondary" aria-expanded={panelOpen} aria-controls="fc-filter-panel" onClick={() => dispatch({ type: "togglePanel" })}>
                {panelOpen ? t("hideFilters", "Dölj filter") : t("showFilters", "Visa filter")}
              </button>
            )
          )}
          {wide && (
            <fieldset className="fc-segmented">
              <legend className="fc-visually-hidden">{t("filterMode", "Filterpanel")}</legend>
              {(["Sticky", "Toggle"] as const).map((ft) => (
                <label key={ft} className={filterType === ft ? "is-on" : ""}>
                  <input type="radio" name="fc-filter-type" value={ft} checked={filterType === ft} onChange={() => chooseFilterType(ft)} />
                  {ft === "Sticky" ? t("filterSticky", "Filter alltid synliga") : t("filterToggle", "Filter vid behov")}
                </label>
              ))}
            </fieldset>
          )}
          <label className="fc-sort">
            <span>{t("sortLabel", "Sortera")}</span>
            <select value={state.sort} onChange={(e) => apply({ ...state, sort: e.target.value })}>
              {data.sorts.map((s) => (
                <option key={s} value={s}>
                  {t(`sort_${s}`, s)}
                </option>
              ))}
            </select>
          </label>
        </div>
      </div>

      {unknownSort && (
        <p className="fc-list-message fc-list-message--notice" role="status">
          {t("unknownSort", "Sorteringen ”{value}” finns inte. Bilarna visas sorterade på: {sort}.", { value: unknownSort, sort: t(`sort_${state.sort}`, state.sort) })}
        </p>
      )}

      {active.length > 0 && (
        <div className="fc-chips" role="region" aria-label={t("activeFilters", "Valda filter")}>
          <ul>
            {active.map((c) => (
              <li key={c.key}>
                <button type="button" className="fc-chip" aria-label={t("removeFilter", "Ta bort filter {name}", { name: c.facet === "keyphrase" ? c.label : valueText(t, c.label) })} onClick={() => apply(removeChip(state, c))}>
                  {c.facet === "keyphrase" ? t("keyphraseChip", "Sökord: {value}", { value: c.label }) : valueText(t, c.label)}
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className="fc-linklike fc-chips__clear" onClick={() => apply(clearAll(state))}>
            {t("clearAll", "Rensa alla")}
          </button>
        </div>
      )}

      <div className="fc-car-list__layout">
        {mode !== "drawer" && (
          <aside id="fc-filter-panel" className="fc-car-list__panel" aria-label={t("filters", "Filter")} hidden={mode === "toggle" && !panelOpen}>
            <h2 className="fc-car-list__panel-title">{t("filters", "Filter")}</h2>
            {panel}
          </aside>
        )}
        <section className="fc-car-list__results" aria-labelledby="fc-hits" aria-busy={status === "loading"}>
          <h2 className="fc-visually-hidden">{t("carListResults", "Sökresultat")}</h2>
          <p id="fc-hits" className="fc-car-list__hits" role="status">
            {status !== "error" && t("hits", "{count} träffar", { count: hitCount(total, locale) })}
          </p>
          {status === "error" ? (
            <p className="fc-list-message fc-list-message--error" role="alert">
              {t("carListError", "Bilarna kunde inte hämtas just nu.")}
            </p>
          ) : cars.length === 0 && status !== "loading" ? (
            <p className="fc-list-message">{t("noSearchResults", "Inga bilar matchar din sökning.")}</p>
          ) : (
            <>
            {firstPage > 0 && status !== "loading" && (
              <div className="fc-car-list__previous">
                <button type="button" className="fc-button fc-button--secondary" onClick={showPrevious} disabled={status === "loading-more"}>
                  {t("showPrevious", "Visa föregående bilar")}
                </button>
              </div>
            )}
            <ul className={`fc-car-grid${status === "loading" ? " is-loading" : ""}`}>
              {cars.map((c, i) => (
                <li key={c.car_id}>
                  <CarCard car={c} href={`${detailBase}${c.car_id}/${c.slug}`} locale={locale} currency={page.site.currency} mileageUnit={mileageUnit} t={t} eager={i < 4} />
                </li>
              ))}
            </ul>
            </>
          )}
          {status !== "error" && cars.length > 0 && (
            <div className="fc-car-list__more">
              <p>{t("showingXofY", "Visar {x} av {y} bilar", { x: formatNumber(reached, locale), y: hitCount(total, locale) })}</p>
              <progress max={Math.max(1, total)} value={reached} aria-hidden="true" />
              {canMore && (
                <button type="button" className="fc-button fc-button--secondary" onClick={showMore} disabled={status === "loading-more"}>
                  {status === "loading-more" ? t("loadingCars", "Hämtar bilar…") : t("showMore", "Visa fler")}
                </button>
              )}
              {cutOff && <ListEnd shown={reached} total={total} facets={facets} state={state} basePath={data.basePath} sorts={data.sorts} locale={locale} t={t} onApply={apply} />}
            </div>
          )}
        </section>
      </div>
      {mode === "drawer" && (
        <FilterDrawer
          open={drawer}
          title={t("filters", "Filter")}
          closeLabel={t("closeFilters", "Stäng filter")}
          onClose={() => dispatch({ type: "drawer", open: false })}
          footer={
            <>
              <button type="button" className="fc-linklike" onClick={() => apply(clearAll(state))}>
                {t("clearAll", "Rensa alla")}
              </button>
              <button type="button" className="fc-button fc-button--primary" onClick={() => dispatch({ type: "drawer", open: false })}>
                {t("showResults", "Visa {count} bilar", { count: hitCount(total, locale) })}
              </button>
            </>
          }
        >
          {panel}
        </FilterDrawer>
      )}
    </div>
  );
}
