import { FORM_RETRY_MS, postForm, type FormTicket, type LeadValues } from "../../../lib/comhub";

/**
 * validateLead checks the contact form's values against the lead schema
 * (zod, loaded on the first submit rather than with the page).
 */
export async function validateLead(values: unknown, country: string) {
  const { leadFormSchema } = await import("./lead-schema");
  return leadFormSchema(country).safeParse(values);
}

export type { LeadValues } from "../../../lib/comhub";

export { FormRejected as LeadRejected, FormRateLimited, useFormTicket, newSubmissionId } from "../../../lib/comhub";

/**
 * submitLead posts the car detail page's lead (POST /api/forms/comhub, see
 * lib/comhub: retried 3 times 1 s apart, a 400 throws LeadRejected).
 */
export async function submitLead(formSubmissionId: string, values: LeadValues, retryMs = FORM_RETRY_MS, ticket?: FormTicket, website = ""): Promise<void> {
  await postForm({ formName: "carDetailContact", formSubmissionId, values }, { retryMs, ticket, website });
}
