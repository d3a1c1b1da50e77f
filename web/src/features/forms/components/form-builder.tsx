// The form builder (CMS block "FormBuilder", param FormId): renders the
// definition the loader gives, checks it with the server's rules, posts to
// POST /api/jotform and shows the definition's thank-you text. A failure
// is logged as FORM_SUBMISSION_FAILED_JOTFORM.
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import type { BlockProps } from "../../../app/block-props";
import { usePage, useT } from "../../../lib/page-context";
import { newSubmissionId, postForm } from "../../../lib/comhub";
import { describedBy, FormField, Honeypot, oneLine, rateLimitText } from "../../../components/form-kit/form-kit";
import { dateBound, emptyAnswers, toPayload, todayIn, validate, type Answers, type FormDefinition, type FormFieldDef } from "../api/form-builder";
import { useFormFlow } from "../hooks/use-form-flow";
import { DateField } from "../../../components/date-field/date-field";
import { formDateLook } from "./date-look";
import "../forms.css";

const LOCALES: Record<string, string> = { sv: "sv-SE", nb: "nb-NO", en: "en-GB", da: "da-DK", fi: "fi-FI", sk: "sk-SK" };

export function FormBuilder({ data, retryMs, resetMs }: BlockProps<FormDefinition & { today?: string }> & { retryMs?: number; resetMs?: number }) {
  const t = useT();
  const page = usePage();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const def = data && Array.isArray(data.fields) ? data : null;
  const [answers, setAnswers] = useState<Answers>(() => (def ? emptyAnswers(def) : {}));
  const [today, setToday] = useState(def?.today ?? "");
  const names = def?.fields.map((x) => x.name) ?? [];
  const f = useFormFlow(def ? `formBuilder:${def.id}` : "formBuilder", names, "answers.", () => def && setAnswers(emptyAnswers(def)), resetMs);
  useEffect(() => {
    if (!today) setToday(todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone));
  }, [today]);
  if (!def) return <p className="fc-container fc-form-block__missing" role="alert">{t("formBuilderMissing", "This form is not available right now.")}</p>;
  const locale = LOCALES[page.sitecore.context.language] ?? "en-GB";

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (f.busy) return;
    if (f.invalid(validate(def, answers, today, page.site.country))) {
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>("[aria-invalid='true'], .is-invalid [role='spinbutton']")?.focus());
      return;
    }
    await f.run(
      (ticket, website) => postForm({ formId: def.id, formSubmissionId: newSubmissionId(), answers: toPayload(def, answers) }, { url: "/api/jotform", ticket, website, retryMs }),
      { lead_type: "form_builder", form_id: def.id },
    );
  };

  const err = (x: FormFieldDef) => (f.errors.includes(x.name) ? t(`formBuilderError_${x.type}`, t("invalidInput", "Please check this field")) : undefined);
  const control = (x: FormFieldDef): ReactNode => {
    const fid = `${id}-${x.name}`;
    const common = {
      id: fid, name: x.name, disabled: f.busy, onFocus: f.onFocus, required: x.required, placeholder: x.placeholder,
      "aria-invalid": err(x) ? (true as const) : undefined, "aria-describedby": describedBy(fid, err(x), Boolean(x.help)),
    };
    const val = String(answers[x.name] ?? "");
    const setOne = (e: { target: { value: string } }) => setAnswers((a) => ({ ...a, [x.name]: oneLine(e.target.value) }));
    switch (x.type) {
      case "textarea":
        return <textarea {...common} value={val} rows={4} maxLength={x.maxLength ?? 4000} onChange={(e) => setAnswers((a) => ({ ...a, [x.name]: e.target.value }))} />;
      case "select":
        return (
          <select {...common} value={val} onChange={setOne}>
            <option value="">{t("formChoose", "Choose…")}</option>
            {(x.options ?? []).map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
          </select>
        );
      case "number":
        return <input {...common} value={val} type="number" inputMode="decimal" min={typeof x.min === "number" ? x.min : undefined} max={typeof x.max === "number" ? x.max : undefined} onChange={setOne} />;
      case "email":
        return <input {...common} value={val} type="email" autoComplete="email" onChange={setOne} />;
      case "phone":
        return <input {...common} value={val} type="tel" autoComplete="tel" onChange={setOne} />;
      default:
        return <input {...common} value={val} type="text" maxLength={x.maxLength ?? 200} autoComplete={/name/i.test(x.name) ? (/last|sur/i.test(x.name) ? "family-name" : /first|given/i.test(x.name) ? "given-name" : "name") : undefined} onChange={setOne} />;
    }
  };

  return (
    <section className="fc-form-block fc-form-builder" aria-labelledby={`${id}-title`}>
      <div className="fc-container fc-form-block__inner fc-form-block__inner--aside">
        <div className="fc-form-block__intro">
          <h2 id={`${id}-title`}>{def.title || t("formBuilderTitle", "Sign up")}</h2>
          {def.intro?.split(/\n{2,}/).map((p, i) => <p key={i}>{p}</p>)}
        </div>
        <div className="fc-form-block__card">
          <form ref={formRef} className="fc-form" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
            {def.fields.map((x) => {
              const fid = `${id}-${x.name}`;
              if (x.type === "checkbox") {
                return (
                  <div key={x.name} className="fc-form__checks">
                    <label className={`fc-form__check${err(x) ? " is-invalid" : ""}`}>
                      <input type="checkbox" id={fid} name={x.name} checked={answers[x.name] === true} disabled={f.busy} onFocus={f.onFocus} required={x.required}
                        aria-invalid={err(x) ? true : undefined} aria-describedby={describedBy(fid, err(x), Boolean(x.help))}
                        onChange={(e) => setAnswers((a) => ({ ...a, [x.name]: e.target.checked }))} />
                      <span>{x.label}{x.required && <span className="fc-form__req" aria-hidden="true"> *</span>}</span>
                    </label>
                    {x.help && <p className="fc-form__hint" id={`${fid}-hint`}>{x.help}</p>}
                    {err(x) && <p className="fc-form__error" id={`${fid}-err`}>{err(x)}</p>}
                  </div>
                );
              }
              if (x.type === "date") {
                return (
                  <DateField key={x.name} look={formDateLook} serverRendered label={x.label} value={String(answers[x.name] ?? "")} onChange={(d) => setAnswers((a) => ({ ...a, [x.name]: d }))}
                    min={dateBound(x.min, today)} max={dateBound(x.max, today)} locale={locale} required={x.required} disabled={f.busy} error={err(x)} onFocus={f.onFocus} name={x.name}
                    openLabel={t("formOpenCalendar", "Choose a date in the calendar")} prevLabel={t("calendarPrevious", "Previous month")} nextLabel={t("calendarNext", "Next month")} />
                );
              }
              return (
                <FormField key={x.name} id={fid} label={x.label} required={x.required} error={err(x)} hint={x.help}>
                  {control(x)}
                </FormField>
              );
            })}
            <Honeypot value={f.website} onChange={f.setWebsite} />
            <div className="fc-form__actions">
              <button type="submit" className="fc-button fc-button--primary" disabled={f.busy}>{f.busy ? t("formSending", "Sending…") : def.submitLabel || t("formSubmit", "Send")}</button>
              {def.fields.some((x) => x.required) && <p className="fc-form__note">{t("formRequiredNote", "Fields marked * are required.")}</p>}
            </div>
            <div aria-live="polite">
              {f.flow === "success" && <p className="fc-form__done" role="status">{def.thankYou || t("formThanks", "Thank you!")}</p>}
            </div>
            {f.flow === "error" && <p className="fc-form__banner" role="alert">{def.errorText || t("formError", "Something went wrong. Please try again.")}</p>}
            {f.flow === "limited" && f.limited && <p className="fc-form__banner" role="alert">{rateLimitText(t, f.limited)}</p>}
          </form>
        </div>
      </div>
    </section>
  );
}
