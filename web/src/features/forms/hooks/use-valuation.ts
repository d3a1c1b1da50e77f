import { useEffect, useState } from "react";
import { fetchValuation, valuationInput, type ValuationAnswer } from "../api/valuation";

/** VALUATION_DELAY_MS is how long typing rests before the car is valued. */
export const VALUATION_DELAY_MS = 500;

/** useValuation values the car once plate and mileage are valid and typing has rested; "loading" meanwhile, undefined before. */
export function useValuation(regno: string, milage: string, delayMs = VALUATION_DELAY_MS): ValuationAnswer | "loading" | undefined {
  const [answer, setAnswer] = useState<ValuationAnswer | "loading" | undefined>(undefined);
  const input = valuationInput(regno, milage);
  const key = input ? `${input.regno}|${input.milage}` : "";
  useEffect(() => {
    if (!key) {
      setAnswer(undefined);
      return;
    }
    const [r, m] = key.split("|");
    const ctl = new AbortController();
    const timer = window.setTimeout(() => {
      setAnswer("loading");
      fetchValuation({ regno: r, milage: Number(m) }, ctl.signal).then(setAnswer, () => {});
    }, delayMs);
    return () => {
      window.clearTimeout(timer);
      ctl.abort();
    };
  }, [key, delayMs]);
  return answer;
}
