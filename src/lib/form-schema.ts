import { cleanText } from "./clean-text";
import type { ParseIssues } from "./zod-mini";
import * as z from "./zod-mini";

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
export function emailField(max: number) {
  return z.pipe(
    z.pipe(
      cleanedText("Invalid email address"),
      z.string().check(z.maxLength(max, `Email must be less than ${max} characters`)),
    ),
    z.email("Invalid email address"),
  );
}

/** Honeypot: hidden from people, so anything in it came from a bot. */
// @__NO_SIDE_EFFECTS__
export function honeypot() {
  return z.nullish(z.string({ error: "Bot detected" }).check(z.maxLength(0, "Bot detected")));
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
