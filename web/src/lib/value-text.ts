// valueText shows a car's data value (fuel, gearbox, body, colour, drive,
// condition) in the page's language. A feed is in the site's main language;
// on a second language (group-fi's Swedish pages over its Finnish feed) the
// dictionary's value_<value> key names it, and a value without one is shown
// as it is. Filters and URLs keep the data value.
export function valueText(t: (key: string, fallback?: string) => string, value: string): string {
  return value ? t(`value_${value}`, value) : value;
}
