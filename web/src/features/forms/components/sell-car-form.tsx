// The sell / trade-in form (CMS block "SellCarForm", spec §2.3): regno,
// mileage, name, phone, e-mail, sell or trade-in (sell by default) and
// other. Posts formName "sellCar" through lib/comhub; 202 shows the success
// label, anything else the error label; the form resets 3000 ms later.
import { useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import type { BlockProps } from "../../../app/block-props";
import { useOptionalPage, useT } from "../../../lib/page-context";
import { RichText, Text, textOf } from "../../../lib/fields";
import { newSubmissionId, postForm } from "../../../lib/comhub";
import { describedBy, FormField, Honeypot, oneLine, rateLimitText } from "../../../components/form-kit/form-kit";
import { SELL_FIELDS, SELL_OPTIONS, sellCarSchema, type SellOption } from "../api/sell-car";
import { badFields } from "../api/rules";
import { useFormFlow } from "../hooks/use-form-flow";
import { useValuation } from "../hooks/use-valuation";
import type { ValuationAnswer } from "../api/valuation";
import "../forms.css";

type Values = { regno: string; milage: string; customerName: string; customerPhone: string; customerEmail: string; option: SellOption; other: string };
const EMPTY: Values = { regno: "", milage: "", customerName: "", customerPhone: "", customerEmail: "", option: "sell", other: "" };

export function SellCarForm({ fields, retryMs, resetMs, valuationDelayMs }: BlockProps & { retryMs?: number; resetMs?: number; valuationDelayMs?: number }) {
  const t = useT();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>(EMPTY);
  const f = useFormFlow("sellCar", SELL_FIELDS, "values.", () => setValues(EMPTY), resetMs);
  const unit = t("mileageUnit", "km");
  // National phone numbers take the site's country prefix (lib/phone).
  const page = useOptionalPage();
  const country = page?.site.country ?? "";
  // The preliminary value range, once plate and mileage are filled in.
  const valuation = useValuation(values.regno, values.milage, valuationDelayMs);

  const set = (k: keyof Values, one = true) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: one ? oneLine(e.target.value) : e.target.value }));
  const err = (k: keyof Values): string | undefined => (f.errors.includes(k) ? t(`sellCarError_${k}`, t("invalidInput", "Please check this field")) : undefined);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (f.busy) return;
    const parsed = sellCarSchema(country).safeParse(values);
    if (!parsed.success) {
      f.invalid(badFields(parsed.error.issues));
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
      return;
    }
    f.invalid([]);
    const v = parsed.data;
    await f.run(
      (ticket, website) => postForm({ formName: "sellCar", formSubmissionId: newSubmissionId(), values: { ...v, source: window.location.href } }, { ticket, website, retryMs }),
      { lead_type: v.option === "sell" ? "sell_car" : "trade_in" },
    );
  };

  const ctl = (k: keyof Values, hint = false) => ({
    id: `${id}-${k}`, name: k, value: values[k], disabled: f.busy, onFocus: f.onFocus,
    "aria-invalid": err(k) ? (true as const) : undefined, "aria-describedby": describedBy(`${id}-${k}`, err(k), hint),
  });
  const title = textOf(fields, "Title") || t("sellCarTitle", "Sell or trade in your car");
  return (
    <section className="fc-form-block fc-sell-car" aria-labelledby={`${id}-title`}>
      <div className="fc-container fc-form-block__inner fc-form-block__inner--aside">
        <div className="fc-form-block__intro">
          <h2 id={`${id}-title`}>{textOf(fields, "Title") ? <Text fields={fields} name="Title" /> : title}</h2>
          {textOf(fields, "Text") ? <RichText fields={fields} name="Text" /> : <p>{t("sellCarIntro", "Tell us about your car and we will get back to you with an offer.")}</p>}
          <ol className="fc-form-block__steps">
            <li>{t("sellCarStep1", "Fill in your car's details")}</li>
            <li>{t("sellCarStep2", "We value your car")}</li>
            <li>{t("sellCarStep3", "You get an offer, free of obligation")}</li>
          </ol>
        </div>
        <div className="fc-form-block__card">
          <form ref={formRef} className="fc-form" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
            <fieldset>
              <legend className="fc-form__legend">{t("sellCarOptionLabel", "What would you like to do?")}</legend>
              <div className="fc-choice">
                {SELL_OPTIONS.map((o) => (
                  <label key={o}>
                    <input type="radio" name="option" value={o} checked={values.option === o} disabled={f.busy} onFocus={f.onFocus} onChange={() => setValues((v) => ({ ...v, option: o }))} />
                    <span>{t(`sellCarOption_${o}`, o === "sell" ? "Sell" : "Trade in")}</span>
                  </label>
                ))}
              </div>
            </fieldset>
            <div className="fc-form__row fc-form__row--2">
              <FormField id={`${id}-regno`} label={t("sellCarRegno", "Registration number")} required error={err("regno")}>
                <input {...ctl("regno")} type="text" autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={12} required onChange={(e) => setValues((v) => ({ ...v, regno: oneLine(e.target.value).toUpperCase() }))} />
              </FormField>
              <FormField id={`${id}-milage`} label={`${t("sellCarMilage", "Mileage")} (${unit})`} required error={err("milage")}>
                <input {...ctl("milage")} type="text" inputMode="numeric" pattern="[0-9 ]*" autoComplete="off" required onChange={set("milage")} />
              </FormField>
            </div>
            <ValuationPanel answer={valuation} locale={page?.site.locale ?? "sv-SE"} t={t} />
            <FormField id={`${id}-customerName`} label={t("formName", "Name")} required error={err("customerName")}>
              <input {...ctl("customerName")} type="text" autoComplete="name" required onChange={set("customerName")} />
            </FormField>
            <div className="fc-form__row fc-form__row--2">
              <FormField id={`${id}-customerPhone`} label={t("formPhone", "Phone")} required error={err("customerPhone")}>
                <input {...ctl("customerPhone")} type="tel" autoComplete="tel" required onChange={set("customerPhone")} />
              </FormField>
              <FormField id={`${id}-customerEmail`} label={t("formEmail", "E-mail")} required error={err("customerEmail")}>
                <input {...ctl("customerEmail")} type="email" autoComplete="email" required onChange={set("customerEmail")} />
              </FormField>
            </div>
            <FormField id={`${id}-other`} label={t("sellCarOther", "Other information")} error={err("other")} hint={t("sellCarOtherHint", "Equipment, service history, damage…")}>
              <textarea {...ctl("other", true)} rows={4} maxLength={4000} onChange={set("other", false)} />
            </FormField>
            <Honeypot value={f.website} onChange={f.setWebsite} />
            <div className="fc-form__actions">
              <button type="submit" className="fc-button fc-button--primary" disabled={f.busy}>
                {f.busy ? t("formSending", "Sending…") : t("sellCarSubmit", "Send")}
              </button>
              <p className="fc-form__note">{t("formRequiredNote", "Fields marked * are required.")}</p>
            </div>
            <div aria-live="polite">
              {f.flow === "success" && <p className="fc-form__done" role="status">{t("sellCarSuccess", "Thank you! We will get back to you with an offer soon.")}</p>}
            </div>
            {f.flow === "error" && <p className="fc-form__banner" role="alert">{t("sellCarError", "Something went wrong. Please try again.")}</p>}
            {f.flow === "limited" && f.limited && <p className="fc-form__banner" role="alert">{rateLimitText(t, f.limited)}</p>}
          </form>
        </div>
      </div>
    </section>
  );
}

/** ValuationPanel shows the car's preliminary value range (or the register's message) in a polite live region. */
function ValuationPanel({ answer, locale, t }: { answer: ValuationAnswer | "loading" | undefined; locale: string; t: (k: string, f?: string) => string }) {
  let body: ReactNode = null;
  if (answer === "loading") body = <p className="fc-valuation__wait">{t("valuationLoading", "Värderar din bil …")}</p>;
  else if (answer?.kind === "message") body = <p className="fc-valuation__message">{answer.text}</p>;
  else if (answer?.kind === "failed") body = <p className="fc-valuation__message">{t("valuationUnavailable", "Vi kunde inte värdera bilen just nu.")}</p>;
  else if (answer?.kind === "range") {
    const v = answer.value;
    const fmt = new Intl.NumberFormat(locale, { style: "currency", currency: v.currency, maximumFractionDigits: 0 });
    body = (
      <div className="fc-valuation__range">
        <h3 className="fc-valuation__title">{t("valuationTitle", "Preliminär värdering")}</h3>
        <p className="fc-valuation__amount">{t("valuationRange", "{low}–{high}").replace("{low}", fmt.format(v.low)).replace("{high}", fmt.format(v.high))}</p>
        <p className="fc-valuation__note">{t("valuationPreliminary", "Preliminärt värde utifrån {count} liknande bilar i vårt lager.").replace("{count}", String(v.basis))}</p>
      </div>
    );
  }
  return <div className={`fc-valuation${body ? " is-shown" : ""}`} aria-live="polite" data-testid="valuation">{body}</div>;
}
