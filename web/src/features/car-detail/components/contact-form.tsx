import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { FormRateLimited, validateLead, LeadRejected, newSubmissionId, submitLead, useFormTicket, type LeadValues } from "../api/lead";
import { Honeypot, rateLimitText } from "../../../components/form-kit/form-kit";
import { pushDataLayer } from "../../../lib/data-layer";
import { useOptionalPage } from "../../../lib/page-context";
import type { Car, SellerSite } from "../types";
import type { T } from "../../../lib/text";

type Flow = "idle" | "submitting" | "success" | "error";
type Field = "name" | "phone" | "email" | "message" | "site";

export const RESET_MS = 3000;

export interface Recipient {
  toName: string;
  toEmail: string;
}

/** The hashes that tick a box of the form (the page's "Book a test drive" and "Get a quote" links). */
const HASH_BOXES = { quote: "contact-quote", testDrive: "contact-testdrive" } as const;

/**
 * ticked says which boxes the page's hash ticks. The server cannot know the
 * hash, so it renders both boxes empty; the document's inline script ticks
 * the box named by data-hash-check before the page's script has loaded
 * (internal/web/document.go), and the first render in the browser starts
 * from the same state, which hydration then keeps: a visitor following a
 * test-drive link on a slow phone sees the box ticked at once, not once the
 * page has hydrated.
 */
function ticked(): { quote: boolean; testDrive: boolean } {
  const hash = typeof window === "undefined" ? "" : window.location.hash;
  return { quote: hash === `#${HASH_BOXES.quote}`, testDrive: hash === `#${HASH_BOXES.testDrive}` };
}

/**
 * ContactForm is the lead form: name, phone, e-mail, message, quote and
 * test-drive boxes, and for new-car samples the choice of dealer site. The
 * hash #contact-quote / #contact-testdrive pre-ticks its box.
 */
export function ContactForm({ car, recipient, sellerSites, t, retryMs }: { car: Car; recipient: Recipient; sellerSites?: SellerSite[]; t: T; retryMs?: number }) {
  // National phone numbers take the site's country prefix (lib/phone).
  const country = useOptionalPage()?.site.country ?? "";
  const id = useId();
  const [values, setValues] = useState(() => ({ name: "", phone: "", email: "", message: "", ...ticked(), site: "" }));
  const [invalid, setInvalid] = useState<Partial<Record<Field, boolean>>>({});
  const [flow, setFlow] = useState<Flow>("idle");
  const ticket = useFormTicket();
  const [website, setWebsite] = useState("");
  const [limited, setLimited] = useState<FormRateLimited | null>(null);
  const started = useRef(false);
  const sample = Boolean(car.car_is_sample && sellerSites);

  // A link to #contact-quote or #contact-testdrive on the page ticks its box
  // too (and leaves the other as the visitor set it).
  useEffect(() => {
    const fromHash = () => {
      const now = ticked();
      if (now.quote) setValues((v) => ({ ...v, quote: true }));
      if (now.testDrive) setValues((v) => ({ ...v, testDrive: true }));
    };
    window.addEventListener("hashchange", fromHash);
    return () => window.removeEventListener("hashchange", fromHash);
  }, []);

  useEffect(() => {
    if (flow !== "success") return;
    const timer = window.setTimeout(() => {
      setValues({ name: "", phone: "", email: "", message: "", quote: false, testDrive: false, site: "" });
      setFlow("idle");
    }, RESET_MS);
    return () => window.clearTimeout(timer);
  }, [flow]);

  const onFocus = () => {
    if (started.current) return;
    started.current = true;
    pushDataLayer({ event: "form_interaction", form_name: "carDetailContact", action: "start", car_id: car.car_id });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = await validateLead(values, country);
    const bad: Partial<Record<Field, boolean>> = {};
    if (!parsed.success) for (const issue of parsed.error.issues) bad[issue.path[0] as Field] = true;
    if (sample && !values.site) bad.site = true;
    setInvalid(bad);
    if (Object.keys(bad).length > 0) {
      pushDataLayer({ event: "form_interaction", form_name: "carDetailContact", action: "invalid", fields: Object.keys(bad).join(",") });
      return;
    }
    let to = recipient;
    if (sample) {
      const s = sellerSites!.find((x) => x.siteId === values.site);
      if (!s || !s.toEmail) {
        console.error("DEPARTMENT_NOT_FOUND", { car: car.car_id, site: values.site });
        pushDataLayer({ event: "event_error", error: "DEPARTMENT_NOT_FOUND", car_id: car.car_id });
        setFlow("error");
        return;
      }
      to = { toName: s.toName, toEmail: s.toEmail };
    }
    const lead: LeadValues = {
      car: String(car.car_id), name: values.name.trim(), phone: values.phone.trim(), email: values.email.trim(), message: values.message,
      quote: values.quote, testDrive: values.testDrive, toName: to.toName, toEmail: to.toEmail, source: window.location.href,
      ...(sample ? { siteId: values.site } : {}),
    };
    setFlow("submitting");
    setLimited(null);
    try {
      await submitLead(newSubmissionId(), lead, retryMs, ticket, website);
      setFlow("success");
      pushDataLayer({ event: "lead", lead_type: values.testDrive ? "test_drive" : values.quote ? "quote" : "contact", form_name: "carDetailContact", car_id: car.car_id, car_brand: car.car_brand, car_model: car.car_model });
    } catch (err) {
      if (err instanceof FormRateLimited) {
        setLimited(err);
        setFlow("error");
        return;
      }
      if (err instanceof LeadRejected) {
        const fields: Partial<Record<Field, boolean>> = {};
        for (const k of Object.keys(err.fields)) {
          const f = k.replace(/^values\./, "") as Field;
          if (["name", "phone", "email", "message"].includes(f)) fields[f] = true;
        }
        setInvalid(fields);
        if (Object.keys(fields).length > 0) {
          setFlow("idle");
          return;
        }
      }
      console.error("FORM_SUBMISSION_FAILED", err);
      pushDataLayer({ event: "event_error", error: "FORM_SUBMISSION_FAILED", form_name: "carDetailContact" });
      setFlow("error");
    }
  };

  const busy = flow === "submitting";
  const field = (name: Field, label: string, input: React.ReactNode) => (
    <div className={`fc-form__field${invalid[name] ? " is-invalid" : ""}`}>
      <label htmlFor={`${id}-${name}`}>{label}</label>
      {input}
      {invalid[name] && <p className="fc-form__error" id={`${id}-${name}-err`}>{t("invalidInput", "Please check this field")}</p>}
    </div>
  );
  const common = (name: Field) => ({
    id: `${id}-${name}`, name, disabled: busy, "aria-invalid": invalid[name] || undefined,
    "aria-describedby": invalid[name] ? `${id}-${name}-err` : undefined, onFocus,
  });
  return (
    <form className="fc-form" noValidate onSubmit={submit} aria-label={t("carDetailFormTitle", "Contact the dealer")}>
      {sample && field("site", t("carDetailChooseSite", "Choose dealer"), (
        <select {...common("site")} required value={values.site} onChange={(e) => setValues({ ...values, site: e.target.value })}>
          <option value="">{t("carDetailChooseSitePlaceholder", "Choose…")}</option>
          {sellerSites!.map((s) => <option key={s.siteId} value={s.siteId}>{s.name}{s.city ? `, ${s.city}` : ""}</option>)}
        </select>
      ))}
      {field("name", t("carDetailFormName", "Name"), <input {...common("name")} type="text" autoComplete="name" required value={values.name} onChange={(e) => setValues({ ...values, name: e.target.value })} />)}
      {field("phone", t("carDetailFormPhone", "Phone"), <input {...common("phone")} type="tel" autoComplete="tel" required value={values.phone} onChange={(e) => setValues({ ...values, phone: e.target.value })} />)}
      {field("email", t("carDetailFormEmail", "E-mail"), <input {...common("email")} type="email" autoComplete="email" required value={values.email} onChange={(e) => setValues({ ...values, email: e.target.value })} />)}
      {field("message", t("carDetailFormMessage", "Message"), <textarea {...common("message")} rows={4} value={values.message} onChange={(e) => setValues({ ...values, message: e.target.value })} />)}
      <div className="fc-form__checks">
        <label><input type="checkbox" name="quote" data-hash-check={HASH_BOXES.quote} disabled={busy} checked={values.quote} onChange={(e) => setValues({ ...values, quote: e.target.checked })} /> {t("carDetailFormQuote", "I would like a quote")}</label>
        <label><input type="checkbox" name="testDrive" data-hash-check={HASH_BOXES.testDrive} disabled={busy} checked={values.testDrive} onChange={(e) => setValues({ ...values, testDrive: e.target.checked })} /> {t("carDetailFormTestDrive", "I would like a test drive")}</label>
      </div>
      <Honeypot value={website} onChange={setWebsite} />
      {flow === "error" && limited && <p className="fc-form__banner" role="alert">{rateLimitText(t, limited)}</p>}
      {flow === "error" && !limited && <p className="fc-form__banner" role="alert">{t("carDetailFormError", "Something went wrong and your message was not sent. Please try again or call us.")}</p>}
      <button type="submit" className="fc-button fc-button--primary" disabled={busy}>
        {busy ? t("carDetailFormSending", "Sending…") : t("carDetailFormSend", "Send")}
      </button>
      {flow === "success" && (
        <div className="fc-form__success" role="status">
          <p><strong>{t("carDetailFormThanks", "Thank you!")}</strong></p>
          <p>{t("carDetailFormThanksText", "The dealer will contact you soon.")}</p>
        </div>
      )}
    </form>
  );
}
