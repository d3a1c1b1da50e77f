import { useEffect, useRef, useState } from "react";
import { InfoTip } from "../../../components/info-tip/info-tip";
import { fetchLoan } from "../api/loan";
import type { LoanAnswer, LoanView } from "../types";
import { moneyFormat } from "../../../lib/format";
import type { T } from "../../../lib/text";
import { useLatestCall } from "../../../lib/use-request";


/**
 * LoanCalculator: down payment (step 1000, capped at the maximum cash share)
 * and period (step 12 months) sliders; every move asks Go for the monthly
 * cost, effective rate, total and the filled disclaimer. A slider whose min
 * equals its max is hidden.
 */
export function LoanCalculator({ carId, loan, locale, currency, t }: { carId: number; loan: LoanView; locale: string; currency: string; t: T }) {
  const [months, setMonths] = useState(loan.period.value);
  const [down, setDown] = useState(loan.downPayment.value);
  const [answer, setAnswer] = useState<LoanAnswer>(loan.quote);
  const [state, setState] = useState<"idle" | "loading" | "error">("idle");
  const first = useRef(true);
  const { run, cancel } = useLatestCall();
  const downSlider = answer.down_payment_slider ?? loan.downPayment;
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    setState("loading");
    const id = window.setTimeout(() => {
      void run((signal) => fetchLoan(carId, down, months, signal)).then((o) => {
        if (!o) return;
        if (!o.ok) return setState("error");
        setAnswer(o.value);
        setState("idle");
        if (o.value.down_payment !== down) setDown(o.value.down_payment);
      });
    }, 120);
    return () => {
      window.clearTimeout(id);
      cancel();
    };
  }, [carId, down, months, run, cancel]);
  const money = (v: number) => moneyFormat(locale, currency).format(v);
  return (
    <section className="fc-loan" aria-labelledby="fc-loan-title">
      {/* The tip sits beside the heading, not in it: its live region may not be part of a heading. */}
      <div className="fc-loan__head">
        <h3 id="fc-loan-title">{loan.title || t("carDetailLoanTitle", "Loan")}</h3>
        {loan.description && <InfoTip label={t("carDetailLoanInfo", "About the loan")} text={loan.description} />}
      </div>
      <p className="fc-loan__monthly" aria-live="polite">
        <span className="fc-loan__monthly-label">{t("carDetailMonthlyCost", "Monthly cost")}</span>
        <strong data-testid="loan-monthly">{answer.monthly_cost_text}</strong>
        <span className="fc-loan__per">{t("carDetailPerMonth", "/month")}</span>
      </p>
      {!downSlider.hidden && (
        <div className="fc-loan__slider">
          <label htmlFor="fc-loan-down">{t("carDetailDownPayment", "Down payment")}</label>
          <output htmlFor="fc-loan-down">{money(down)}</output>
          <input id="fc-loan-down" type="range" min={downSlider.min} max={downSlider.max} step={downSlider.step} value={down}
            aria-valuetext={money(down)} onChange={(e) => setDown(Number(e.target.value))} />
        </div>
      )}
      {!loan.period.hidden && (
        <div className="fc-loan__slider">
          <label htmlFor="fc-loan-months">{t("carDetailLoanPeriod", "Loan period")}</label>
          <output htmlFor="fc-loan-months">{months} {t("carDetailMonths", "months")}</output>
          <input id="fc-loan-months" type="range" min={loan.period.min} max={loan.period.max} step={loan.period.step} value={months}
            aria-valuetext={`${months} ${t("carDetailMonths", "months")}`} onChange={(e) => setMonths(Number(e.target.value))} />
        </div>
      )}
      <dl className="fc-loan__facts">
        <div><dt>{t("carDetailInterestRate", "Interest rate")}</dt><dd>{answer.interest_rate_text}</dd></div>
        <div><dt>{t("carDetailEffectiveRate", "Effective rate")}</dt><dd>{answer.effective_rate_text}</dd></div>
        <div><dt>{t("carDetailTotalPayable", "Total payable")}</dt><dd>{answer.total_payable_text}</dd></div>
      </dl>
      {state === "error" && <p className="fc-loan__error" role="alert">{t("carDetailLoanError", "The loan could not be calculated right now.")}</p>}
      {answer.disclaimer && <p className="fc-loan__disclaimer">{answer.disclaimer}</p>}
      {locale === "sv-SE" && (
        <aside className="fc-loan__warning" aria-label="Konsumentverket">
          <strong>Att låna kostar pengar!</strong>
          <p>
            Om du inte kan betala tillbaka skulden i tid riskerar du betalningsanmärkning. Det kan leda till svårigheter att få
            hyra bostad, teckna abonnemang och få nya lån. För stöd, vänd dig till budget- och skuldrådgivningen i din kommun.
            Kontaktuppgifter finns på <a href="https://www.konsumentverket.se" target="_blank" rel="noopener noreferrer">konsumentverket.se</a>.
          </p>
        </aside>
      )}
    </section>
  );
}
