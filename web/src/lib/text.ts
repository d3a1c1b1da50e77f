// Dictionary texts: a site's texts come from its dictionary
// (content/_common/dictionary-*.yaml and the site's dictionary.yaml) and
// may hold {name} placeholders filled at the call: t("hits", "{count} träffar", { count }).

/** Vars are the values of a text's {name} placeholders. */
export type Vars = Record<string, string | number>;

/**
 * T looks a dictionary text up by key: a missing key shows the fallback
 * (or the key). vars fill its placeholders; they may come second when
 * there is no fallback: t("hits", { count }).
 */
export type T = (key: string, fallback?: string | Vars, vars?: Vars) => string;

/** fill replaces the {name} placeholders of text; a placeholder without a value stays as it is. */
export function fill(text: string, vars: Vars): string {
  return text.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));
}

/** translator returns the T of a dictionary. */
export function translator(dictionary: Record<string, string>): T {
  return (key, fallback, vars) => {
    if (typeof fallback === "object") [vars, fallback] = [fallback, undefined];
    const text = dictionary[key] ?? fallback ?? key;
    return vars ? fill(text, vars) : text;
  };
}
