// The car list state and its transitions, as pure functions: the URL form
// (query string plus readable /brand/model path segments), facet ticks,
// chips, clear-all and the range rules of the spec. What a state means as a
// search (parsing, validation, the filters the search gets) is the server's
// alone (Go catalogpages.ParseListQuery and ListSearch): the list sends its
// query string (apiQuery) and shows what comes back.
import type { ListState } from "../types";
import { formatNumber } from "../../../lib/format";

export const DEFAULT_SORT = "car_publishdate_desc";

export function emptyState(sort = DEFAULT_SORT): ListState {
  return { filters: {}, ranges: {}, keyphrase: "", sort, page: 0 };
}

/** slug makes a readable path segment of a facet value (same rule as Go's catalogpages.Slug). */
export function slug(s: string): string {
  return s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join("-");
}

/** parseIntLoose strips spaces (also no-break spaces) and parses an integer; NaN when it is not one. */
export function parseIntLoose(s: string): number {
  const t = s.replace(/[\s\u00a0\u202f]/g, "");
  return /^-?\d+$/.test(t) ? parseInt(t, 10) : NaN;
}

/** pathBrandModel returns the brand (and model) that can be written as path segments: exactly one brand and at most one model of it. */
export function pathBrandModel(st: ListState): { brand: string; model?: string } | undefined {
  const brands = st.filters.car_brand ?? [];
  const models = st.filters.car_model ?? [];
  if (brands.length !== 1) return undefined;
  if (models.length === 0) return { brand: brands[0] };
  if (models.length === 1 && models[0].startsWith(brands[0] + ">")) return { brand: brands[0], model: models[0].slice(brands[0].length + 1) };
  return undefined;
}

/** params writes the state's parameters; brand and model are left out when the path carries them (inPath). */
function params(st: ListState, sorts: string[], inPath: boolean): URLSearchParams {
  const p = new URLSearchParams();
  for (const k of Object.keys(st.filters).sort()) {
    if (inPath && (k === "car_brand" || k === "car_model")) continue;
    for (const v of st.filters[k]) p.append(k, v);
  }
  for (const k of Object.keys(st.ranges).sort()) p.set(k, `${st.ranges[k][0]}-${st.ranges[k][1]}`);
  if (st.keyphrase) p.set("keyphrase", st.keyphrase);
  if (st.sort && st.sort !== sorts[0]) p.set("sort", st.sort);
  if (st.page > 0) p.set("page", String(st.page));
  return p;
}

/** toURL writes the state as a path and query string: /bilar/bmw/x3?car_fuel=Diesel&page=1. */
export function toURL(basePath: string, st: ListState, sorts: string[] = [DEFAULT_SORT]): string {
  const pm = pathBrandModel(st);
  let path = basePath;
  if (pm) path += `/${slug(pm.brand)}${pm.model ? `/${slug(pm.model)}` : ""}`;
  const qs = params(st, sorts, !!pm).toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * apiQuery is the query string the list's API reads (GET /api/car-list):
 * the list URL's own parameters, with brand and model as parameters rather
 * than path segments, at page.
 */
export function apiQuery(st: ListState, page: number, sorts: string[] = [DEFAULT_SORT]): string {
  return params({ ...st, page }, sorts, false).toString();
}

function withFilter(st: ListState, facet: string, vals: string[]): ListState {
  const filters = { ...st.filters };
  if (vals.length) filters[facet] = vals;
  else delete filters[facet];
  return { ...st, filters, page: 0 };
}

/** toggleValue ticks or unticks a facet value; unticking a brand also drops its models. Any change resets the page. */
export function toggleValue(st: ListState, facet: string, value: string): ListState {
  const cur = st.filters[facet] ?? [];
  if (!cur.includes(value)) return withFilter(st, facet, [...cur, value]);
  let next = withFilter(st, facet, cur.filter((v) => v !== value));
  if (facet === "car_brand") next = withFilter(next, "car_model", (next.filters.car_model ?? []).filter((m) => !m.startsWith(value + ">")));
  return next;
}

/** setRange sets or (undefined) removes a range filter. */
export function setRange(st: ListState, facet: string, r: [number, number] | undefined): ListState {
  const ranges = { ...st.ranges };
  if (r) ranges[facet] = r;
  else delete ranges[facet];
  return { ...st, ranges, page: 0 };
}

export function clearAll(st: ListState): ListState {
  return { ...st, filters: {}, ranges: {}, keyphrase: "", page: 0 };
}

export interface Chip {
  key: string;
  facet: string;
  value: string;
  label: string;
}

/** chips lists the active filters as removable chips. */
export function chips(st: ListState, rangeLabel: (facet: string, r: [number, number]) => string): Chip[] {
  const out: Chip[] = [];
  for (const [facet, vals] of Object.entries(st.filters))
    for (const v of vals) out.push({ key: `${facet}=${v}`, facet, value: v, label: facet === "car_model" ? v.replace(">", " ") : v });
  for (const [facet, r] of Object.entries(st.ranges)) out.push({ key: facet, facet, value: "", label: rangeLabel(facet, r) });
  if (st.keyphrase) out.push({ key: "keyphrase", facet: "keyphrase", value: st.keyphrase, label: st.keyphrase });
  return out;
}

/** removeChip removes the filter a chip stands for. */
export function removeChip(st: ListState, c: Chip): ListState {
  if (c.facet === "keyphrase") return { ...st, keyphrase: "", page: 0 };
  if (c.facet in st.ranges) return setRange(st, c.facet, undefined);
  return toggleValue(st, c.facet, c.value);
}

/** rangeStep is about 1/100 of the span, at least 1. */
export function rangeStep(min: number, max: number): number {
  return Math.max(1, Math.round((max - min) / 100));
}

/**
 * clampRange applies the spec's rules: values are clamped to [min, max];
 * when the lower exceeds the upper both become the value just changed.
 */
export function clampRange(lo: number, hi: number, min: number, max: number, changed: "lo" | "hi" = "lo"): [number, number] {
  let a = Math.min(Math.max(lo, min), max);
  let b = Math.min(Math.max(hi, min), max);
  if (a > b) {
    if (changed === "lo") b = a;
    else a = b;
  }
  return [a, b];
}

/** rangeFilter is the filter of a range, or undefined when it spans the whole facet (no filter). */
export function rangeFilter(r: [number, number], min: number, max: number): [number, number] | undefined {
  return r[0] <= min && r[1] >= max ? undefined : r;
}

/**
 * hitCount is the total as a number; exactly 10000 reads "10000+" (spec
 * section 2: the old search service stopped counting there, so 10000 meant
 * "at least"). Larger totals are real counts and shown as they are.
 */
export function hitCount(total: number, locale: string): string {
  return total === 10000 ? `${formatNumber(10000, locale)}+` : formatNumber(total, locale);
}
