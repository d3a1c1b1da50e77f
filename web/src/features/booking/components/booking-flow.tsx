// The service booking flow (spec §2.1, §4.1): steps 1–4 with 'Steg n/4'
// headers before the car is known and 'Steg n/5' after (the maximum booking
// state is 5, spec §3), check marks and reopening, the summary, and the
// confirmation.
// Loaded as its own chunk by ServiceBooking.
import { useEffect, useRef, type ReactNode } from "react";
import { useT } from "../../../lib/page-context";
import { useBookingStore } from "../hooks/use-booking-store";
import { useUrlPrefill } from "../hooks/use-url-prefill";
import { chosen, flowView, STORAGE_KEY } from "../store";
import type { BookingStore, Step } from "../types";
import { BookingSkeleton } from "./booking-skeleton";
import { Confirmation } from "./confirmation";
import { CheckIcon } from "./icons";
import { StepCar } from "./step-car";
import { StepOfferings } from "./step-offerings";
import { StepWorkshop } from "./step-workshop";
import { Summary } from "./summary";
import type { T } from "../../../lib/text";


const TITLES: Record<number, string> = { 1: "bookingStep1Title", 2: "bookingStep2Title", 3: "bookingStep3Title", 4: "bookingStep4Title" };

/** stepLabel is 'Steg n/4' before the car is known and 'Steg n/max' (5) after. */
export function stepLabel(n: number, s: BookingStore, t: T): string {
  const max = s.bookingState < 2 ? 4 : s.maxBookingState;
  return t("bookingStepOf", "Steg {n}/{max}", { n, max });
}

function recap(n: number, s: BookingStore): string {
  switch (n) {
    case 1:
      return s.car ? `${s.car.registrationNumber} · ${s.car.brand} ${s.car.model}${s.location ? ` · ${s.location.name}` : ""}` : "";
    case 2:
      return chosen(s, "service")
        .map(([, e]) => e.name)
        .join(", ");
    case 3:
      return chosen(s, "addon")
        .map(([, e]) => e.name)
        .join(", ");
    default:
      return "";
  }
}

function StepSection({ n, store, onOpen, t, children }: { n: Step; store: BookingStore; onOpen: (n: Step) => void; t: T; children?: ReactNode }) {
  const open = store.displayState === n;
  const reachable = n <= store.bookingState;
  const done = n < store.bookingState;
  const title = t(TITLES[n]);
  const line = done && !open ? recap(n, store) : "";
  const head = (
    <>
      <span className={`fc-booking-step__mark${done ? " is-done" : ""}${open ? " is-current" : ""}`} aria-hidden="true">
        {done ? <CheckIcon /> : n}
      </span>
      <span className="fc-booking-step__texts">
        <span className="fc-booking-step__count">{stepLabel(n, store, t)}</span>
        <span className="fc-booking-step__title">
          {title}
          {done && <span className="fc-visually-hidden"> ({t("bookingStepDone")})</span>}
        </span>
        {line && <span className="fc-booking-step__recap">{line}</span>}
      </span>
      {reachable && !open && (
        <span className="fc-booking-step__edit" aria-hidden="true">
          {t("bookingStepEdit")}
        </span>
      )}
    </>
  );
  return (
    <section className={`fc-booking-step${open ? " fc-booking-step--open" : ""}${reachable ? "" : " fc-booking-step--future"}`} aria-labelledby={`fc-booking-step-${n}`}>
      <h2 className="fc-booking-step__heading">
        {reachable ? (
          <button type="button" id={`fc-booking-step-${n}`} className="fc-booking-step__head" aria-expanded={open} onClick={() => onOpen(n)}>
            {head}
          </button>
        ) : (
          <span id={`fc-booking-step-${n}`} className="fc-booking-step__head">
            {head}
          </span>
        )}
      </h2>
      {open && <div className="fc-booking-step__body">{children}</div>}
    </section>
  );
}

export function BookingFlow() {
  const t = useT();
  const { store, dispatch, ready } = useBookingStore();
  useUrlPrefill(ready, dispatch);
  const view = flowView(store);
  const lastShown = useRef<number | null>(null);

  // Move focus to the newly opened step (not on the first render or a restore).
  useEffect(() => {
    if (!ready) return;
    const prev = lastShown.current;
    lastShown.current = store.displayState;
    if (prev === null || prev === store.displayState || store.displayState === 5) return;
    document.getElementById(`fc-booking-step-${store.displayState}`)?.focus();
  }, [ready, store.displayState]);

  function newBooking() {
    dispatch({ type: "reset" });
    try {
      window.sessionStorage.removeItem(STORAGE_KEY);
    } catch {
      /* ignore */
    }
    window.location.reload();
  }

  if (!ready) return <BookingSkeleton />;

  if (view.view === "confirmation") {
    return (
      <section className="fc-booking">
        <div className="fc-container fc-booking__done">
          <Confirmation c={view.confirmation} onNew={newBooking} t={t} />
        </div>
      </section>
    );
  }

  const open = (n: Step) => dispatch({ type: "open", step: n });
  return (
    <section className="fc-booking">
      <div className="fc-container fc-booking__layout">
        <div className="fc-booking__steps">
          <StepSection n={1} store={store} onOpen={open} t={t}>
            <StepCar store={store} dispatch={dispatch} t={t} />
          </StepSection>
          <StepSection n={2} store={store} onOpen={open} t={t}>
            {view.view === "services" && <StepOfferings kind="service" car={view.car} location={view.location} store={store} dispatch={dispatch} t={t} />}
          </StepSection>
          <StepSection n={3} store={store} onOpen={open} t={t}>
            {view.view === "addons" && <StepOfferings kind="addon" car={view.car} location={view.location} store={store} dispatch={dispatch} t={t} />}
          </StepSection>
          <StepSection n={4} store={store} onOpen={open} t={t}>
            {view.view === "workshop" && <StepWorkshop car={view.car} location={view.location} store={store} dispatch={dispatch} t={t} />}
          </StepSection>
        </div>
        <Summary store={store} t={t} />
      </div>
    </section>
  );
}
