// The form-submission client every form uses: POST /api/forms/comhub (lead
// forms, 202 once stored) and POST /api/jotform (form builder, 200 with the
// answers). Every post carries a form ticket (GET /api/forms/ticket, fetched
// when the form mounts; the server's minimum fill time) and the honeypot
// field "website", which people never see.
import { useEffect, useRef } from "react";
import { json } from "./api-client";

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
  /** For a sample car: the dealer site the visitor chose. */
  siteId?: string;
}

/** FormRejected is a 400 answer: the fields the server found invalid (JSON paths such as "values.customerPhone"). */
export class FormRejected extends Error {
  constructor(public fields: Record<string, string>) {
    super("form rejected");
  }
}

/** FormRateLimited is a 429 answer: the client may post again after retryAfter seconds. */
export class FormRateLimited extends Error {
  constructor(public retryAfter: number, public serverMessage: string) {
    super("form rate limited");
  }
  /** minutes is the wait in whole minutes (at least 1), for the visitor's message. */
  get minutes(): number {
    return Math.max(1, Math.ceil(this.retryAfter / 60));
  }
}

/** Attempts and the pause between them (spec: 3 times, 1 s apart). */
export const FORM_ATTEMPTS = 3;
export const FORM_RETRY_MS = 1000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Ticket is the server's signed form ticket (times in Unix milliseconds). */
export interface Ticket {
  ticket: string;
  notBefore: number;
  expiresAt: number;
}

const TICKET_ERRORS = new Set(["ticketMissing", "ticketInvalid", "ticketExpired", "ticketUsed", "tooFast"]);
/** The most a post waits for a ticket's minimum fill time. */
const MAX_WAIT_MS = 30_000;

async function fetchTicket(): Promise<{ t: Ticket; readyAt: number; staleAt: number }> {
  const t = await json<Ticket>("/api/forms/ticket");
  const now = Date.now();
  // Relative to this browser's clock: the wait the server asked for, and
  // the ticket's life less a margin.
  const wait = Math.min(Math.max(0, t.notBefore - now), MAX_WAIT_MS);
  return { t, readyAt: now + wait, staleAt: now + Math.max(0, t.expiresAt - now - 60_000) };
}

/**
 * FormTicket holds one form's ticket: prefetch() when the form mounts,
 * get() when it posts (waits for the minimum fill time when the visitor
 * was quicker), renew() after a submission (a ticket is good for one).
 */
export class FormTicket {
  private current: ReturnType<typeof fetchTicket> | null = null;

  prefetch(): void {
    if (!this.current) this.renew();
  }

  renew(): void {
    const p = fetchTicket();
    p.catch(() => undefined);
    this.current = p;
  }

  async get(): Promise<string> {
    if (!this.current) this.renew();
    let v = await this.current!.catch(() => null);
    if (!v || Date.now() >= v.staleAt) {
      this.renew();
      v = await this.current!;
    }
    const wait = v.readyAt - Date.now();
    if (wait > 0) await sleep(wait);
    return v.t.ticket;
  }
}

/** useFormTicket gives a form its ticket, fetched after mount (never during render). */
export function useFormTicket(): FormTicket {
  const ref = useRef<FormTicket | null>(null);
  if (!ref.current) ref.current = new FormTicket();
  useEffect(() => {
    ref.current!.prefetch();
  }, []);
  return ref.current;
}

export interface PostOptions {
  /** The endpoint: /api/forms/comhub (default) or /api/jotform. */
  url?: string;
  /** The form's ticket; without one a ticket is fetched (and waited for) now. */
  ticket?: FormTicket;
  /** The honeypot's value, "" for people. */
  website?: string;
  retryMs?: number;
}

/**
 * postForm posts a submission with its ticket and honeypot. Network
 * failures and 5xx answers are retried up to FORM_ATTEMPTS times retryMs
 * apart with the same body (the server stores a formSubmissionId once); a
 * ticket the server refuses is replaced and the post sent once more,
 * silently. A 400 with fields throws FormRejected, a 429 FormRateLimited
 * (never retried). It returns the answer's JSON body (or null).
 */
export async function postForm(body: { formSubmissionId: string; [k: string]: unknown }, opts: number | PostOptions = {}): Promise<unknown> {
  const o: PostOptions = typeof opts === "number" ? { retryMs: opts } : opts;
  const retryMs = o.retryMs ?? FORM_RETRY_MS;
  const ticket = o.ticket ?? new FormTicket();
  let ticketRetried = false;
  let last: unknown;
  for (let attempt = 1; attempt <= FORM_ATTEMPTS; attempt++) {
    try {
      const sent = { ...body, ticket: await ticket.get(), website: o.website ?? "" };
      const res = await fetch(o.url ?? "/api/forms/comhub", { method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json" }, credentials: "same-origin", body: JSON.stringify(sent) });
      if (res.ok) {
        const answer = await res.json().catch(() => null);
        ticket.renew();
        return answer;
      }
      if (res.status === 429) {
        const answer = (await res.json().catch(() => ({}))) as { error?: { message?: string } };
        const after = Number(res.headers.get("Retry-After"));
        throw new FormRateLimited(Number.isFinite(after) && after > 0 ? after : 600, answer.error?.message ?? "");
      }
      if (res.status === 400) {
        const answer = (await res.json().catch(() => ({}))) as { error?: { fields?: Record<string, string> } };
        const fields = answer.error?.fields ?? {};
        if (fields.ticket && TICKET_ERRORS.has(fields.ticket) && !ticketRetried) {
          ticketRetried = true;
          ticket.renew();
          attempt--;
          continue;
        }
        throw new FormRejected(fields);
      }
      if (res.status < 500) throw new FormRejected({});
      last = new Error(`form post: ${res.status}`);
    } catch (err) {
      if (err instanceof FormRejected || err instanceof FormRateLimited) throw err;
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

/**
 * fieldErrors maps a FormRejected's JSON paths to the form's field names,
 * dropping prefix ("values." or "answers."); fields not in known are left out.
 */
export function fieldErrors(err: FormRejected, prefix: string, known: readonly string[]): string[] {
  const out: string[] = [];
  for (const k of Object.keys(err.fields)) {
    const f = k.startsWith(prefix) ? k.slice(prefix.length) : k;
    if (known.includes(f) && !out.includes(f)) out.push(f);
  }
  return out;
}
