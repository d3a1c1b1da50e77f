// ServiceBooking: the block of /boka-service. The flow itself lives in its own
// chunk, loaded after hydration; the server and the first client render show
// the same placeholder frame (no storage or window during render).
import { useEffect, useState, type ComponentType } from "react";
import type { BlockProps } from "../../../app/block-props";
import { useT } from "../../../lib/page-context";
import "../booking.css";

type FlowModule = { BookingFlow: ComponentType };

let cached: ComponentType | null = null;

export function loadFlow(): Promise<ComponentType> {
  if (cached) return Promise.resolve(cached);
  return import("./booking-flow").then((m: FlowModule) => (cached = m.BookingFlow));
}

export function ServiceBooking(_props: BlockProps) {
  const t = useT();
  const [Flow, setFlow] = useState<ComponentType | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    loadFlow().then(
      (c) => live && setFlow(() => c),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);
  if (Flow) return <Flow />;
  return (
    <section className="fc-booking fc-booking--loading" aria-busy="true" aria-label={t("bookingStep1Title", "Bil och plats")}>
      <div className="fc-container fc-booking__layout">
        <div className="fc-booking__steps">
          <div className="fc-booking-step fc-booking-step--open">
            <div className="fc-booking-step__head">
              <span className="fc-booking-step__count">{t("bookingStepOf", "Steg {n}/{max}").replace("{n}", "1").replace("{max}", "4")}</span>
              <span className="fc-booking-step__title">{t("bookingStep1Title", "Bil och plats")}</span>
            </div>
            <div className="fc-booking-skeleton" />
            {failed && (
              <p role="alert" className="fc-booking__error">
                {t("bookingErrorGeneric", "Något gick fel, försök igen")}
              </p>
            )}
          </div>
        </div>
        <aside className="fc-booking-summary fc-booking-summary--placeholder" aria-hidden="true" />
      </div>
    </section>
  );
}
