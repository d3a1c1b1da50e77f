// The forms' client rules, the same as the server's (docs/forms.md).
import { z } from "zod";
import { EMAIL_RE } from "../../../components/form-kit/form-kit";
import { isPhone } from "../../../lib/phone";

/** normRegno removes spaces and upper-cases a registration number. */
export const normRegno = (v: string) => v.replace(/\s+/g, "").toUpperCase();

// eslint-disable-next-line no-control-regex
const ONE_LINE = /^[^\u0000-\u001f\u007f]*$/;

export const regno = z.string().transform(normRegno).pipe(z.string().regex(/^[A-Z0-9ÆØÅÄÖ]{2,10}$/));
export const name = z.string().trim().min(1).max(200).regex(ONE_LINE);
/** phone is a number as people write it on the site's country (lib/phone; the server stores E.164). */
export const phone = (country: string) => z.string().trim().refine((v) => isPhone(v, country));
export const email = z.string().trim().max(254).regex(EMAIL_RE);
export const longText = z.string().max(4000);
/** milage: a whole number 0 … 2 000 000 typed as digits (spaces allowed). */
export const milage = z.string().transform((v) => v.replace(/\s+/g, "")).pipe(z.string().regex(/^\d{1,7}$/)).transform(Number).pipe(z.number().int().min(0).max(2_000_000));
export const optionalMilage = z.string().transform((v) => v.replace(/\s+/g, "")).pipe(z.union([z.literal(""), z.string().regex(/^\d{1,7}$/)])).transform((v) => (v === "" ? "" : Number(v))).pipe(z.union([z.literal(""), z.number().int().min(0).max(2_000_000)]));

/** badFields lists the top-level fields a failed parse names. */
export function badFields(issues: { path: PropertyKey[] }[]): string[] {
  const out: string[] = [];
  for (const i of issues) {
    const f = String(i.path[0] ?? "");
    if (f && !out.includes(f)) out.push(f);
  }
  return out;
}
