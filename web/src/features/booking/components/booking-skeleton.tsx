// The frame shown while the flow's chunk or its stored state loads: the same
// four step headers, so nothing jumps when the flow appears.
import { useT } from "../../../lib/page-context";

export function BookingSkeleton({ failed = false }: { failed?: boolean }) {
  const t = useT();
  const titles = ["bookingStep1Title", "bookingStep2Title", "bookingStep3Title", "bookingStep4Title"];
  return (
    <section className="fc-booking fc-booking--loading" aria-busy="true" aria-label={t("bookingStep1Title", "Bil och plats")}>
      <div className="fc-container fc-booking__layout">
        <div className="fc-booking__steps">
          {titles.map((key, i) => (
            <div key={key} className={`fc-booking-step${i === 0 ? " fc-booking-step--open" : " fc-booking-step--future"}`}>
              <div className="fc-booking-step__head">
                <span className={`fc-booking-step__mark${i === 0 ? " is-current" : ""}`} aria-hidden="true">
                  {i + 1}
                </span>
                <span className="fc-booking-step__texts">
                  <span className="fc-booking-step__count">{t("bookingStepOf", "Steg {n}/{max}", { n: i + 1, max: "4" })}</span>
                  <span className="fc-booking-step__title">{t(key)}</span>
                </span>
              </div>
              {i === 0 && (
                <div className="fc-booking-step__body">
                  <div className="fc-booking-skeleton" />
                  {failed && (
                    <p role="alert" className="fc-booking__error">
                      {t("bookingErrorGeneric", "Något gick fel, försök igen")}
                    </p>
                  )}
                </div>
              )}
            </div>
          ))}
        </div>
        <aside className="fc-booking-summary fc-booking-summary--placeholder" aria-hidden="true" />
      </div>
    </section>
  );
}
