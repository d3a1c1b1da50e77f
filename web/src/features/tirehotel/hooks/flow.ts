// Data-layer events and error reporting of the tyre-hotel flow (spec §7, §8).
import { pushDataLayer } from "../../../lib/data-layer";
import { ApiError } from "../../../lib/api-client";

export const FLOW = { flow_name: "tirehotel_wheel_change", flow_version: "2.0" } as const;
export const FORM_NAME = "tirehotel_wheel_change";

/** track pushes a flow event (page_impression, flow_interaction, form_interaction, purchase). */
export function track(event: "page_impression" | "flow_interaction" | "form_interaction" | "purchase", extra: Record<string, unknown> = {}): void {
  pushDataLayer({ event, ...FLOW, ...extra });
}

/** The data layer is polled this often (spec §9) and at most this many times. */
export const DATA_LAYER_POLL_MS = 100;
export const DATA_LAYER_POLL_TRIES = 50;

/** sitePageViewLogged: the page's own page_impression (the shell's, without flow_name) is on the data layer. */
const sitePageViewLogged = () => (window.dataLayer ?? []).some((e) => e.event === "page_impression" && !("flow_name" in e));

/**
 * afterPageView calls fn once the page's own page view is on the data layer,
 * looking every 100 ms (spec §9), so the portal's page impressions follow
 * the page view they belong to; after 5 s without one it calls fn anyway.
 * Returns a function that cancels the wait.
 */
export function afterPageView(fn: () => void): () => void {
  if (sitePageViewLogged()) {
    fn();
    return () => {};
  }
  let tries = 0;
  const timer = window.setInterval(() => {
    tries++;
    if (!sitePageViewLogged() && tries < DATA_LAYER_POLL_TRIES) return;
    window.clearInterval(timer);
    fn();
  }, DATA_LAYER_POLL_MS);
  return () => window.clearInterval(timer);
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
