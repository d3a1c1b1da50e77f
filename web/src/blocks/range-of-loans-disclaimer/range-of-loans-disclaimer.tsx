import type { BlockProps } from "../../app/block-props";
import { RichText, textOf } from "../../lib/fields";
import "./range-of-loans-disclaimer.css";

/** KONSUMENTVERKET is the Swedish consumer authority's page on credit (the warning's required link). */
export const KONSUMENTVERKET = "https://www.konsumentverket.se/omraden/lan-och-krediter";

/**
 * RangeOfLoansDisclaimer is the Swedish consumer credit warning 'Att låna
 * kostar pengar!' with a link to Konsumentverket. The heading and link are
 * fixed by law; an optional Text adds the lender's own terms.
 */
export function RangeOfLoansDisclaimer({ fields }: BlockProps) {
  const href = textOf(fields, "LinkUrl") || KONSUMENTVERKET;
  return (
    <aside className="fc-loans-warning fc-container" aria-labelledby="fc-loans-warning-title" lang="sv">
      <div className="fc-loans-warning__box">
        <svg aria-hidden="true" width="28" height="28" viewBox="0 0 24 24" className="fc-loans-warning__icon">
          <path d="M12 2L1 21h22L12 2zm0 5l7.5 12h-15L12 7zm-1 4v4h2v-4h-2zm0 5v2h2v-2h-2z" fill="currentColor" />
        </svg>
        <div>
          <p className="fc-loans-warning__title" id="fc-loans-warning-title">
            Att låna kostar pengar!
          </p>
          <p className="fc-loans-warning__text">
            Om du inte kan betala tillbaka skulden i tid riskerar du en betalningsanmärkning. Det kan leda till svårigheter att få hyra bostad, teckna abonnemang och få nya
            lån. För stöd, vänd dig till budget- och skuldrådgivningen i din kommun. Kontaktuppgifter finns på{" "}
            <a href={href} target="_blank" rel="noopener noreferrer">
              konsumentverket.se
              <span className="fc-visually-hidden"> (öppnas i nytt fönster)</span>
            </a>
            .
          </p>
          <RichText fields={fields} name="Text" className="fc-loans-warning__extra" />
        </div>
      </div>
    </aside>
  );
}
