// The consent settings dialog: loaded on request by consent-manager.tsx.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { FOCUSABLE, keepFocusInside } from "../../lib/use-dialog";
import { useT } from "../../lib/page-context";
import type { ConsentChoice } from "./consent-choice";

/** ConsentDialog is the modal settings dialog: one checkbox per category, save or accept all. */
export function ConsentDialog({ initial, onChoose, onClose }: { initial: ConsentChoice; onChoose: (c: ConsentChoice) => void; onClose: () => void }) {
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
