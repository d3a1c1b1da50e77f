// Form-builder definitions (content/<site>/forms/<id>.yaml, given by the
// FormBuilder loader) and their validation, the same rules as the server's
// (docs/forms.md §2).
import { EMAIL_RE } from "../../../components/form-kit/form-kit";
import { isPhone } from "../../../lib/phone";

export type FieldType = "text" | "email" | "phone" | "number" | "select" | "checkbox" | "textarea" | "date";

export interface FormFieldDef {
  name: string;
  type: FieldType;
  label: string;
  required?: boolean;
  placeholder?: string;
  help?: string;
  pattern?: string;
  maxLength?: number;
  options?: { value: string; label: string }[];
  min?: number | string;
  max?: number | string;
}

export interface FormDefinition {
  id: string;
  title?: string;
  intro?: string;
  submitLabel?: string;
  thankYou?: string;
  errorText?: string;
  fields: FormFieldDef[];
}

export type Answer = string | boolean;
export type Answers = Record<string, Answer>;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const NUMBER = /^-?\d+(\.\d+)?$/;

/** emptyAnswers gives every field its empty value. */
export function emptyAnswers(def: FormDefinition): Answers {
  return Object.fromEntries(def.fields.map((f) => [f.name, f.type === "checkbox" ? false : ""]));
}

/** dateBound resolves a date bound: "today" is today (site time, from the page), else YYYY-MM-DD. */
export function dateBound(v: number | string | undefined, today: string): string | undefined {
  if (v === "today") return today;
  return typeof v === "string" && DATE.test(v) ? v : undefined;
}

function fullMatch(pattern: string, v: string): boolean {
  try {
    return new RegExp(`^(?:${pattern})$`, "u").test(v);
  } catch {
    return true; // the server checks definitions; a pattern the browser cannot read is left to it
  }
}

/**
 * fieldOK reports whether one answer keeps its field's rules. A phone
 * field without its own pattern takes numbers as people write them on the
 * site's country (lib/phone; the server keeps them in E.164).
 */
export function fieldOK(f: FormFieldDef, raw: Answer, today: string, country: string): boolean {
  if (f.type === "checkbox") return raw === true || (raw === false && !f.required);
  const v = String(raw).trim();
  if (v === "") return !f.required;
  if (f.type !== "textarea" && CONTROL.test(v)) return false;
  switch (f.type) {
    case "text":
    case "textarea": {
      const max = f.maxLength ?? (f.type === "text" ? 200 : 4000);
      if ([...v].length > max) return false;
      return !f.pattern || fullMatch(f.pattern, v);
    }
    case "email":
      return v.length <= 254 && EMAIL_RE.test(v);
    case "phone":
      return f.pattern ? fullMatch(f.pattern, v) : isPhone(v, country);
    case "number": {
      if (!NUMBER.test(v)) return false;
      const n = Number(v);
      if (typeof f.min === "number" && n < f.min) return false;
      if (typeof f.max === "number" && n > f.max) return false;
      return Number.isFinite(n);
    }
    case "select":
      return (f.options ?? []).some((o) => o.value === v);
    case "date": {
      if (!DATE.test(v)) return false;
      const lo = dateBound(f.min, today);
      const hi = dateBound(f.max, today);
      return !(lo && v < lo) && !(hi && v > hi);
    }
  }
  return false;
}

/** validate lists the names of the fields whose answers break the rules. */
export function validate(def: FormDefinition, answers: Answers, today: string, country: string): string[] {
  return def.fields.filter((f) => !fieldOK(f, answers[f.name] ?? (f.type === "checkbox" ? false : ""), today, country)).map((f) => f.name);
}

/** toPayload trims the answers and sends numbers as numbers; empty optional answers are left out. */
export function toPayload(def: FormDefinition, answers: Answers): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const f of def.fields) {
    const a = answers[f.name];
    if (f.type === "checkbox") {
      out[f.name] = a === true;
      continue;
    }
    const v = f.type === "textarea" ? String(a ?? "").trim() : String(a ?? "").trim();
    if (v === "") continue;
    out[f.name] = f.type === "number" ? Number(v) : v;
  }
  return out;
}

/** todayIn gives today's date (YYYY-MM-DD) in a time zone; call it in effects only. */
export function todayIn(timeZone: string): string {
  try {
    return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  } catch {
    return new Date().toISOString().slice(0, 10);
  }
}
