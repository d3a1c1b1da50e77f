// The form-submission call every lead form uses: POST /api/forms/comhub,
// which answers 202 once the submission is stored.

/** LeadValues are the values of every lead form (spec: contact form values). */
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

/** FormRejected is a 400 answer: the fields the server found invalid. */
export class FormRejected extends Error {
  constructor(public fields: Record<string, string>) {
    super("form rejected");
  }
}

/** Attempts and the pause between them (spec: 3 times, 1 s apart). */
export const FORM_ATTEMPTS = 3;
export const FORM_RETRY_MS = 1000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * postForm posts a submission. Network failures and 5xx answers are retried
 * up to FORM_ATTEMPTS times retryMs apart with the same body (the server
 * stores a formSubmissionId once); a 400 is not retried and throws
 * FormRejected with the server's field messages.
 */
export async function postForm(body: { formName: string; formSubmissionId: string; values: unknown }, retryMs = FORM_RETRY_MS): Promise<void> {
  let last: unknown;
  for (let attempt = 1; attempt <= FORM_ATTEMPTS; attempt++) {
    try {
      const res = await fetch("/api/forms/comhub", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
      if (res.ok) return;
      if (res.status === 400) {
        const answer = (await res.json().catch(() => ({}))) as { error?: { fields?: Record<string, string> } };
        throw new FormRejected(answer.error?.fields ?? {});
      }
      last = new Error(`comhub: ${res.status}`);
    } catch (err) {
      if (err instanceof FormRejected) throw err;
      last = err;
    }
    if (attempt < FORM_ATTEMPTS) await sleep(retryMs);
  }
  throw last;
}

/** newSubmissionId makes the idempotency key of one submission. */
export function newSubmissionId(): string {
  if (typeof crypto !== "undefined" && "randomUUID" in crypto) return crypto.randomUUID();
  return `s${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
}
