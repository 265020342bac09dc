import {
  emailField,
  FORM_RATE_LIMIT,
  fieldMessages,
  honeypot,
  optionalText,
  PERSON_LIMITS,
  requiredText,
} from "../../lib/form-schema";
import type { ParseIssues } from "../../lib/zod-mini";
import * as z from "../../lib/zod-mini";

/**
 * Longest accepted value of each field. Lengths are counted after cleaning (see cleanText) in Unicode
 * code points: a letter, accented ones included once normalised, counts 1, and so does an emoji such
 * as 😀; an emoji joined from several (a family) counts each part and joiner. A browser's maxlength
 * counts UTF-16 units, where 😀 is 2, so the form never lets through more than the server accepts.
 */
export const CONTACT_LIMITS = { ...PERSON_LIMITS, message: 1000 } as const;

/** The contact form's rate limit: the one the public forms share. */
export const CONTACT_RATE_LIMIT = FORM_RATE_LIMIT;

/**
 * The contact form, validated identically in the browser and in the submit-contact-form function.
 * Each message is shown next to its field.
 */
export const ContactSchema = z.object({
  name: requiredText(CONTACT_LIMITS.name, "Name is required", "Name must be less than 100 characters"),
  email: emailField(CONTACT_LIMITS.email),
  company: optionalText(CONTACT_LIMITS.company, "Company name must be less than 100 characters"),
  phone: optionalText(CONTACT_LIMITS.phone, "Phone number must be less than 20 characters"),
  message: requiredText(CONTACT_LIMITS.message, "Message is required", "Message must be less than 1000 characters"),
  website: honeypot(),
});

export type ContactInput = z.input<typeof ContactSchema>;
export type Contact = z.output<typeof ContactSchema>;
export type ContactField = keyof Contact;

/** Field messages from a failed parse, the first message per field. */
export function fieldErrors(error: ParseIssues): Partial<Record<ContactField, string>> {
  return fieldMessages(error, (path) => path in ContactSchema.shape);
}
