// Phone numbers as people write them ("070-123 45 67", "+46 (0)70 123 45 67",
// "0046 70 123 45 67") in E.164 ("+46701234567"): the same rule as the
// server's phone.Normalize (internal/phone), so every form accepts what the
// server accepts. The site's country gives national numbers their prefix.

interface Plan {
  code: string;
  min: number;
  max: number;
  /** National numbers start with a trunk 0 that the international form drops. */
  trunk: boolean;
}

const PLANS: Record<string, Plan> = {
  SE: { code: "46", min: 7, max: 9, trunk: true },
  NO: { code: "47", min: 8, max: 8, trunk: false },
  DK: { code: "45", min: 8, max: 8, trunk: false },
  FI: { code: "358", min: 5, max: 12, trunk: true },
  SK: { code: "421", min: 9, max: 9, trunk: true },
  GB: { code: "44", min: 9, max: 10, trunk: true },
  UK: { code: "44", min: 9, max: 10, trunk: true },
};

const SEPARATORS = new Set([" ", "\u00a0", "-", ".", "/", "(", ")"]);

/** normalizePhone returns raw in E.164, or null when it is not a phone number (see internal/phone). */
export function normalizePhone(raw: string, country: string): string | null {
  const s = raw.trim().replace("(0)", "");
  let d = "";
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c >= "0" && c <= "9") d += c;
    else if (c === "+" && i === 0) d += c;
    else if (!SEPARATORS.has(c)) return null;
  }
  if (d.startsWith("+")) d = d.slice(1);
  else if (d.startsWith("00")) d = d.slice(2);
  else {
    const p = PLANS[country.toUpperCase()];
    if (!p) return null;
    if (p.trunk) {
      if (!d.startsWith("0")) return null;
      d = d.slice(1);
    }
    d = p.code + d;
  }
  if (d === "" || d[0] === "0") return null;
  for (const p of Object.values(PLANS)) {
    if (!d.startsWith(p.code)) continue;
    let nsn = d.slice(p.code.length);
    // A trunk 0 kept after the country code ("+46070…") is a common slip.
    if (p.trunk && nsn.startsWith("0")) nsn = nsn.slice(1);
    return nsn.length >= p.min && nsn.length <= p.max ? `+${p.code}${nsn}` : null;
  }
  return d.length >= 8 && d.length <= 15 ? `+${d}` : null;
}

/** isPhone reports whether raw is a phone number on a site of country. */
export function isPhone(raw: string, country: string): boolean {
  return normalizePhone(raw, country) !== null;
}
