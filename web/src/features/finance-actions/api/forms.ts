import { FORM_RETRY_MS, postForm, type FormTicket, type LeadValues } from "../../../lib/comhub";
import { z } from "zod";
import type { Action } from "../types";

// The UK rules of the finance forms, the same as Go's internal/forms/leads
// (finance_forms.go). Phone and registration are checked with spaces removed.
export const UK_PHONE = /^(?:\+44|0)[1-9][0-9]{8,9}$/;
export const UK_POSTCODE = /^(?:GIR ?0AA|[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2})$/i;
export const UK_REGISTRATION = /^(?:[A-Z]{2}[0-9]{2}[A-Z]{3}|[A-Z][0-9]{1,3}[A-Z]{3}|[A-Z]{3}[0-9]{1,3}[A-Z]|[A-Z]{1,3}[0-9]{1,4}|[0-9]{1,4}[A-Z]{1,3})$/i;
export const EMPLOYMENT_STATUSES = [
  ["employed", "Employed"],
  ["self-employed", "Self-employed"],
  ["retired", "Retired"],
  ["student", "Student"],
  ["unemployed", "Not employed"],
  ["other", "Other"],
] as const;
export const CONDITIONS = [
  ["excellent", "Excellent"],
  ["good", "Good"],
  ["fair", "Fair"],
  ["poor", "Poor"],
] as const;

export const MESSAGES = {
  name: "Please enter your name.",
  email: "Please enter a valid e-mail address, e.g. name@example.co.uk.",
  phone: "Please enter a UK phone number, e.g. 07700 900123 or +44 7700 900123.",
  dateOfBirth: "Please enter your date of birth: you must be 18 or over to apply.",
  postcode: "Please enter a UK postcode, e.g. SW1A 1AA.",
  employmentStatus: "Please choose your employment status.",
  annualIncome: "Please enter your annual income in whole pounds, e.g. 32000.",
  collectionDate: "Please choose a collection date from today, within a year.",
  registration: "Please enter a UK registration, e.g. AB12 CDE.",
  mileage: "Please enter the mileage as a whole number, 0 or more.",
  condition: "Please choose the condition of your car.",
} as const;
export type Field = keyof typeof MESSAGES;

const compact = (s: string) => s.replace(/\s+/g, "");
const ISO = /^\d{4}-\d{2}-\d{2}$/;

/** shiftYears moves an ISO date by n years as text (2008-02-29 stays comparable). */
const shiftYears = (iso: string, n: number) => `${String(Number(iso.slice(0, 4)) + n).padStart(4, "0")}${iso.slice(4)}`;
function addDays(iso: string, n: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}
const validDay = (s: string) => ISO.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s;
const wholeNumber = (max: number) => (s: string) => /^\d+$/.test(s.trim()) && Number(s.trim()) <= max;

const contact = {
  name: z.string().trim().min(1, MESSAGES.name).max(200, MESSAGES.name),
  email: z.string().trim().email(MESSAGES.email),
  phone: z.string().refine((s) => UK_PHONE.test(compact(s)), MESSAGES.phone),
};

/** The schemas of the three forms; today is the site's date (YYYY-MM-DD). */
export function schemaFor(action: Action, today: string) {
  switch (action) {
    case "apply":
      return z.object({
        ...contact,
        dateOfBirth: z.string().refine((s) => validDay(s) && s <= shiftYears(today, -18) && s >= shiftYears(today, -100), MESSAGES.dateOfBirth),
        postcode: z.string().trim().regex(UK_POSTCODE, MESSAGES.postcode),
        employmentStatus: z.enum(EMPLOYMENT_STATUSES.map(([v]) => v) as [string, ...string[]], { message: MESSAGES.employmentStatus }),
        annualIncome: z.string().refine(wholeNumber(10_000_000), MESSAGES.annualIncome),
      });
    case "reserve":
      return z.object({
        ...contact,
        collectionDate: z.string().refine((s) => validDay(s) && s >= today && s <= addDays(today, 365), MESSAGES.collectionDate),
      });
    case "part-exchange":
      return z.object({
        ...contact,
        registration: z.string().refine((s) => UK_REGISTRATION.test(compact(s)), MESSAGES.registration),
        mileage: z.string().refine(wholeNumber(1_000_000), MESSAGES.mileage),
        condition: z.enum(CONDITIONS.map(([v]) => v) as [string, ...string[]], { message: MESSAGES.condition }),
      });
  }
}
export type FormValues = Record<string, string>;

/** The fields of each form, in order. */
export const FIELDS: Record<Action, Field[]> = {
  apply: ["name", "email", "phone", "dateOfBirth", "postcode", "employmentStatus", "annualIncome"],
  reserve: ["name", "email", "phone", "collectionDate"],
  "part-exchange": ["registration", "mileage", "condition", "name", "email", "phone"],
};

/** validate returns the message of each bad field (empty when all are good). */
export function validate(action: Action, values: FormValues, today: string): Partial<Record<Field, string>> {
  const res = schemaFor(action, today).safeParse(values);
  const bad: Partial<Record<Field, string>> = {};
  if (!res.success) for (const issue of res.error.issues) bad[issue.path[0] as Field] ??= MESSAGES[issue.path[0] as Field] ?? issue.message;
  return bad;
}

/** FormRejected is a 400 answer: the fields the server found invalid. */
export { FormRejected, FormRateLimited, useFormTicket, newSubmissionId } from "../../../lib/comhub";

export interface Submission {
  formName: string;
  formSubmissionId: string;
  values: LeadValues & { details: Record<string, string> };
}

/**
 * submitFinanceForm posts to POST /api/forms/comhub (202 once stored), with
 * the same retries as every lead form (lib/comhub).
 */
export async function submitFinanceForm(sub: Submission, retryMs = FORM_RETRY_MS, ticket?: FormTicket, website = ""): Promise<void> {
  await postForm({ ...sub }, { retryMs, ticket, website });
}
