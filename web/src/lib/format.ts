// Number formatting and text ordering with one Intl object per locale and
// options.
// Making a formatter costs some 50 microseconds (Number#toLocaleString
// makes one on every call): a car list of 48 cards and 15 facets formats
// several hundred numbers, and building their formatters was a third of
// the page's server render.
const cache = new Map<string, Intl.NumberFormat>();

/** numberFormat returns the shared formatter of locale and options. */
export function numberFormat(locale: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = options ? `${locale}\u0000${JSON.stringify(options)}` : locale;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, options);
    // A bound on what visitors' data could make (locales and currencies
    // come from the site, but stay safe).
    if (cache.size > 200) cache.clear();
    cache.set(key, f);
  }
  return f;
}

/** moneyFormat is numberFormat for whole amounts of currency (prices on every car card). */
export function moneyFormat(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale}\u0000money\u0000${currency}`;
  let f = cache.get(key);
  if (!f) {
    f = numberFormat(locale, { style: "currency", currency, maximumFractionDigits: 0 });
    cache.set(key, f);
  }
  return f;
}

/** formatNumber is n.toLocaleString(locale) with a shared formatter. */
export function formatNumber(n: number, locale: string): string {
  return numberFormat(locale).format(n);
}

const collators = new Map<string, Intl.Collator>();

/**
 * textOrder returns a compare function for sorting texts as
 * a.localeCompare(b, locale, { numeric }) does, with one shared collator
 * (localeCompare with a locale makes one per comparison).
 */
export function textOrder(locale: string, numeric = false): (a: string, b: string) => number {
  const key = `${locale}\u0000${numeric}`;
  let c = collators.get(key);
  if (!c) {
    c = new Intl.Collator(locale, { numeric });
    if (collators.size > 200) collators.clear();
    collators.set(key, c);
  }
  return c.compare;
}
