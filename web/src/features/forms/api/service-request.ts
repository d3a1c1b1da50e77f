import { z } from "zod";
import { email, longText, name, optionalMilage, phone, regno } from "./rules";

/** ServiceRequestData is the ServiceRequestForm loader's output (CONTRACT-forms §1c). */
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

/** serviceRequestSchema checks the form against the loader's lists and dates. */
export function serviceRequestSchema(d: ServiceRequestData) {
  return z.object({
    typeCar: z.enum(TYPES),
    siteId: z.string(),
    services: z.array(z.string()).max(11),
    desiredDate: z.string().regex(DATE),
    regno,
    customerName: name,
    customerPhone: phone,
    customerEmail: email,
    milage: optionalMilage,
    description: longText,
    other: longText,
    gdpr: z.literal(true),
    newsletter: z.boolean(),
  }).superRefine((v, ctx) => {
    if (v.typeCar === "car" && !d.dealers.some((x) => x.siteId === v.siteId)) ctx.addIssue({ code: "custom", path: ["siteId"], message: "dealer" });
    const allowed = v.typeCar === "car" ? d.carServices : d.motorbikeServices;
    if (v.services.some((s) => !allowed.includes(s))) ctx.addIssue({ code: "custom", path: ["services"], message: "service" });
    if (DATE.test(v.desiredDate) && (v.desiredDate < d.today || (d.lastDate && v.desiredDate > d.lastDate))) ctx.addIssue({ code: "custom", path: ["desiredDate"], message: "date" });
  });
}
export const SERVICE_FIELDS = ["typeCar", "siteId", "services", "desiredDate", "regno", "customerName", "customerPhone", "customerEmail", "milage", "description", "other", "gdpr", "newsletter"] as const;
