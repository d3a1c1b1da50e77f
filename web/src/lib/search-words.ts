// Hero search: free text is split into words; words (or two-word runs, e.g.
// "land rover") that match known facet values become filters, the rest stay
// as the keyphrase.

export interface FacetValueNode {
  text: string;
  children?: FacetValueNode[];
}

export interface SplitResult {
  filters: Record<string, string[]>;
  keyphrase: string;
}

function fold(s: string): string {
  return s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[-_]/g, " ")
    .trim();
}

/**
 * splitSearch maps words of text onto the brand facet (car_brand) and its
 * child facet (car_model, written "Brand>Model"), then onto the values of
 * other facets (extra, e.g. car_fuel ["Diesel", "El"], car_gearbox
 * ["Automat"]). Longer matches win ("mercedes benz" before "mercedes"); a
 * model matches only once its brand is known from the text or is unique.
 */
export function splitSearch(text: string, brands: FacetValueNode[], brandFacet = "car_brand", modelFacet = "car_model", extra: Record<string, string[]> = {}): SplitResult {
  const words = text.split(/\s+/).filter(Boolean);
  const brandByKey = new Map<string, string>();
  for (const b of brands) brandByKey.set(fold(b.text), b.text);
  const modelsByKey = new Map<string, { brand: string; model: string }[]>();
  for (const b of brands)
    for (const m of b.children ?? []) {
      const k = fold(m.text);
      modelsByKey.set(k, [...(modelsByKey.get(k) ?? []), { brand: b.text, model: m.text }]);
    }
  const used = new Array(words.length).fill(false);
  const foundBrands: string[] = [];
  const match = (map: Map<string, unknown>, onHit: (key: string, i: number, n: number) => boolean) => {
    for (let n = 3; n >= 1; n--)
      for (let i = 0; i + n <= words.length; i++) {
        if (used.slice(i, i + n).some(Boolean)) continue;
        const key = fold(words.slice(i, i + n).join(" "));
        if (map.has(key) && onHit(key, i, n)) for (let j = i; j < i + n; j++) used[j] = true;
      }
  };
  match(brandByKey, (key) => {
    const b = brandByKey.get(key)!;
    if (!foundBrands.includes(b)) foundBrands.push(b);
    return true;
  });
  const models: string[] = [];
  match(modelsByKey, (key) => {
    const options = modelsByKey.get(key)!;
    const pick = options.find((o) => foundBrands.includes(o.brand)) ?? (options.length === 1 ? options[0] : undefined);
    if (!pick) return false;
    if (!foundBrands.includes(pick.brand)) foundBrands.push(pick.brand);
    models.push(`${pick.brand}>${pick.model}`);
    return true;
  });
  const filters: Record<string, string[]> = {};
  if (foundBrands.length) filters[brandFacet] = foundBrands;
  if (models.length) filters[modelFacet] = models;
  for (const [facet, values] of Object.entries(extra)) {
    const byKey = new Map(values.map((v) => [fold(v), v] as const));
    match(byKey, (key) => {
      const v = byKey.get(key)!;
      filters[facet] = [...new Set([...(filters[facet] ?? []), v])];
      return true;
    });
  }
  return { filters, keyphrase: words.filter((_, i) => !used[i]).join(" ") };
}

/** searchQuery builds the car list query string of a split search. */
export function searchQuery(split: SplitResult): string {
  const p = new URLSearchParams();
  for (const [k, vs] of Object.entries(split.filters)) for (const v of vs) p.append(k, v);
  if (split.keyphrase) p.set("keyphrase", split.keyphrase);
  return p.toString();
}
