import { useId, useState, type FormEvent, type ReactNode } from "react";
import type { BlockProps } from "../../../app/block-props";
import { pushDataLayer } from "../../../lib/data-layer";
import { Honeypot, rateLimitText } from "../../../components/form-kit/form-kit";
import { CONDITIONS, EMPLOYMENT_STATUSES, FIELDS, FormRateLimited, FormRejected, MESSAGES, useFormTicket, newSubmissionId, submitFinanceForm, validate, type Field, type FormValues } from "../api/forms";
import type { Action, FinanceActionData } from "../types";
import "../finance-actions.css";
import { translator } from "../../../lib/text";

type Flow = "idle" | "submitting" | "success" | "error";

const LABELS: Record<Field, string> = {
  name: "Full name",
  email: "E-mail",
  phone: "Phone",
  dateOfBirth: "Date of birth",
  postcode: "Postcode",
  employmentStatus: "Employment status",
  annualIncome: "Annual income (£)",
  collectionDate: "Preferred collection date",
  registration: "Registration",
  mileage: "Mileage",
  condition: "Condition",
};

const FORM_TITLES: Record<Action, string> = {
  apply: "Your finance application",
  reserve: "Reserve the car",
  "part-exchange": "Your part-exchange",
};

const SUCCESS: Record<Action, string> = {
  apply: "Thank you! Your application has been sent to the dealer, who will contact you about the next steps.",
  reserve: "Thank you! Your reservation request has been sent to the dealer, who will contact you to confirm it.",
  "part-exchange": "Thank you! The dealer will contact you with a valuation of your car.",
};

const empty = (action: Action): FormValues => Object.fromEntries(FIELDS[action].map((f) => [f, ""]));

/**
 * FinanceAction is the page a UK quote links to (/finance/apply, /reserve,
 * /part-exchange): the quote summary, the form of the action, and the legal
 * text. Without a quote it shows the loader's message (the page is a 404).
 */
export function FinanceAction({ data, params, retryMs }: BlockProps<FinanceActionData> & { retryMs?: number }) {
  const action = (data?.action ?? params.Action ?? "apply") as Action;
  if (!data || !data.found) {
    return (
      <section className="fc-finance-action fc-finance-action--missing">
        <h1>{data?.title ?? "Finance"}</h1>
        <p className="fc-finance-action__message" role="alert">{data?.message ?? "We could not find that quote. Please get a new quote on the car's page."}</p>
        <p><a className="fc-button fc-button--primary" href="/cars">Find a car</a></p>
      </section>
    );
  }
  return (
    <section className="fc-finance-action">
      <h1>{data.title}</h1>
      {data.car && <p className="fc-finance-action__car"><a href={data.car.url}>{data.car.title}</a></p>}
      <div className="fc-finance-action__grid">
        <div>
          <h2>Your quote</h2>
          <table className="fc-finance-action__summary">
            <caption>{data.product} – quote reference {data.quoteRef}</caption>
            <tbody>
              {data.rows?.map((r) => (
                <tr key={r.Key}><th scope="row">{r.Label}</th><td>{r.DisplayValue}</td></tr>
              ))}
            </tbody>
          </table>
        </div>
        <ActionForm action={action} data={data} retryMs={retryMs} />
      </div>
      <section className="fc-finance-action__legal" aria-labelledby="fc-finance-legal">
        <h2 id="fc-finance-legal">Terms and conditions</h2>
        {data.legalText?.split("\n\n").map((p, i) => <p key={i}>{p}</p>)}
      </section>
    </section>
  );
}

function ActionForm({ action, data, retryMs }: { action: Action; data: FinanceActionData; retryMs?: number }) {
  const id = useId();
  const [values, setValues] = useState<FormValues>(() => empty(action));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [flow, setFlow] = useState<Flow>("idle");
  const [banner, setBanner] = useState("");
  const ticket = useFormTicket();
  const [website, setWebsite] = useState("");
  const today = data.today ?? "";
  const formName = data.formName ?? action;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const bad = validate(action, values, today);
    setErrors(bad);
    if (Object.keys(bad).length > 0) {
      pushDataLayer({ event: "form_interaction", form_name: formName, action: "invalid", fields: Object.keys(bad).join(",") });
      return;
    }
    const details: Record<string, string> = { quoteRef: data.quoteRef ?? "" };
    for (const f of FIELDS[action]) if (!["name", "email", "phone"].includes(f)) details[f] = values[f].trim();
    setFlow("submitting");
    setBanner("");
    try {
      await submitFinanceForm({
        formName, formSubmissionId: newSubmissionId(),
        values: {
          car: data.car?.id ?? "", name: values.name.trim(), phone: values.phone.trim(), email: values.email.trim(), message: "",
          quote: false, testDrive: false, toName: data.recipient?.toName ?? "", toEmail: data.recipient?.toEmail ?? "",
          source: window.location.href, details,
        },
      }, retryMs, ticket, website);
      setFlow("success");
      pushDataLayer({ event: "lead", lead_type: formName, form_name: formName, car_id: data.car?.id });
    } catch (err) {
      if (err instanceof FormRateLimited) {
        setBanner(rateLimitText(translator({}), err));
        setFlow("error");
        return;
      }
      if (err instanceof FormRejected) {
        const fields: Partial<Record<Field, string>> = {};
        for (const k of Object.keys(err.fields)) {
          const f = k.replace(/^values\.(details\.)?/, "") as Field;
          if (f in MESSAGES) fields[f] = MESSAGES[f];
        }
        if (Object.keys(fields).length > 0) {
          setErrors(fields);
          setFlow("idle");
          return;
        }
        if ("values.details.quoteRef" in err.fields) setBanner("We could not find that quote. Please get a new quote on the car's page.");
      }
      console.error("FORM_SUBMISSION_FAILED", err);
      pushDataLayer({ event: "event_error", error: "FORM_SUBMISSION_FAILED", form_name: formName });
      setFlow("error");
    }
  };

  if (flow === "success") {
    return (
      <div className="fc-form__success fc-finance-action__success" role="status">
        <p><strong>{SUCCESS[action]}</strong></p>
        {data.car && <p><a href={data.car.url}>Back to {data.car.title}</a></p>}
      </div>
    );
  }

  const busy = flow === "submitting";
  const set = (f: Field) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [f]: e.target.value }));
  const common = (f: Field) => ({
    id: `${id}-${f}`, name: f, disabled: busy, value: values[f], onChange: set(f),
    "aria-invalid": errors[f] ? true : undefined, "aria-describedby": errors[f] ? `${id}-${f}-err` : undefined,
  });
  const input = (f: Field): ReactNode => {
    switch (f) {
      case "name": return <input {...common(f)} type="text" autoComplete="name" />;
      case "email": return <input {...common(f)} type="email" autoComplete="email" />;
      case "phone": return <input {...common(f)} type="tel" autoComplete="tel" />;
      case "dateOfBirth": return <input {...common(f)} type="date" autoComplete="bday" />;
      case "postcode": return <input {...common(f)} type="text" autoComplete="postal-code" />;
      case "annualIncome": return <input {...common(f)} type="text" inputMode="numeric" />;
      case "collectionDate": return <input {...common(f)} type="date" min={today || undefined} />;
      case "registration": return <input {...common(f)} type="text" autoCapitalize="characters" />;
      case "mileage": return <input {...common(f)} type="text" inputMode="numeric" />;
      case "employmentStatus":
      case "condition":
        return (
          <select {...common(f)}>
            <option value="">Choose…</option>
            {(f === "condition" ? CONDITIONS : EMPLOYMENT_STATUSES).map(([v, l]) => <option key={v} value={v}>{l}</option>)}
          </select>
        );
    }
  };
  return (
    <form className="fc-form fc-finance-action__form" noValidate onSubmit={submit} aria-label={FORM_TITLES[action]}>
      <h2>{FORM_TITLES[action]}</h2>
      {FIELDS[action].map((f) => (
        <div key={f} className={`fc-form__field${errors[f] ? " is-invalid" : ""}`}>
          <label htmlFor={`${id}-${f}`}>{LABELS[f]}</label>
          {input(f)}
          {errors[f] && <p className="fc-form__error" id={`${id}-${f}-err`}>{errors[f]}</p>}
        </div>
      ))}
      <Honeypot value={website} onChange={setWebsite} />
      {flow === "error" && (
        <p className="fc-form__banner" role="alert">{banner || "Something went wrong and your request was not sent. Please try again or call us."}</p>
      )}
      <button type="submit" className="fc-button fc-button--primary" disabled={busy}>{busy ? "Sending…" : "Send"}</button>
    </form>
  );
}
