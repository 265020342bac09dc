import { fill } from "../../i18n/fill";
import type { ParseIssues } from "../../lib/zod-mini";
import * as z from "../../lib/zod-mini";
import {
  FORM_RATE_LIMIT,
  fieldMessages,
  PERSON_LIMITS,
  type PersonMessages,
  personFields,
  requiredText,
} from "../forms/schema";

/**
 * Longest accepted value of each field. Lengths are counted after cleaning (see cleanText) in Unicode
 * code points: a letter, accented ones included once normalised, counts 1, and so does an emoji such
 * as 😀; an emoji joined from several (a family) counts each part and joiner. A browser's maxlength
 * counts UTF-16 units, where 😀 is 2, so the form never lets through more than the server accepts.
 */
export const CONTACT_LIMITS = { ...PERSON_LIMITS, message: 1000 } as const;

/** The contact form's rate limit: the one the public forms share. */
export const CONTACT_RATE_LIMIT = FORM_RATE_LIMIT;

/** The contact form's validation messages, in the visitor's language (src/i18n: forms.validation and contact.form). */
export interface ContactMessages extends PersonMessages {
  messageRequired: string;
  messageTooLong: string;
}

/**
 * The contact form, validated identically in the browser (with the page's language's messages) and
 * in the submit-contact-form function (with the English ones). Each message is shown next to its field.
 */
// @__NO_SIDE_EFFECTS__
export function contactSchema(m: ContactMessages) {
  return z.object({
    ...personFields(m),
    message: requiredText(
      CONTACT_LIMITS.message,
      m.messageRequired,
      fill(m.messageTooLong, { max: CONTACT_LIMITS.message }),
    ),
  });
}

type ContactSchema = ReturnType<typeof contactSchema>;
export type ContactInput = z.input<ContactSchema>;
export type Contact = z.output<ContactSchema>;
export type ContactField = keyof Contact;

const CONTACT_FIELDS = new Set<string>(["name", "email", "company", "phone", "message", "website"]);

/** Field messages from a failed parse, the first message per field. */
export function fieldErrors(error: ParseIssues): Partial<Record<ContactField, string>> {
  return fieldMessages(error, (path) => CONTACT_FIELDS.has(path));
}
