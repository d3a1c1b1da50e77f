// The saved-search API: the sign-up posts through lib/comhub (form ticket,
// honeypot, retries, 400 fields, 429), the token calls are plain JSON posts.
import { z } from "zod";
import { EMAIL_RE } from "../../../components/form-kit/form-kit";
import { postForm, type FormTicket } from "../../../lib/comhub";
import type { Frequency, SavedSearch } from "../types";

/** signupSchema is the dialog's form (the server checks the same). */
export const signupSchema = z.object({
  email: z.string().trim().max(254).regex(EMAIL_RE),
  frequency: z.enum(["daily", "weekly"]),
});
export type SignupInput = z.input<typeof signupSchema>;

/** postSignup saves the list address (path and query string) for the address in input. */
export async function postSignup(input: SignupInput, where: { path: string; query: string; lang: string }, ticket: FormTicket, website: string): Promise<void> {
  const v = signupSchema.parse(input);
  await postForm(
    { formSubmissionId: crypto.randomUUID(), email: v.email, frequency: v.frequency, lang: where.lang, path: where.path, query: where.query },
    { url: "/api/alerts", ticket, website },
  );
}

/** TokenProblem is a refused link: invalid (tampered, wrong kind) or expired; error for anything else. */
export class TokenProblem extends Error {
  constructor(public reason: "invalid" | "expired" | "error") {
    super(`token ${reason}`);
  }
}

async function postToken<T>(url: string, body: Record<string, string>): Promise<T> {
  const res = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json" }, credentials: "same-origin", body: JSON.stringify(body) });
  if (res.ok) return (await res.json()) as T;
  const answer = (await res.json().catch(() => ({}))) as { error?: { fields?: Record<string, string> } };
  const problem = answer.error?.fields?.token;
  if (problem === "tokenExpired") throw new TokenProblem("expired");
  if (problem || res.status === 404) throw new TokenProblem("invalid");
  throw new TokenProblem("error");
}

export interface Managed {
  email: string;
  searches: SavedSearch[];
}

export const confirmSearch = (token: string) => postToken<{ manageToken: string; search: SavedSearch }>("/api/alerts/confirm", { token });
export const unsubscribe = (token: string) => postToken<{ manageToken: string }>("/api/alerts/unsubscribe", { token });
export const listSearches = (token: string) => postToken<Managed>("/api/alerts/manage", { token, action: "list" });
export const setFrequency = (token: string, id: string, frequency: Frequency) => postToken<Managed>("/api/alerts/manage", { token, action: "frequency", id, frequency });
export const deleteSearch = (token: string, id: string) => postToken<Managed>("/api/alerts/manage", { token, action: "delete", id });
