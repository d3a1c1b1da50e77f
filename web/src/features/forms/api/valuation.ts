// POST /api/valuation: the preliminary value range of the visitor's car
// from its registration number and mileage (the vehicle register and the
// site's fair-price model, the trade-in margin deducted).
import { milage as milageRule, regno as regnoRule } from "./rules";

export interface Valuation {
  low: number;
  high: number;
  currency: string;
  basis: number;
}

/** ValuationAnswer: a range, a message for the visitor (a bad or unknown plate), nothing (no valuation on this site) or a failure. */
export type ValuationAnswer = { kind: "range"; value: Valuation } | { kind: "message"; text: string } | { kind: "none" } | { kind: "failed" };

/** valuationInput is the request body when both fields are valid, else undefined. */
export function valuationInput(regno: string, milage: string): { regno: string; milage: number } | undefined {
  const r = regnoRule.safeParse(regno);
  const m = milageRule.safeParse(milage);
  return r.success && m.success ? { regno: r.data, milage: m.data } : undefined;
}

export async function fetchValuation(body: { regno: string; milage: number }, signal?: AbortSignal): Promise<ValuationAnswer> {
  let res: Response;
  try {
    res = await fetch("/api/valuation", { method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json" }, body: JSON.stringify(body), signal });
  } catch (e) {
    if ((e as Error).name === "AbortError") throw e;
    return { kind: "failed" };
  }
  if (res.ok) {
    const v = (await res.json().catch(() => null)) as Partial<Valuation> | null;
    const ok = v && typeof v.low === "number" && typeof v.high === "number" && typeof v.basis === "number" && /^[A-Z]{3}$/.test(v.currency ?? "");
    return ok ? { kind: "range", value: v as Valuation } : { kind: "failed" };
  }
  if (res.status === 403) return { kind: "none" };
  if (res.status === 400 || res.status === 404) {
    const msg = ((await res.json().catch(() => null)) as { error?: { message?: string } } | null)?.error?.message;
    if (msg) return { kind: "message", text: msg };
  }
  return { kind: "failed" };
}
