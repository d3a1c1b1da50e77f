import { FOCUSABLE, keepFocusInside } from "../../lib/focus-trap";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useT } from "../../lib/page-context";
import { OPEN_SETTINGS_EVENT, readConsent, saveConsent, type ConsentChoice } from "./consent-choice";

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
    setView(readConsent() ? { kind: "none" } : { kind: "banner" });
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
          setView(readConsent() ? { kind: "none" } : { kind: "banner" });
        }}
      />
    );
  }
  return null;
}

function ConsentBanner({ unread, onChoose, onSettings }: { unread: boolean; onChoose: (c: ConsentChoice) => void; onSettings: () => void }) {
  const t = useT();
  const titleId = useId();
  // Unread: a picture of the banner until hydration makes its buttons work
  // (hidden from assistive technology and from clicks until then).
  return (
    <section className="fc-consent-banner" role="region" aria-labelledby={titleId} data-unread={unread ? "" : undefined} aria-hidden={unread || undefined} inert={unread || undefined}>
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

function ConsentDialog({ initial, onChoose, onClose }: { initial: ConsentChoice; onChoose: (c: ConsentChoice) => void; onClose: () => void }) {
  const t = useT();
  const titleId = useId();
  const descId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const [choice, setChoice] = useState(initial);

  useEffect(() => {
    ref.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    const prev = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = prev;
    };
  }, []);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "Escape") {
      e.preventDefault();
      e.stopPropagation();
      onClose();
      return;
    }
    keepFocusInside(e, ref.current);
  };

  const option = (key: keyof ConsentChoice, label: string, text: string) => (
    <label className="fc-consent-option">
      <input type="checkbox" checked={choice[key]} onChange={(e) => setChoice((c) => ({ ...c, [key]: e.target.checked }))} />
      <span>
        <strong>{label}</strong>
        <small>{text}</small>
      </span>
    </label>
  );

  return (
    <div className="fc-consent-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={ref} className="fc-consent-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={descId} onKeyDown={onKeyDown}>
        <div className="fc-consent-dialog__head">
          <h2 id={titleId}>{t("consentSettingsTitle", "Cookieinställningar")}</h2>
          <button type="button" className="fc-consent-dialog__close" aria-label={t("close", "Stäng")} onClick={onClose}>
            <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16">
              <path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="2" />
            </svg>
          </button>
        </div>
        <p id={descId}>{t("consentSettingsText", "Välj vilka cookies vi får använda. Du kan ändra ditt val när som helst via länken Cookieinställningar längst ner på sidan.")}</p>
        <fieldset className="fc-consent-options">
          <legend className="fc-visually-hidden">{t("consentCategories", "Kategorier")}</legend>
          <label className="fc-consent-option">
            <input type="checkbox" checked disabled />
            <span>
              <strong>{t("consentNecessaryLabel", "Nödvändiga")}</strong>
              <small>{t("consentNecessaryText", "Krävs för att webbplatsen ska fungera, till exempel dina val och inloggning.")}</small>
            </span>
          </label>
          {option("analytics", t("consentAnalyticsLabel", "Analys"), t("consentAnalyticsText", "Hjälper oss förstå hur webbplatsen används så att vi kan förbättra den."))}
          {option("marketing", t("consentMarketingLabel", "Marknadsföring"), t("consentMarketingText", "Gör att vi kan visa erbjudanden som passar dig, här och på andra webbplatser."))}
        </fieldset>
        <div className="fc-consent-dialog__actions">
          <button type="button" className="fc-button fc-button--secondary" onClick={() => onChoose(choice)}>
            {t("consentSave", "Spara val")}
          </button>
          <button type="button" className="fc-button fc-button--primary" onClick={() => onChoose({ analytics: true, marketing: true })}>
            {t("consentAcceptAll", "Godkänn alla")}
          </button>
        </div>
      </div>
    </div>
  );
}
