// The contact form's schema, in a module of its own so that zod is fetched
// when a visitor first submits the form, not with the car detail page.
import { z } from "zod";
import { PHONE_PATTERN } from "./lead";

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
