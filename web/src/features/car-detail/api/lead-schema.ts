// The contact form's schema, in a module of its own so that zod is fetched
// when a visitor first submits the form, not with the car detail page.
import { z } from "zod";
import { isPhone } from "../../../lib/phone";

/** leadFormSchema is the contact form on a site of country (phone numbers as people write them, lib/phone). */
export const leadFormSchema = (country: string) => z.object({
  name: z.string().trim().min(1).max(200),
  phone: z.string().trim().refine((v) => isPhone(v, country)),
  email: z.string().trim().email(),
  message: z.string().max(4000),
  quote: z.boolean(),
  testDrive: z.boolean(),
  site: z.string(),
});
export type LeadFormValues = z.infer<ReturnType<typeof leadFormSchema>>;
