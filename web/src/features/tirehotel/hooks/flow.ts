// Data-layer events and error reporting of the tyre-hotel flow (spec §7, §8).
import { pushDataLayer } from "../../../lib/data-layer";
import { ApiError } from "../api/tirehotel-api";

export const FLOW = { flow_name: "tirehotel_wheel_change", flow_version: "2.0" } as const;
export const FORM_NAME = "tirehotel_wheel_change";

/** track pushes a flow event (page_impression, flow_interaction, form_interaction, purchase). */
export function track(event: "page_impression" | "flow_interaction" | "form_interaction" | "purchase", extra: Record<string, unknown> = {}): void {
  pushDataLayer({ event, ...FLOW, ...extra });
}

/**
 * reportError sends a failure to the error log (console) and the data layer
 * (event_error). Only the status and code travel: never tokens or codes.
 */
export function reportError(where: string, err: unknown): void {
  const status = err instanceof ApiError ? err.status : 0;
  const code = err instanceof ApiError ? err.code : "";
  console.error(`TIREHOTEL_${where.toUpperCase()}_FAILED`, status || "", code || String(err instanceof Error ? err.message : err));
  pushDataLayer({ event: "event_error", ...FLOW, error_type: `TIREHOTEL_${where.toUpperCase()}_FAILED`, error_status: status, error_code: code });
}
