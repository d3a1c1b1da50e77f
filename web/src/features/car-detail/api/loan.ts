import type { LoanAnswer } from "../types";
import { httpError } from "../../../lib/http-error";

/** fetchLoan asks Go (the source of truth) to work out the loan. */
export async function fetchLoan(carId: number, downPayment: number, months: number, signal?: AbortSignal): Promise<LoanAnswer> {
  const res = await fetch("/api/finance/loan", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ car_id: carId, down_payment: downPayment, months }),
    signal,
  });
  if (!res.ok) throw await httpError(res, "loan");
  return (await res.json()) as LoanAnswer;
}
