// The workshop list of step 4: streamed from the closest-available event
// stream, 5 at a time with placeholders, 'Hämta fler' with the last site as
// cursor, sorted by distance or by first free time (spec §4.1, §9).
import { useCallback, useEffect, useState } from "react";
import { pushDataLayer } from "../../../lib/data-layer";
import { streamWorkshops } from "../api/booking-api";
import { formatSlot } from "../rules";
import type { NearerSite, WorkshopSite } from "../types";
import type { T } from "../../../lib/text";
import { useLatestCall } from "../../../lib/use-request";


export const PAGE = 5;

/** ListState is where the streamed list stands. */
export type ListState = { phase: "loading"; batch: number } | { phase: "done"; more: boolean } | { phase: "nosites" } | { phase: "error" };

export type SortOrder = "nearest" | "first";

export function sortSites(sites: WorkshopSite[], order: SortOrder): WorkshopSite[] {
  if (order === "nearest") return sites;
  return [...sites].sort((a, b) => {
    if (a.firstTimeSlot === b.firstTimeSlot) return 0;
    if (!a.firstTimeSlot) return 1;
    if (!b.firstTimeSlot) return -1;
    return a.firstTimeSlot < b.firstTimeSlot ? -1 : 1;
  });
}

export function WorkshopList({
  reg,
  codes,
  lat,
  lng,
  place,
  onChoose,
  onSites,
  onDropServices,
  t,
}: {
  reg: string;
  codes: string[];
  lat: number;
  lng: number;
  place: string;
  onChoose: (s: WorkshopSite) => void;
  /** onSites hears the workshops listed whenever they change (the step's map shows them). */
  onSites?: (sites: WorkshopSite[]) => void;
  /** onDropServices deselects the services the nearer workshops cannot do. */
  onDropServices?: (codes: string[]) => void;
  t: T;
}) {
  const [sites, setSites] = useState<WorkshopSite[]>([]);
  const [nearer, setNearer] = useState<NearerSite[]>([]);
  const [state, setState] = useState<ListState>({ phase: "loading", batch: 0 });
  const [order, setOrder] = useState<SortOrder>("nearest");
  const { run, cancel } = useLatestCall();
  const key = `${reg}|${codes.join(",")}|${lat}|${lng}`;

  const load = useCallback(
    (cursor?: string) => {
      let batch = 0;
      setState({ phase: "loading", batch: 0 });
      let ended = false;
      void run((signal) => streamWorkshops(
        { reg, codes, lat, lng, cursor, limit: PAGE },
        (m) => {
          if (signal.aborted) return;
          if ("site" in m) {
            batch++;
            const b = batch;
            setSites((s) => (s.some((x) => x.departmentId === m.site.departmentId) ? s : [...s, m.site]));
            setState({ phase: "loading", batch: b });
          } else if ("nearer" in m) {
            setNearer(m.nearer);
          } else if ("nosites" in m) {
            ended = true;
            setState({ phase: "nosites" });
          } else if ("error" in m) {
            ended = true;
            pushDataLayer({ event: "event_error", error: "WORKSHOPS_STREAM_FAILED", flow: "service_booking" });
            console.warn("service booking: workshop stream", m.error);
            setState({ phase: "error" });
          } else if ("end" in m) {
            if (!ended) setState({ phase: "done", more: m.more });
            ended = true;
          }
        },
        signal,
      )).then((o) => {
        if (!o) return;
        if (o.ok) {
          if (!ended) setState({ phase: "done", more: false });
          return;
        }
        console.warn("service booking: workshop stream", o.error);
        setState({ phase: "error" });
      });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key, run],
  );

  useEffect(() => {
    setSites([]);
    setNearer([]);
    load();
    return cancel;
  }, [load]);

  useEffect(() => onSites?.(sites), [sites, onSites]);

  const why = nearer.length > 0 && <NearerNote nearer={nearer} onDropServices={onDropServices} t={t} />;
  if (state.phase === "nosites" || (state.phase === "error" && sites.length === 0)) {
    return (
      <div className="fc-booking-empty" role="status">
        {why}
        <p className="fc-booking-empty__title">{t("bookingNoSites")}</p>
        <p className="fc-booking__hint">
          {t("bookingNoSitesHint")} <a href={`mailto:${t("supportEmail")}`}>{t("supportEmail")}</a>
        </p>
      </div>
    );
  }

  const loading = state.phase === "loading";
  const placeholders = loading ? Math.max(0, PAGE - state.batch) : 0;
  const more = state.phase === "done" && state.more;
  return (
    <div className="fc-booking-workshops">
      <div className="fc-booking-workshops__bar">
        <h3 className="fc-booking-subheading">{t("bookingWorkshopsHeading", { place })}</h3>
        <fieldset className="fc-booking-sort">
          <legend className="fc-visually-hidden">{t("bookingSortLabel")}</legend>
          {(["nearest", "first"] as const).map((o) => (
            <label key={o} className={`fc-booking-sort__option${order === o ? " is-active" : ""}`}>
              <input type="radio" name="fc-booking-sort" value={o} checked={order === o} onChange={() => setOrder(o)} />
              {o === "nearest" ? t("bookingSortNearest") : t("bookingSortFirstTime")}
            </label>
          ))}
        </fieldset>
      </div>
      {why}
      <ul className="fc-booking-workshops__list" aria-busy={loading}>
        {sortSites(sites, order).map((s) => (
          <li key={s.departmentId} className="fc-booking-workshop">
            <div className="fc-booking-workshop__info">
              <h4 className="fc-booking-workshop__name">{s.siteName}</h4>
              <p className="fc-booking-workshop__address">{s.address}</p>
              {s.openingHours && s.openingHours.length > 0 && (
                <p className="fc-booking-workshop__hours">
                  <span className="fc-booking-workshop__first-label">{t("bookingOpeningHours", "Öppettider")}:</span> {s.openingHours.join(" · ")}
                </p>
              )}
              <p className="fc-booking-workshop__first">
                {s.firstTimeSlot ? (
                  <>
                    <span className="fc-booking-workshop__first-label">{t("bookingFirstFree")}:</span> {formatSlot(s.firstTimeSlot)}
                  </>
                ) : (
                  t("bookingNoFirstFree")
                )}
              </p>
            </div>
            <div className="fc-booking-workshop__side">
              {typeof s.distanceKm === "number" && <span className="fc-booking-workshop__distance">{t("bookingDistance", { km: s.distanceKm.toLocaleString("sv-SE", { maximumFractionDigits: 1 }) })}</span>}
              <button type="button" className="fc-button fc-button--secondary fc-booking-workshop__choose" onClick={() => onChoose(s)} aria-label={`${t("bookingChooseWorkshop")} ${s.siteName}`}>
                {t("bookingChooseWorkshop")}
              </button>
            </div>
          </li>
        ))}
        {Array.from({ length: placeholders }, (_, i) => (
          <li key={`ph${i}`} className="fc-booking-workshop fc-booking-workshop--placeholder" aria-hidden="true">
            <div className="fc-booking-workshop__info">
              <span className="fc-booking-bone fc-booking-bone--title" />
              <span className="fc-booking-bone" />
              <span className="fc-booking-bone fc-booking-bone--short" />
            </div>
          </li>
        ))}
      </ul>
      {state.phase === "error" && (
        <p role="alert" className="fc-booking__error">
          {t("bookingNoSites")}
        </p>
      )}
      <div className="fc-booking-actions">
        <button type="button" className="fc-button fc-button--secondary" disabled={loading || !more} onClick={() => load(sites[sites.length - 1]?.departmentId)}>
          {t("bookingLoadMore")}
        </button>
      </div>
    </div>
  );
}

/**
 * NearerNote says why nearer workshops are not listed (a chosen service
 * they cannot do, e.g. the interval service needs a workshop authorised
 * for the brand) and offers them for the other services.
 */
function NearerNote({ nearer, onDropServices, t }: { nearer: NearerSite[]; onDropServices?: (codes: string[]) => void; t: T }) {
  const codes = [...new Set(nearer.flatMap((n) => n.missing.map((m) => m.code)))];
  const names = [...new Set(nearer.flatMap((n) => n.missing.map((m) => m.name)))];
  // Workshops that miss the same services for the same reasons share a line.
  const byReason = new Map<string, NearerSite[]>();
  for (const n of nearer) {
    const r = n.missing.map((m) => m.reason).join("; ");
    byReason.set(r, [...(byReason.get(r) ?? []), n]);
  }
  const groups = [...byReason.entries()];
  return (
    <div className="fc-booking-nearer" role="note">
      <p className="fc-booking-nearer__title">{t("bookingNearerTitle", "Därför visas inte de närmaste verkstäderna")}</p>
      <ul>
        {groups.map(([reason, sites]) => (
          <li key={reason}>
            {sites.map((n, i) => (
              <span key={n.departmentId}>
                {i > 0 && ", "}
                <strong>{n.siteName}</strong> ({t("bookingDistance", { km: n.distanceKm.toLocaleString("sv-SE", { maximumFractionDigits: 1 }) })})
              </span>
            ))}
            : {reason}.
          </li>
        ))}
      </ul>
      {onDropServices && (
        <button type="button" className="fc-button fc-button--secondary" onClick={() => onDropServices(codes)}>
          {t("bookingNearerDrop", "Visa närmare verkstäder utan {names}", { names: names.join(", ") })}
        </button>
      )}
    </div>
  );
}
