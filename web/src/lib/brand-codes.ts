/**
 * collapseBrandCodes replaces a code with an underscore ("VW_TR") by its base
 * ("VW") when the base is also present, except FI_TR and MH_TR; duplicates
 * are dropped (same rule as Go's catalog.CollapseBrandCodes).
 */
export function collapseBrandCodes(codes: string[]): string[] {
  const present = new Set(codes);
  const out: string[] = [];
  for (let c of codes) {
    const i = c.indexOf("_");
    if (i > 0 && c !== "FI_TR" && c !== "MH_TR" && present.has(c.slice(0, i))) c = c.slice(0, i);
    if (!out.includes(c)) out.push(c);
  }
  return out;
}

export function brandLogoURL(code: string): string {
  return `/-/media/demo/brand/${code.toLowerCase().replace(/_/g, "-")}.svg`;
}
