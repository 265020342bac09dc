import {
  emailField,
  fieldMessages,
  honeypot,
  nullableText,
  optionalText,
  PERSON_LIMITS,
  requiredText,
} from "../../lib/form-schema";
import type { ParseIssues } from "../../lib/zod-mini";
import * as z from "../../lib/zod-mini";
import { RequestedFinishSchema, StoredAddressSchema } from "../samples/schema";

/**
 * Longest accepted value of each field. Lengths are counted after cleaning (see cleanText) in Unicode
 * code points: a letter, accented ones included once normalised, counts 1, and so does an emoji such
 * as 😀; an emoji joined from several (a family) counts each part and joiner. A browser's maxlength
 * counts UTF-16 units, where 😀 is 2, so the form never lets through more than the server accepts.
 */
export const CONTACT_LIMITS = { ...PERSON_LIMITS, message: 1000 } as const;

/** Accepted submissions per client IP within a rolling window: 3 per rolling hour. */
export const CONTACT_RATE_LIMIT = { limit: 3, windowMs: 60 * 60 * 1000 } as const;

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

/** Where an enquiry stands in the admin inbox; a new submission is "new". */
export const SUBMISSION_STATUSES = ["new", "read", "replied", "archived"] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/** Longest internal note an admin can keep on an enquiry, counted like the form's fields. */
export const NOTE_MAX_LENGTH = 1000;

/**
 * A stored contact submission. The contact form stores the visitor's fields only; `status`, `note` and
 * `updated_at` are written once an admin changes the enquiry, and a record without them reads as
 * status "new", no note, and `updated_at` equal to `created_at`.
 */
/** What an inbox entry is: a message from the contact form, or a request for free samples. */
export const SUBMISSION_KINDS = ["contact", "samples"] as const;
export type SubmissionKind = (typeof SUBMISSION_KINDS)[number];

export const SubmissionSchema = z.strictObject({
  /** Absent on contact messages (every record before sample requests existed is one). */
  kind: z.optional(z.enum(SUBMISSION_KINDS)),
  id: z.uuid(),
  created_at: z.iso.datetime(),
  name: z.string(),
  email: z.string(),
  phone: z.nullable(z.string()),
  company: z.nullable(z.string()),
  /** The visitor's message; empty on a sample request, which has none. */
  message: z.string(),
  /** A sample request's delivery address and finishes. */
  address: z.optional(StoredAddressSchema),
  finishes: z.optional(z.array(RequestedFinishSchema)),
  status: z.optional(z.enum(SUBMISSION_STATUSES)),
  note: z.optional(z.nullable(z.string().check(z.maxLength(NOTE_MAX_LENGTH)))),
  updated_at: z.optional(z.iso.datetime()),
});
export type Submission = z.infer<typeof SubmissionSchema>;

/** One enquiry as the admin API answers it: every field present, and whether its notification went out. */
export const SubmissionItemSchema = z.strictObject({
  ...SubmissionSchema.shape,
  kind: z.enum(SUBMISSION_KINDS),
  address: z.nullable(StoredAddressSchema),
  finishes: z.array(RequestedFinishSchema),
  status: z.enum(SUBMISSION_STATUSES),
  note: z.nullable(z.string().check(z.maxLength(NOTE_MAX_LENGTH))),
  updated_at: z.iso.datetime(),
  /** False while the notification mail about it has not gone out. */
  notified: z.boolean(),
});
export type SubmissionItem = z.infer<typeof SubmissionItemSchema>;

const STATUS_MESSAGE = "Status must be new, read, replied or archived";
const NOTE_MESSAGE = `Note must be at most ${NOTE_MAX_LENGTH} characters`;

/**
 * The body of a change to one enquiry: a status, a note, or both. The note is cleaned like the form's
 * fields; an empty note (after cleaning) or null clears it.
 */
export const SubmissionPatchSchema = z
  .strictObject({
    status: z.optional(z.enum(SUBMISSION_STATUSES, { error: STATUS_MESSAGE })),
    note: z.optional(nullableText(NOTE_MAX_LENGTH, "Note must be text or null", NOTE_MESSAGE)),
  })
  .check(
    z.refine((body) => body.status !== undefined || body.note !== undefined, { error: "Send a status or a note" }),
  );
export type SubmissionPatch = z.output<typeof SubmissionPatchSchema>;

/** The body of an erasure request: the address whose enquiries are all deleted. */
export const EraseRequestSchema = z.strictObject({
  email: emailField(CONTACT_LIMITS.email),
});
