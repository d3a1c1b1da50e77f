// Registration plates as people paste or autofill them ("abc 123", "ABC-123",
// "ABC 12 3"): separators go and letters are upper-cased before the length
// limit applies, so the limit never cuts a character that a space took.

/** Spaces (any Unicode space) and dashes (hyphen-minus and the typographic ones). */
const SEPARATORS = /[\s\-\u2010-\u2015\u2212]+/g;

/** normalizePlate removes spaces and dashes, upper-cases, then keeps at most max characters. */
export function normalizePlate(raw: string, max: number): string {
  return raw.replace(SEPARATORS, "").toUpperCase().slice(0, max);
}
