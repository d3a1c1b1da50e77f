// The car list screen (CMS block "CarList"): facet filters in a sticky or
// toggle panel (remembered per session as filterType; sticky from 1024 px)
// or a drawer on phones, keyphrase, sort, active-filter chips, the result
// grid, "showing X of Y" and show more. The state lives in the URL.
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import type { BlockProps } from "../../../app/block-props";
import { usePage, useT } from "../../../lib/page-context";
import { useHydrated, useMediaQuery } from "../../../lib/hooks";
import { splitSearch } from "../../../lib/search-words";
import { CarCard, type CarCardData } from "../../../components/car-card/car-card";
import type { CarListData, FacetResult, ListState } from "../types";
import { searchCars } from "../api/search-cars";
import { valueText } from "../../../lib/value-text";
import { chips, clearAll, fill, hitCount, pathBrandModel, removeChip, setRange, toURL, toggleValue } from "../utils/list-state";
import { textOf } from "../../../lib/fields";
import { FacetPanel } from "./facet-panel";
import { FilterDrawer } from "./filter-drawer";
import { ListEnd } from "./list-end";
import "../catalog.css";
import { formatNumber } from "../../../lib/format";

export const FILTER_TYPE_KEY = "filterType";
/** Facets whose values typed words may match, besides brand and model. */
const WORD_FACETS = ["car_fuel", "car_gearbox", "car_body"];
type FilterType = "Sticky" | "Toggle";
type Status = "ready" | "loading" | "loading-more" | "error";

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
  const [state, setState] = useState<ListState>(data.query);
  const [cars, setCars] = useState<CarCardData[]>(data.cars);
  // firstPage is the page of cars[0]; "show previous" lowers it.
  const [firstPage, setFirstPage] = useState(data.firstPage ?? 0);
  const [facets, setFacets] = useState<FacetResult[]>(data.facets);
  const [total, setTotal] = useState(data.total);
  const [status, setStatus] = useState<Status>(data.error ? "error" : "ready");
  const [filterType, setFilterType] = useState<FilterType>("Sticky");
  const [panelOpen, setPanelOpen] = useState(false);
  const [drawer, setDrawer] = useState(false);
  const [phrase, setPhrase] = useState("");
  const wide = useMediaQuery("(min-width: 1024px)");
  const phone = useMediaQuery("(max-width: 767px)");
  const top = useRef<HTMLDivElement>(null);
  const abort = useRef<AbortController | null>(null);

  // Page data changes (back/forward) replace the state.
  useEffect(() => {
    setState(data.query);
    setCars(data.cars);
    setFirstPage(data.firstPage ?? 0);
    setFacets(data.facets);
    setTotal(data.total);
    setStatus(data.error ? "error" : "ready");
  }, [data]);

  useEffect(() => {
    const saved = window.sessionStorage.getItem(FILTER_TYPE_KEY);
    if (saved === "Sticky" || saved === "Toggle") setFilterType(saved);
  }, []);
  const chooseFilterType = (ft: FilterType) => {
    setFilterType(ft);
    window.sessionStorage.setItem(FILTER_TYPE_KEY, ft);
  };
  const sticky = wide && filterType === "Sticky";
  const hydrated = useHydrated();
  // Before hydration the server markup shows the sticky panel; CSS hides it below 1024 px.
  const mode = !hydrated ? "ssr" : phone ? "drawer" : sticky ? "sticky" : "toggle";

  // run loads the list for next: from the start, or (more) one page
  // appended at next.page, or (previous) one page prepended at next.page.
  const run = useCallback(
    async (next: ListState, more: boolean, previous = false) => {
      abort.current?.abort();
      const ctrl = new AbortController();
      abort.current = ctrl;
      setStatus(more || previous ? "loading-more" : "loading");
      try {
        const res = await searchCars({
          index: data.index,
          fields: data.fields,
          facets: data.facetRequests,
          state: next,
          limit: data.pageSize,
          offset: more || previous ? next.page * data.pageSize : 0,
          signal: ctrl.signal,
        });
        setCars((prev) => (previous ? [...res.content, ...prev] : more ? [...prev, ...res.content] : res.content));
        if (previous) setFirstPage(next.page);
        else if (!more) setFirstPage(0);
        setFacets(res.facet);
        setTotal(res.total_items);
        setStatus("ready");
      } catch {
        if (ctrl.signal.aborted) return;
        setStatus("error");
        setFacets([]);
      }
    },
    [data],
  );

  const apply = (next: ListState) => {
    next = { ...next, page: 0 };
    setState(next);
    window.history.pushState({ fc: true, list: true }, "", toURL(data.basePath, next, data.sorts));
    void run(next, false);
    const el = top.current;
    if (el && el.getBoundingClientRect().top < 0) el.scrollIntoView({ block: "start" });
  };
  const showMore = () => {
    const next = { ...state, page: state.page + 1 };
    setState(next);
    window.history.replaceState({ fc: true, list: true }, "", toURL(data.basePath, next, data.sorts));
    void run(next, true);
  };
  const showPrevious = () => void run({ ...state, page: firstPage - 1 }, false, true);
  const submitPhrase = (e: FormEvent) => {
    e.preventDefault();
    const brandFacet = facets.find((f) => f.name === "car_brand")?.values ?? [];
    const extra: Record<string, string[]> = {};
    for (const f of facets) if (WORD_FACETS.includes(f.name)) extra[f.name] = f.values.map((v) => v.text);
    const split = splitSearch(phrase, brandFacet, "car_brand", "car_model", extra);
    let next = state;
    for (const [k, vals] of Object.entries(split.filters)) for (const v of vals) if (!(next.filters[k] ?? []).includes(v)) next = toggleValue(next, k, v);
    next = { ...next, keyphrase: [state.keyphrase, split.keyphrase].filter(Boolean).join(" ") };
    setPhrase("");
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
          <input id="fc-keyphrase" type="search" value={phrase} onChange={(e) => setPhrase(e.target.value)} placeholder={t("keyphrasePlaceholder", "Sök märke, modell eller utrustning")} enterKeyHint="search" autoComplete="off" />
          <button type="submit" className="fc-button fc-button--primary">
            {t("search", "Sök")}
          </button>
        </form>
        <div className="fc-car-list__controls">
          {mode === "drawer" ? (
            <button type="button" className="fc-button fc-button--secondary" aria-haspopup="dialog" onClick={() => setDrawer(true)}
              aria-label={active.length > 0 ? fill(t("filtersChosen", "Filter, {count} valda"), { count: String(active.length) }) : undefined}>
              {t("filters", "Filter")}
              {active.length > 0 && <span className="fc-count-badge" aria-hidden="true">{active.length}</span>}
            </button>
          ) : (
            !sticky && (
              <button type="button" className="fc-button fc-button--secondary" aria-expanded={panelOpen} aria-controls="fc-filter-panel" onClick={() => setPanelOpen((o) => !o)}>
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
          {fill(t("unknownSort", "Sorteringen ”{value}” finns inte. Bilarna visas sorterade på: {sort}."), { value: unknownSort, sort: t(`sort_${state.sort}`, state.sort) })}
        </p>
      )}

      {active.length > 0 && (
        <div className="fc-chips" role="region" aria-label={t("activeFilters", "Valda filter")}>
          <ul>
            {active.map((c) => (
              <li key={c.key}>
                <button type="button" className="fc-chip" aria-label={fill(t("removeFilter", "Ta bort filter {name}"), { name: c.facet === "keyphrase" ? c.label : valueText(t, c.label) })} onClick={() => apply(removeChip(state, c))}>
                  {c.facet === "keyphrase" ? fill(t("keyphraseChip", "Sökord: {value}"), { value: c.label }) : valueText(t, c.label)}
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
            {status !== "error" && fill(t("hits", "{count} träffar"), { count: hitCount(total, locale) })}
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
              <p>{fill(t("showingXofY", "Visar {x} av {y} bilar"), { x: formatNumber(reached, locale), y: hitCount(total, locale) })}</p>
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
          onClose={() => setDrawer(false)}
          footer={
            <>
              <button type="button" className="fc-linklike" onClick={() => apply(clearAll(state))}>
                {t("clearAll", "Rensa alla")}
              </button>
              <button type="button" className="fc-button fc-button--primary" onClick={() => setDrawer(false)}>
                {fill(t("showResults", "Visa {count} bilar"), { count: hitCount(total, locale) })}
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
