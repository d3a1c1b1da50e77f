import { useEffect, useId, useRef, useState, type RefObject } from "react";
import { lazyBlock } from "../../lib/lazy-block";
import { useT } from "../../lib/page-context";
import { OPEN_SETTINGS_EVENT, publishConsent, readConsent, saveConsent, type ConsentChoice } from "./consent-choice";

// The settings dialog opens only on request (the banner's or the footer's
// settings button): its code is a chunk of its own, fetched when it opens,
// not part of every page's first load.
const ConsentDialog = lazyBlock(() => import("./consent-dialog").then((m) => m.ConsentDialog));

/**
 * ConsentView is what the consent layer shows: before the cookie is read
 * (server HTML, hydration) the banner for CSS to show on a first visit,
 * then nothing, the first-visit banner, or the settings dialog.
 */
type ConsentView = { kind: "unread" } | { kind: "none" } | { kind: "banner" } | { kind: "settings"; returnFocus: HTMLElement | null };


/**
 * ConsentManager shows the cookie banner on the first visit (no 'consent'
 * cookie) and the settings dialog when something dispatches
 * 'forecourt:consent-settings'. The cookie is read in an effect; until then
 * (the server HTML) the banner is rendered hidden and inert, and the
 * document's head script shows it before the first paint when there is no
 * consent cookie, so a first visit sees it without waiting for hydration.
 */
export function ConsentManager() {
  const [view, setView] = useState<ConsentView>({ kind: "unread" });
  useEffect(() => {
    const stored = readConsent();
    publishConsent(stored);
    setView(stored ? { kind: "none" } : { kind: "banner" });
    const open = () => setView({ kind: "settings", returnFocus: document.activeElement as HTMLElement | null });
    window.addEventListener(OPEN_SETTINGS_EVENT, open);
    return () => window.removeEventListener(OPEN_SETTINGS_EVENT, open);
  }, []);

  const choose = (choice: ConsentChoice) => {
    saveConsent(choice);
    if (view.kind === "settings") view.returnFocus?.focus();
    setView({ kind: "none" });
  };

  if (view.kind === "banner" || view.kind === "unread") {
    return <ConsentBanner unread={view.kind === "unread"} onChoose={choose} onSettings={() => setView({ kind: "settings", returnFocus: null })} />;
  }
  if (view.kind === "settings") {
    return (
      <ConsentDialog
        initial={readConsent() ?? { analytics: false, marketing: false }}
        onChoose={choose}
        onClose={() => {
          view.returnFocus?.focus();
          // Closing without a choice on the first visit brings the banner back.
          const stored = readConsent();
          publishConsent(stored);
          setView(stored ? { kind: "none" } : { kind: "banner" });
        }}
      />
    );
  }
  return null;
}

/**
 * CONSENT_HEIGHT_VAR is the custom property on <html> that holds the space
 * the banner takes at the bottom of the viewport (its height and offset, 0px
 * without a banner): the page's scroll-padding-bottom and the bars fixed to
 * the bottom (compare bar, scroll-to-top, booking summary) make room with it.
 */
const CONSENT_HEIGHT_VAR = "--fc-consent-h";

/**
 * useReserveBottom keeps CONSENT_HEIGHT_VAR equal to the room the banner el
 * takes above the viewport's bottom while it is shown, so that a control
 * reached by Tab is scrolled clear of the banner (WCAG 2.2 2.4.11) instead
 * of landing under it.
 */
function useReserveBottom(el: RefObject<HTMLElement | null>, active: boolean) {
  useEffect(() => {
    const node = el.current;
    if (!active || !node) return;
    const root = document.documentElement;
    const update = () => {
      const r = node.getBoundingClientRect();
      const room = r.height > 0 ? Math.ceil(window.innerHeight - r.top) : 0;
      root.style.setProperty(CONSENT_HEIGHT_VAR, `${Math.max(0, room)}px`);
    };
    update();
    const ro = typeof ResizeObserver === "function" ? new ResizeObserver(update) : undefined;
    ro?.observe(node);
    window.addEventListener("resize", update);
    return () => {
      ro?.disconnect();
      window.removeEventListener("resize", update);
      root.style.removeProperty(CONSENT_HEIGHT_VAR);
    };
  }, [el, active]);
}

/**
 * ConsentBanner is a non-modal region that the shell renders first in the
 * body (after the skip link), so its buttons are the first Tab stops and a
 * visitor meets the choice before the page; it stays fixed at the bottom and
 * reserves its height (useReserveBottom) so focused controls are not hidden.
 */
function ConsentBanner({ unread, onChoose, onSettings }: { unread: boolean; onChoose: (c: ConsentChoice) => void; onSettings: () => void }) {
  const t = useT();
  const titleId = useId();
  const ref = useRef<HTMLElement>(null);
  useReserveBottom(ref, !unread);
  // Unread: a picture of the banner until hydration makes its buttons work
  // (hidden from assistive technology and from clicks until then).
  return (
    <section ref={ref} className="fc-consent-banner" role="region" aria-labelledby={titleId} data-unread={unread ? "" : undefined} aria-hidden={unread || undefined} inert={unread || undefined}>
      <div className="fc-consent-banner__text">
        <h2 id={titleId}>{t("consentTitle", "Vi använder cookies")}</h2>
        <p>{t("consentText", "Nödvändiga cookies gör att webbplatsen fungerar. Med ditt samtycke använder vi även cookies för analys och för att visa relevanta erbjudanden.")}</p>
      </div>
      <div className="fc-consent-banner__actions">
        <button type="button" className="fc-button fc-button--ghost" onClick={onSettings}>
          {t("consentSettings", "Inställningar")}
        </button>
        <button type="button" className="fc-button fc-button--secondary" onClick={() => onChoose({ analytics: false, marketing: false })}>
          {t("consentNecessary", "Endast nödvändiga")}
        </button>
        <button type="button" className="fc-button fc-button--primary" onClick={() => onChoose({ analytics: true, marketing: true })}>
          {t("consentAcceptAll", "Godkänn alla")}
        </button>
      </div>
    </section>
  );
}
