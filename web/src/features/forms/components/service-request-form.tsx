// The Norwegian service request (CMS block "ServiceRequestForm", spec §2.4):
// for cars the 11 service types and the nearest dealer, for the single
// fixed motorbike dealer its 3 types; desired date (no day before today),
// registration number, contact details, kilometres, description, other,
// GDPR consent (required) and newsletter. Posts formName
// "serviceRequestNo"; 202 shows 'Takk for din henvendelse!', anything else
// 'Noe gikk galt, vennligst prøv igjen senere.'; resets 3000 ms later.
import { useId, useRef, useState, type FormEvent } from "react";
import type { BlockProps } from "../../../app/block-props";
import { usePage, useT } from "../../../lib/page-context";
import { RichText, Text, textOf } from "../../../lib/fields";
import { newSubmissionId, postForm } from "../../../lib/comhub";
import { describedBy, FormField, Honeypot, oneLine, rateLimitText } from "../../../components/form-kit/form-kit";
import { checkServiceRequest, SERVICE_FIELDS, TYPES, type ServiceRequestData, type VehicleType } from "../api/service-request";
import { useFormFlow } from "../hooks/use-form-flow";
import { DateField } from "../../../components/date-field/date-field";
import { formDateLook } from "./date-look";
import "../forms.css";

interface Values {
  typeCar: VehicleType; siteId: string; services: string[]; desiredDate: string; regno: string; customerName: string;
  customerPhone: string; customerEmail: string; milage: string; description: string; other: string; gdpr: boolean; newsletter: boolean;
}
const LOCALES: Record<string, string> = { nb: "nb-NO", sv: "sv-SE", en: "en-GB" };
const EMPTY: Values = {
  typeCar: "car", siteId: "", services: [], desiredDate: "", regno: "", customerName: "", customerPhone: "", customerEmail: "",
  milage: "", description: "", other: "", gdpr: false, newsletter: false,
};

export function ServiceRequestForm({ fields, data, retryMs, resetMs }: BlockProps<ServiceRequestData> & { retryMs?: number; resetMs?: number }) {
  const t = useT();
  const page = usePage();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>(EMPTY);
  const f = useFormFlow("serviceRequestNo", SERVICE_FIELDS, "values.", () => setValues(EMPTY), resetMs);
  if (!data) return <p className="fc-container fc-form-block__missing">{t("serviceRequestUnavailable", "Skjemaet er ikke tilgjengelig akkurat nå.")}</p>;
  const locale = LOCALES[page.sitecore.context.language] ?? "nb-NO";

  const set = (k: keyof Values, one = true) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: one ? oneLine(e.target.value) : e.target.value }));
  const err = (k: keyof Values): string | undefined => (f.errors.includes(k) ? t(`serviceRequestError_${k}`, t("invalidInput", "Vennligst sjekk dette feltet")) : undefined);
  const services = values.typeCar === "car" ? data.carServices : data.motorbikeServices;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (f.busy) return;
    const parsed = checkServiceRequest(data, values, page.site.country);
    if (!parsed.ok) {
      f.invalid(parsed.bad);
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>("[aria-invalid='true'], .is-invalid [role='spinbutton'], .is-invalid input")?.focus());
      return;
    }
    f.invalid([]);
    const v = parsed.data;
    await f.run(
      (ticket, website) => postForm({ formName: "serviceRequestNo", formSubmissionId: newSubmissionId(), values: { ...v, siteId: v.typeCar === "car" ? v.siteId : "", source: window.location.href } }, { ticket, website, retryMs }),
      { lead_type: v.typeCar === "car" ? "service_request" : "motorbike_service_request" },
    );
  };

  const ctl = (k: keyof Values, hint = false) => ({
    id: `${id}-${k}`, name: k, disabled: f.busy, onFocus: f.onFocus,
    "aria-invalid": err(k) ? (true as const) : undefined, "aria-describedby": describedBy(`${id}-${k}`, err(k), hint),
  });
  const toggleService = (s: string) => setValues((v) => ({ ...v, services: v.services.includes(s) ? v.services.filter((x) => x !== s) : [...v.services, s] }));
  const title = textOf(fields, "Title");
  return (
    <section className="fc-form-block fc-service-request" aria-labelledby={`${id}-title`}>
      <div className="fc-container fc-form-block__inner fc-form-block__inner--aside">
        <div className="fc-form-block__intro">
          <h2 id={`${id}-title`}>{title ? <Text fields={fields} name="Title" /> : t("serviceRequestTitle", "Bestill service")}</h2>
          {textOf(fields, "Text") ? <RichText fields={fields} name="Text" /> : <p>{t("serviceRequestIntro", "Fyll ut skjemaet, så tar verkstedet kontakt med deg for å bekrefte tiden.")}</p>}
        </div>
        <div className="fc-form-block__card">
          <form ref={formRef} className="fc-form" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
            <fieldset>
              <legend className="fc-form__legend">{t("serviceRequestTypeLabel", "Hva gjelder det?")}</legend>
              <div className="fc-choice">
                {TYPES.map((ty) => (
                  <label key={ty}>
                    <input type="radio" name="typeCar" value={ty} checked={values.typeCar === ty} disabled={f.busy} onFocus={f.onFocus}
                      onChange={() => setValues((v) => ({ ...v, typeCar: ty, services: [] }))} />
                    <span>{t(`serviceRequestType_${ty}`, ty === "car" ? "Bil" : "Motorsykkel")}</span>
                  </label>
                ))}
              </div>
            </fieldset>
            <fieldset className={`fc-form__group${err("services") ? " is-invalid" : ""}`} aria-describedby={err("services") ? `${id}-services-err` : undefined}>
              <legend className="fc-form__legend">{t("serviceRequestServices", "Hva ønsker du hjelp med?")}</legend>
              <div className="fc-form__checks fc-form__checks--grid">
                {services.map((s) => (
                  <label key={s} className="fc-form__check">
                    <input type="checkbox" name="services" value={s} checked={values.services.includes(s)} disabled={f.busy} onFocus={f.onFocus} onChange={() => toggleService(s)} />
                    <span>{t(`serviceRequestService_${s}`, s)}</span>
                  </label>
                ))}
              </div>
              {err("services") && <p className="fc-form__error" id={`${id}-services-err`}>{err("services")}</p>}
            </fieldset>
            {values.typeCar === "car" ? (
              <FormField id={`${id}-siteId`} label={t("serviceRequestDealer", "Nærmeste forhandler")} required error={err("siteId")}>
                <select {...ctl("siteId")} value={values.siteId} required onChange={set("siteId")}>
                  <option value="">{t("serviceRequestChooseDealer", "Velg forhandler")}</option>
                  {data.dealers.map((d) => <option key={d.siteId} value={d.siteId}>{d.name}{d.city && !d.name.includes(d.city) ? `, ${d.city}` : ""}</option>)}
                </select>
              </FormField>
            ) : (
              <div className="fc-form__field">
                <p className="fc-form__legend" id={`${id}-mc`}>{t("serviceRequestMotorbikeDealer", "Forhandler")}</p>
                <p className="fc-service-request__fixed" aria-labelledby={`${id}-mc`}>{data.motorbikeDealer?.name ?? ""}{data.motorbikeDealer?.city ? `, ${data.motorbikeDealer.city}` : ""}</p>
              </div>
            )}
            <div className="fc-form__row fc-form__row--2">
              <DateField look={formDateLook} serverRendered label={t("serviceRequestDate", "Ønsket dato")} value={values.desiredDate} onChange={(d) => setValues((v) => ({ ...v, desiredDate: d }))}
                min={data.today} max={data.lastDate} locale={locale} required disabled={f.busy} error={err("desiredDate")} onFocus={f.onFocus} name="desiredDate"
                openLabel={t("serviceRequestOpenCalendar", "Velg dato i kalenderen")} prevLabel={t("calendarPrevious", "Forrige måned")} nextLabel={t("calendarNext", "Neste måned")} />
              <FormField id={`${id}-regno`} label={t("serviceRequestRegno", "Registreringsnummer")} required error={err("regno")}>
                <input {...ctl("regno")} value={values.regno} type="text" autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={12} required
                  onChange={(e) => setValues((v) => ({ ...v, regno: oneLine(e.target.value).toUpperCase() }))} />
              </FormField>
            </div>
            <FormField id={`${id}-customerName`} label={t("formName", "Navn")} required error={err("customerName")}>
              <input {...ctl("customerName")} value={values.customerName} type="text" autoComplete="name" required onChange={set("customerName")} />
            </FormField>
            <div className="fc-form__row fc-form__row--2">
              <FormField id={`${id}-customerPhone`} label={t("formPhone", "Telefon")} required error={err("customerPhone")}>
                <input {...ctl("customerPhone")} value={values.customerPhone} type="tel" autoComplete="tel" required onChange={set("customerPhone")} />
              </FormField>
              <FormField id={`${id}-customerEmail`} label={t("formEmail", "E-post")} required error={err("customerEmail")}>
                <input {...ctl("customerEmail")} value={values.customerEmail} type="email" autoComplete="email" required onChange={set("customerEmail")} />
              </FormField>
            </div>
            <FormField id={`${id}-milage`} label={t("serviceRequestMilage", "Kilometerstand")} error={err("milage")}>
              <input {...ctl("milage")} value={values.milage} type="number" min={0} step={1} inputMode="numeric" onChange={set("milage")} />
            </FormField>
            <FormField id={`${id}-description`} label={t("serviceRequestDescription", "Beskrivelse")} error={err("description")} hint={t("serviceRequestDescriptionHint", "Beskriv gjerne hva som skal gjøres, eller lyder og symptomer du har merket.")}>
              <textarea {...ctl("description", true)} value={values.description} rows={4} maxLength={4000} onChange={set("description", false)} />
            </FormField>
            <FormField id={`${id}-other`} label={t("serviceRequestOther", "Annet")} error={err("other")}>
              <textarea {...ctl("other")} value={values.other} rows={3} maxLength={4000} onChange={set("other", false)} />
            </FormField>
            <div className="fc-form__checks">
              <label className={`fc-form__check${err("gdpr") ? " is-invalid" : ""}`}>
                <input type="checkbox" name="gdpr" checked={values.gdpr} disabled={f.busy} onFocus={f.onFocus} required aria-invalid={err("gdpr") ? true : undefined}
                  aria-describedby={err("gdpr") ? `${id}-gdpr-err` : undefined} onChange={(e) => setValues((v) => ({ ...v, gdpr: e.target.checked }))} />
                <span>{t("serviceRequestGdpr", "Jeg samtykker til at mine opplysninger behandles for å besvare henvendelsen.")} <span className="fc-form__req" aria-hidden="true">*</span></span>
              </label>
              {err("gdpr") && <p className="fc-form__error" id={`${id}-gdpr-err`}>{err("gdpr")}</p>}
              <label className="fc-form__check">
                <input type="checkbox" name="newsletter" checked={values.newsletter} disabled={f.busy} onFocus={f.onFocus} onChange={(e) => setValues((v) => ({ ...v, newsletter: e.target.checked }))} />
                <span>{t("serviceRequestNewsletter", "Ja takk, jeg vil gjerne motta nyhetsbrev og tilbud på e-post.")}</span>
              </label>
            </div>
            <Honeypot value={f.website} onChange={f.setWebsite} />
            <div className="fc-form__actions">
              <button type="submit" className="fc-button fc-button--primary" disabled={f.busy}>{f.busy ? t("formSending", "Sender…") : t("serviceRequestSubmit", "Send forespørsel")}</button>
              <p className="fc-form__note">{t("formRequiredNote", "Felter merket med * må fylles ut.")}</p>
            </div>
            <div aria-live="polite">
              {f.flow === "success" && <p className="fc-form__done" role="status">{t("serviceRequestSuccess", "Takk for din henvendelse!")}</p>}
            </div>
            {f.flow === "error" && <p className="fc-form__banner" role="alert">{t("serviceRequestError", "Noe gikk galt, vennligst prøv igjen senere.")}</p>}
            {f.flow === "limited" && f.limited && <p className="fc-form__banner" role="alert">{rateLimitText(t, f.limited)}</p>}
          </form>
        </div>
      </div>
    </section>
  );
}
