// Number formatting and text ordering with one Intl object per locale and
// options. Making a formatter costs some 50 microseconds (Number#toLocaleString
// makes one on every call, localeCompare with a locale one collator per
// comparison): a car list of 48 cards and 15 facets formats several hundred
// numbers, and building their formatters was a third of the page's server
// render.
import { nextTask } from "./next-task";

const made = new Map<string, Intl.NumberFormat | Intl.Collator>();

// remember returns the object made under key, making it the first time. The
// bound guards against a runaway (locales and currencies come from the
// site's settings, not from visitors).
function remember<T extends Intl.NumberFormat | Intl.Collator>(key: string, make: () => T): T {
  let v = made.get(key) as T | undefined;
  if (!v) {
    v = make();
    if (made.size > 200) made.clear();
    made.set(key, v);
  }
  return v;
}

/** numberFormat returns the shared formatter of locale and options. */
export function numberFormat(locale: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = options ? `n\u0000${locale}\u0000${JSON.stringify(options)}` : `n\u0000${locale}`;
  return remember(key, () => new Intl.NumberFormat(locale, options));
}

/** moneyFormat is the formatter of whole amounts of currency (prices on every car card), without an options key per call. */
export function moneyFormat(locale: string, currency: string): Intl.NumberFormat {
  return remember(`m\u0000${locale}\u0000${currency}`, () => new Intl.NumberFormat(locale, { style: "currency", currency, maximumFractionDigits: 0 }));
}

/**
 * warmUpFormats makes the shared number and money formatters of a site's
 * locale and currency ahead of the first render that uses them, each in a
 * task of its own (nextTask). The first Intl formatter of a page starts
 * ICU's number formatting, 30–70 ms at a phone's CPU speed, which inside
 * the hydration of the first car card made one long task of it. A locale or
 * currency Intl refuses is left for the render to report.
 */
export async function warmUpFormats(locale: string, currency: string): Promise<void> {
  for (const make of [() => numberFormat(locale), () => moneyFormat(locale, currency)]) {
    await nextTask();
    try {
      make();
    } catch {
      // The render that uses it throws the same error where it is seen.
    }
  }
}

/** formatNumber is n.toLocaleString(locale) with a shared formatter. */
export function formatNumber(n: number, locale: string): string {
  return numberFormat(locale).format(n);
}

/**
 * textOrder returns a compare function for sorting texts as
 * a.localeCompare(b, locale, { numeric }) does, with one shared collator.
 */
export function textOrder(locale: string, numeric = false): (a: string, b: string) => number {
  return remember(`c\u0000${locale}\u0000${numeric}`, () => new Intl.Collator(locale, { numeric })).compare;
}
