import type { LeasingView } from "../types";
import { formatNumber } from "../../../lib/format";
import type { T } from "../../../lib/text";


/**
 * LeasingBlocks shows private and company leasing when the car has them, with
 * the campaign discount. Numbers use the site's locale (the server's default
 * would give "15,000" on every site and differ from the browser's).
 */
export function LeasingBlocks({ leasing, locale, t }: { leasing: LeasingView[]; locale: string; t: T }) {
  if (leasing.length === 0) return null;
  return (
    <div className="fc-leasing">
      {leasing.map((l) => (
        <section key={l.leasing_type} className="fc-leasing__block" aria-label={l.title}>
          <h3>{l.leasing_type === "Private" ? t("carDetailPrivateLeasing", "Private leasing") : t("carDetailCompanyLeasing", "Company leasing")}</h3>
          <p className="fc-leasing__cost">
            <strong>{l.monthly_cost_text}</strong>
            {l.has_discount && (
              <>
                {" "}
                <s><span className="fc-visually-hidden">{t("carDetailWithoutCampaign", "Without the campaign")} </span>{l.undiscounted_monthly_cost_text}</s>
                <span className="fc-badge fc-badge--campaign">{t("carDetailCampaign", "Campaign")} −{Math.round((1 - 1 / l.ratio) * 100)} %</span>
              </>
            )}
          </p>
          <p className="fc-leasing__terms">{l.duration} {t("carDetailMonths", "months")} · {formatNumber(l.mileage, locale)} {t("carDetailMileagePerYear", "per year")}</p>
          {l.description && <p className="fc-leasing__desc">{l.description}{l.asterix ? ` ${l.asterix}` : ""}</p>}
        </section>
      ))}
    </div>
  );
}
