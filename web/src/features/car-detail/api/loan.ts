import type { LoanAnswer } from "../types";
import { json } from "../../../lib/api-client";

/** fetchLoan asks Go (the source of truth) to work out the loan. */
export function fetchLoan(carId: number, downPayment: number, months: number, signal?: AbortSignal): Promise<LoanAnswer> {
  return json<LoanAnswer>("/api/finance/loan", { body: { car_id: carId, down_payment: downPayment, months }, signal });
}
