import { z } from "zod";

/** The contact form's phone rule (spec §5), the same as Go's leads.PhonePattern. */
export const PHONE_PATTERN = "^\\+?[0-9 ]{6,20}$";

export const leadFormSchema = z.object({
  name: z.string().trim().min(1).max(200),
  phone: z.string().trim().regex(new RegExp(PHONE_PATTERN)),
  email: z.string().trim().email(),
  message: z.string().max(4000),
  quote: z.boolean(),
  testDrive: z.boolean(),
  site: z.string(),
});
export type LeadFormValues = z.infer<typeof leadFormSchema>;

export interface LeadValues {
  car: string;
  name: string;
  phone: string;
  email: string;
  message: string;
  quote: boolean;
  testDrive: boolean;
  toName: string;
  toEmail: string;
  source: string;
}

/** LeadRejected is a 400 answer: the fields the server found invalid. */
export class LeadRejected extends Error {
  constructor(public fields: Record<string, string>) {
    super("lead rejected");
  }
}

export const LEAD_ATTEMPTS = 3;
export const LEAD_RETRY_MS = 1000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * submitLead posts the lead (POST /api/forms/comhub); the server answers 202
 * once it is stored. Network failures and 5xx answers are retried up to 3
 * attempts 1 s apart with the same formSubmissionId (the server stores it
 * once); a 400 is not retried.
 */
export async function submitLead(formSubmissionId: string, values: LeadValues, retryMs = LEAD_RETRY_MS): Promise<void> {
  let last: unknown;
  for (let attempt = 1; attempt <= LEAD_ATTEMPTS; attempt++) {
    try {
      const res = await fetch("/api/forms/comhub", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ formName: "carDetailContact", formSubmissionId, values }),
      });
      if (res.status === 202 || res.ok) return;
      if (res.status === 400) {
        const body = (await res.json().catch(() => ({}))) as { error?: { fields?: Record<string, string> } };
        throw new LeadRejected(body.error?.fields ?? {});
      }
      last = new Error(`lead: ${res.status}`);
    } catch (err) {
      if (err instanceof LeadRejected) throw err;
      last = err;
    }
    if (attempt < LEAD_ATTEMPTS) await sleep(retryMs);
  }
  throw last;
}

export function newSubmissionId(): string {
  if (typeof crypto !== "undefined" && "randomUUID" in crypto) return crypto.randomUUID();
  return `s${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
}
