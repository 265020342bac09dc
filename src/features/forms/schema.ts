import { fill } from "../../i18n/fill";
import { cleanText } from "../../lib/clean-text";
import type { ParseIssues } from "../../lib/zod-mini";
import * as z from "../../lib/zod-mini";

/**
 * Field builders the site's forms share, so every form cleans and limits its text the same way and
 * words its messages alike. Lengths are counted after cleaning (see cleanText) in code points.
 */

/**
 * Accepted submissions per client IP within a rolling window, counted across the public forms (the
 * contact form and the sample request): 3 per rolling hour.
 */
export const FORM_RATE_LIMIT = { limit: 3, windowMs: 60 * 60 * 1000 } as const;

/** Longest accepted name, email, company and phone, the same in every form that asks for them. */
export const PERSON_LIMITS = { name: 100, email: 255, company: 100, phone: 20 } as const;

/** A string, cleaned. */
// @__NO_SIDE_EFFECTS__
export function cleanedText(error: string) {
  return z.pipe(z.string({ error }), z.transform(cleanText));
}

/** A cleaned text field that must not be empty. */
// @__NO_SIDE_EFFECTS__
export function requiredText(max: number, required: string, tooLong: string) {
  return z.pipe(cleanedText(required), z.string().check(z.minLength(1, required), z.maxLength(max, tooLong)));
}

/** Empty or missing becomes null. */
// @__NO_SIDE_EFFECTS__
function orNull<T extends string | null | undefined>() {
  return z.transform((value: T): string | null => value || null);
}

/** A cleaned optional text field; empty or missing becomes null. */
// @__NO_SIDE_EFFECTS__
export function optionalText(max: number, message: string) {
  return z.pipe(
    z.nullish(z.pipe(cleanedText(message), z.string().check(z.maxLength(max, message)))),
    orNull<string | null | undefined>(),
  );
}

/** A cleaned optional text that may also be sent as null; empty or null becomes null. */
// @__NO_SIDE_EFFECTS__
export function nullableText(max: number, type: string, tooLong: string) {
  return z.pipe(
    z.nullable(z.pipe(cleanedText(type), z.string().check(z.maxLength(max, tooLong)))),
    orNull<string | null>(),
  );
}

/** A cleaned email address of at most `max` code points. */
// @__NO_SIDE_EFFECTS__
export function emailField(max: number, invalid: string, tooLong: string) {
  return z.pipe(z.pipe(cleanedText(invalid), z.string().check(z.maxLength(max, tooLong))), z.email(invalid));
}

/** Honeypot: hidden from people, so anything in it came from a bot. */
// @__NO_SIDE_EFFECTS__
export function honeypot(message: string) {
  return z.nullish(z.string({ error: message }).check(z.maxLength(0, message)));
}

/** The validation messages every form shares, in the visitor's language (see src/i18n). */
export interface PersonMessages {
  nameRequired: string;
  nameTooLong: string;
  emailInvalid: string;
  emailTooLong: string;
  companyTooLong: string;
  phoneTooLong: string;
  bot: string;
}

/** The name, email, company and phone fields and the honeypot, as every form has them. */
// @__NO_SIDE_EFFECTS__
export function personFields(m: PersonMessages) {
  const max = PERSON_LIMITS;
  return {
    name: requiredText(max.name, m.nameRequired, fill(m.nameTooLong, { max: max.name })),
    email: emailField(max.email, m.emailInvalid, fill(m.emailTooLong, { max: max.email })),
    company: optionalText(max.company, fill(m.companyTooLong, { max: max.company })),
    phone: optionalText(max.phone, fill(m.phoneTooLong, { max: max.phone })),
    website: honeypot(m.bot),
  };
}

/**
 * Field messages from a failed parse, the first message per field. A nested field is named by its
 * dotted path (`address.city`); issues about no field are left out.
 */
export function fieldMessages(error: ParseIssues, known: (path: string) => boolean): Record<string, string> {
  const result: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.filter((part) => typeof part === "string").join(".");
    if (path && known(path) && !(path in result)) result[path] = issue.message;
  }
  return result;
}
