import { cleanText } from "./clean-text";
import { z } from "./zod";

/**
 * Field builders the site's forms share, so every form cleans and limits its text the same way and
 * words its messages alike. Lengths are counted after cleaning (see cleanText) in code points.
 */

/** Longest accepted name, email, company and phone, the same in every form that asks for them. */
export const PERSON_LIMITS = { name: 100, email: 255, company: 100, phone: 20 } as const;

/** A cleaned text field that must not be empty. */
export const requiredText = (max: number, required: string, tooLong: string) =>
  z.string({ error: required }).transform(cleanText).pipe(z.string().min(1, required).max(max, tooLong));

/** A cleaned optional text field; empty or missing becomes null. */
export const optionalText = (max: number, message: string) =>
  z
    .string({ error: message })
    .transform(cleanText)
    .pipe(z.string().max(max, message))
    .nullish()
    .transform((value) => value || null);

/** A cleaned email address of at most `max` code points. */
export const emailField = (max: number) =>
  z
    .string({ error: "Invalid email address" })
    .transform(cleanText)
    .pipe(z.string().max(max, `Email must be less than ${max} characters`))
    .pipe(z.email("Invalid email address"));

/** Honeypot: hidden from people, so anything in it came from a bot. */
export const honeypot = () => z.string({ error: "Bot detected" }).max(0, "Bot detected").nullish();

/**
 * Field messages from a failed parse, the first message per field. A nested field is named by its
 * dotted path (`address.city`); issues about no field are left out.
 */
export function fieldMessages(error: z.ZodError, known: (path: string) => boolean): Record<string, string> {
  const result: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.filter((part) => typeof part === "string").join(".");
    if (path && known(path) && !(path in result)) result[path] = issue.message;
  }
  return result;
}
