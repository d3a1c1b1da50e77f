import { z } from "zod";
import { badFields, email, longText, name, optionalMilage, phone, regno } from "./rules";

/** ServiceRequestData is the ServiceRequestForm loader's output (docs/forms.md §1c). */
export interface ServiceRequestData {
  dealers: { siteId: string; name: string; city?: string }[];
  motorbikeDealer?: { name: string; city?: string };
  carServices: string[];
  motorbikeServices: string[];
  /** Today in Europe/Oslo (YYYY-MM-DD): the first day the date picker offers. */
  today: string;
  lastDate?: string;
}

export const TYPES = ["car", "motorbike"] as const;
export type VehicleType = (typeof TYPES)[number];

const DATE = /^\d{4}-\d{2}-\d{2}$/;

const schema = (country: string) => z.object({
  typeCar: z.enum(TYPES),
  siteId: z.string(),
  services: z.array(z.string()).max(11),
  desiredDate: z.string().regex(DATE),
  regno,
  customerName: name,
  customerPhone: phone(country),
  customerEmail: email,
  milage: optionalMilage,
  description: longText,
  other: longText,
  gdpr: z.literal(true),
  newsletter: z.boolean(),
});
export type ServiceRequestValues = z.output<ReturnType<typeof schema>>;

/**
 * checkServiceRequest checks the form (on a site of country) against the rules and the loader's
 * lists and dates: every bad field is reported (the list checks run even
 * when other fields are bad).
 */
export function checkServiceRequest(d: ServiceRequestData, input: unknown, country: string): { ok: true; data: ServiceRequestValues } | { ok: false; bad: string[] } {
  const parsed = schema(country).safeParse(input);
  const bad = parsed.success ? [] : badFields(parsed.error.issues);
  const v = input as { typeCar?: string; siteId?: string; services?: string[]; desiredDate?: string };
  if (v.typeCar === "car" && !d.dealers.some((x) => x.siteId === v.siteId)) bad.push("siteId");
  const allowed = v.typeCar === "motorbike" ? d.motorbikeServices : d.carServices;
  if ((v.services ?? []).some((s) => !allowed.includes(s))) bad.push("services");
  const date = v.desiredDate ?? "";
  if (DATE.test(date) && (date < d.today || (d.lastDate && date > d.lastDate))) bad.push("desiredDate");
  const uniq = [...new Set(bad)];
  if (uniq.length || !parsed.success) return { ok: false, bad: uniq };
  return { ok: true, data: parsed.data };
}
export const SERVICE_FIELDS = ["typeCar", "siteId", "services", "desiredDate", "regno", "customerName", "customerPhone", "customerEmail", "milage", "description", "other", "gdpr", "newsletter"] as const;
