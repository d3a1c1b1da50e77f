import { useEffect, useRef, useState } from "react";
import { preload } from "react-dom";
import type { BlockProps } from "../../../app/block-props";
import { useT } from "../../../lib/page-context";
import { getSession, logout } from "../api/tirehotel-api";
import { afterPageView, reportError, track } from "../hooks/flow";
import { clearSession, isSignedIn, readSession, writeSession } from "../hooks/session-store";
import { platePrefill } from "../rules";
import type { PageName, PortalState } from "../types";
import { BookingPage } from "./booking-page";
import { ConfirmationPage } from "./confirmation-page";
import { LoggedInPage } from "./logged-in-page";
import { LoginPage, ValidatePage } from "./login-pages";
import { SearchPage } from "./search-page";
import "../tirehotel.css";

const STEPS: { key: string; pages: PageName[] }[] = [
  { key: "thStepLogin", pages: ["Search", "Login", "Validate"] },
  { key: "thStepTires", pages: ["LoggedIn"] },
  { key: "thStepBooking", pages: ["Booking"] },
  { key: "thStepDone", pages: ["Confirmation"] },
];

const signedOutPages: PageName[] = ["Search", "Login", "Validate"];

// The hero's background picture (tirehotel.css) is the page's largest paint:
// preloaded from the server HTML instead of found once the stylesheet applies.
const HERO = "/_img?src=/-/media/demo/scene/winter.jpg&w=";

/**
 * TireHotel is the whole tyre-hotel portal at /dackhotell (spec §2.2, §4.2):
 * one container whose page is an explicit state. A signed-in session (server
 * session or the `tirehotel` session-storage entry with status 0) skips the
 * login pages.
 */
export function TireHotel(_props: BlockProps) {
  const t = useT();
  preload(HERO + "1280", { as: "image", fetchPriority: "high", media: "(max-width: 767px)" });
  preload(HERO + "1920", { as: "image", fetchPriority: "high", media: "(min-width: 768px)" });
  const [state, setState] = useState<PortalState>({ page: "Search" });
  const card = useRef<HTMLDivElement>(null);
  const lastPage = useRef<PageName | null>(null);
  const loggedPage = useRef<PageName | null>(null);
  const [notice, setNotice] = useState("");
  // The server has said whether a session exists: until then the page shown
  // (Search, or LoggedIn from storage) may still change, so it is neither
  // logged nor focused.
  const [resolved, setResolved] = useState(false);

  // Restore a signed-in session: storage first (no flash), then the server decides.
  useEffect(() => {
    let live = true;
    // A reminder mail's link (?regnr=): the search starts with the plate filled in.
    const plate = platePrefill(window.location.search);
    if (plate) {
      setState((s) => (s.page === "Search" ? { page: "Search", regNo: plate } : s));
      const url = new URL(window.location.href);
      url.searchParams.delete("regnr");
      window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
    }
    const stored = readSession();
    if (isSignedIn(stored?.validated)) {
      const validated = stored.validated;
      setState((s) => (signedOutPages.includes(s.page) ? { page: "LoggedIn", validated } : s));
    }
    getSession()
      .then((answer) => {
        if (!live) return;
        setResolved(true);
        if (!answer.signedIn) {
          // The server session is gone: the stored one is stale.
          if (readSession()?.validated) clearSession();
          setState((s) => (s.page === "LoggedIn" ? { page: "Search" } : s));
          return;
        }
        const { signedIn: _, ...validated } = answer;
        if (!isSignedIn(validated)) return;
        writeSession({ validated, confirmation: readSession()?.confirmation ?? null });
        setState((s) => (signedOutPages.includes(s.page) ? { page: "LoggedIn", validated } : s));
      })
      .catch((err) => {
        if (!live) return;
        setResolved(true);
        reportError("session", err);
      });
    return () => {
      live = false;
    };
  }, []);

  // Every page shown is a page impression, the first one once the session
  // is known (a signed-in reload logs LoggedIn, never Search) and each after
  // the page's own page view (afterPageView).
  useEffect(() => {
    if (!resolved || loggedPage.current === state.page) return;
    loggedPage.current = state.page;
    const page = state.page;
    return afterPageView(() => track("page_impression", { page_name: page }));
  }, [resolved, state.page]);

  // Focus moves to the new page's heading when the visitor changes the page
  // (not when the restore picks the first page).
  const wasResolved = useRef(false);
  useEffect(() => {
    // A page change in the render that resolved the session is the restore's.
    const byVisitor = wasResolved.current;
    wasResolved.current = resolved;
    if (lastPage.current === state.page) return;
    const first = lastPage.current === null || !byVisitor;
    lastPage.current = state.page;
    // A page that placed focus itself (the code input) keeps it.
    if (!first && !card.current?.contains(document.activeElement)) {
      card.current?.querySelector<HTMLElement>("[data-th-heading]")?.focus();
      card.current?.scrollIntoView?.({ block: "nearest" });
    }
  }, [state.page, resolved]);

  const signOut = () => {
    clearSession();
    setState({ page: "Search" });
    setNotice("");
    track("flow_interaction", { action: "logout" });
    logout().catch((err) => reportError("logout", err));
  };

  const signedIn = !signedOutPages.includes(state.page);
  const stepIndex = STEPS.findIndex((s) => s.pages.includes(state.page));
  const email = t("supportEmail");

  return (
    <section className="fc-th" aria-labelledby="fc-th-title">
      <div className="fc-th-hero">
        <div className="fc-container fc-th-hero__inner">
          <div className="fc-th-hero__text">
            <h1 id="fc-th-title">{t("thTitle")}</h1>
            <p>{t("thIntro")}</p>
          </div>
        </div>
      </div>
      <div className="fc-container">
        <div className="fc-th-shell">
          <ol className="fc-th-progress" aria-label={t("thProgress")}>
            {STEPS.map((s, i) => (
              <li key={s.key} className={i < stepIndex ? "is-done" : i === stepIndex ? "is-current" : undefined} aria-current={i === stepIndex ? "step" : undefined}>
                <span className="fc-th-progress__n" aria-hidden="true">{i + 1}</span>
                <span>{t(s.key)}</span>
              </li>
            ))}
          </ol>
          <div className="fc-th-card fc-th-card--main" ref={card}>
            {state.page === "Search" && notice && <p className="fc-th-notice fc-th-notice--top" role="status">{notice}</p>}
            {state.page === "Search" && <SearchPage key={state.regNo ?? ""} initialPlate={state.regNo} onFound={(customer) => { setNotice(""); setState({ page: "Login", customer }); }} />}
            {state.page === "Login" && (
              <LoginPage
                customer={state.customer}
                onSent={(credentials) => setState({ page: "Validate", customer: state.customer, credentials })}
                onBack={() => setState({ page: "Search", regNo: state.customer.regNo })}
              />
            )}
            {state.page === "Validate" && (
              <ValidatePage
                customer={state.customer}
                credentials={state.credentials}
                onValidated={(validated) => {
                  writeSession({ validated, confirmation: null });
                  track("flow_interaction", { action: "logged_in" });
                  setState({ page: "LoggedIn", validated });
                }}
                onResent={(credentials) => setState({ page: "Validate", customer: state.customer, credentials })}
                onBack={() => setState({ page: "Search", regNo: state.customer.regNo })}
              />
            )}
            {state.page === "LoggedIn" && (
              <LoggedInPage validated={state.validated} onBook={() => setState({ page: "Booking", validated: state.validated })} onOtherCar={signOut} />
            )}
            {state.page === "Booking" && (
              <BookingPage
                validated={state.validated}
                onBack={() => setState({ page: "LoggedIn", validated: state.validated })}
                onUnauthorized={() => {
                  clearSession();
                  setState({ page: "Search", regNo: state.validated.vehicles[0]?.regNo });
                  setNotice(t("thSessionExpired"));
                }}
                onConfirmed={(confirmation) => {
                  writeSession({ validated: state.validated, confirmation });
                  setState({ page: "Confirmation", validated: state.validated, confirmation });
                }}
              />
            )}
            {state.page === "Confirmation" && <ConfirmationPage confirmation={state.confirmation} onOtherCar={signOut} />}
          </div>
          <footer className="fc-th-footer">
            <p>
              {t("thContact")} <a href={`mailto:${email}`}>{email}</a>
            </p>
            {signedIn && (
              <button type="button" className="fc-button fc-button--ghost fc-th-logout" onClick={signOut}>{t("thLogout")}</button>
            )}
          </footer>
        </div>
      </div>
    </section>
  );
}
