import { LOCALES } from "../../../i18n/locales";
import { emailField, nullableText, PERSON_LIMITS, requiredText } from "../../forms/schema";
import { FINISH_KEY } from "../../products/finish-key";
import { SpamVerdictSchema } from "../../spam/server/verdict";
import {
  ENQUIRY_KINDS,
  ENQUIRY_STATUSES,
  type EnquiryKind,
  type EnquiryStatus,
  NOTE_MAX_LENGTH,
  REPLY_MAX_LENGTH,
  STATUS_LIST,
} from "../api-contract";

export { ENQUIRY_KINDS, ENQUIRY_STATUSES, type EnquiryKind, type EnquiryStatus, NOTE_MAX_LENGTH, REPLY_MAX_LENGTH };

import * as z from "../../../lib/zod-mini";

/**
 * Enquiries as the inbox stores them and the admin API reads and changes them. Only the functions use
 * these schemas; the admin page imports their types alone, so no public page ships them.
 */

/** One finish as a stored request keeps it: its key, and the names a person reads. */
export const RequestedFinishSchema = z.strictObject({
  key: z.string().check(z.regex(FINISH_KEY)),
  product: z.string(),
  name: z.string(),
});
export type RequestedFinish = z.infer<typeof RequestedFinishSchema>;

export const StoredAddressSchema = z.strictObject({
  street: z.string(),
  postal_code: z.string(),
  city: z.string(),
  country: z.string(),
});

/** A reply staff sent from the inbox, kept with its enquiry: who sent it, when, and its text. */
export const StoredReplySchema = z.strictObject({
  id: z.uuid(),
  at: z.iso.datetime(),
  /** The admin's email address (their account id when the account has none). */
  by: z.string(),
  message: z.string(),
});
export type StoredReply = z.infer<typeof StoredReplySchema>;

/**
 * A stored contact submission. The contact form stores the visitor's fields only; `status`, `note` and
 * `updated_at` are written once an admin changes the enquiry, and a record without them reads as
 * status "new", no note, and `updated_at` equal to `created_at`.
 */
export const EnquirySchema = z.strictObject({
  /** Absent on contact messages (every record before sample requests existed is one). */
  kind: z.optional(z.enum(ENQUIRY_KINDS)),
  id: z.uuid(),
  created_at: z.iso.datetime(),
  name: z.string(),
  email: z.string(),
  phone: z.nullable(z.string()),
  company: z.nullable(z.string()),
  /** The visitor's message; empty on a sample request, which has none. */
  message: z.string(),
  /** The language of the page the visitor wrote from; absent on records from before the site had languages (English). */
  language: z.optional(z.enum(LOCALES)),
  /** A sample request's delivery address and finishes. */
  address: z.optional(StoredAddressSchema),
  finishes: z.optional(z.array(RequestedFinishSchema)),
  status: z.optional(z.enum(ENQUIRY_STATUSES)),
  note: z.optional(z.nullable(z.string().check(z.maxLength(NOTE_MAX_LENGTH)))),
  updated_at: z.optional(z.iso.datetime()),
  /** Why the spam defence filed it as spam (kept after "Not spam", so staff see what misled it). */
  spam: z.optional(SpamVerdictSchema),
  /** Filed as spam on arrival, so its notification mail has not been sent: "Not spam" sends it, once. */
  withheld: z.optional(z.literal(true)),
  /** The replies sent from the inbox, oldest first. */
  replies: z.optional(z.array(StoredReplySchema)),
});
export type Enquiry = z.infer<typeof EnquirySchema>;

/** One enquiry as the admin API answers it: every field present, and whether its notification went out. */
const { withheld: _withheld, ...storedShape } = EnquirySchema.shape;
export const ListedEnquirySchema = z.strictObject({
  ...storedShape,
  kind: z.enum(ENQUIRY_KINDS),
  language: z.enum(LOCALES),
  address: z.nullable(StoredAddressSchema),
  finishes: z.array(RequestedFinishSchema),
  status: z.enum(ENQUIRY_STATUSES),
  note: z.nullable(z.string().check(z.maxLength(NOTE_MAX_LENGTH))),
  updated_at: z.iso.datetime(),
  /** The spam defence's reasons when it filed the enquiry as spam; null otherwise. */
  spam: z.nullable(SpamVerdictSchema),
  /** False while the notification mail about it has not gone out (withheld while it is spam). */
  notified: z.boolean(),
  replies: z.array(StoredReplySchema),
});
export type ListedEnquiry = z.infer<typeof ListedEnquirySchema>;

const STATUS_MESSAGE = `Status must be ${STATUS_LIST}`;
const NOTE_MESSAGE = `Note must be at most ${NOTE_MAX_LENGTH} characters`;

/**
 * The body of a change to one enquiry: a status, a note, or both. The note is cleaned like the form's
 * fields; an empty note (after cleaning) or null clears it.
 */
export const EnquiryPatchSchema = z
  .strictObject({
    status: z.optional(z.enum(ENQUIRY_STATUSES, { error: STATUS_MESSAGE })),
    note: z.optional(nullableText(NOTE_MAX_LENGTH, "Note must be text or null", NOTE_MESSAGE)),
  })
  .check(
    z.refine((body) => body.status !== undefined || body.note !== undefined, { error: "Send a status or a note" }),
  );
export type EnquiryPatch = z.output<typeof EnquiryPatchSchema>;

const REPLY_REQUIRED = "Write a reply";
const REPLY_TOO_LONG = `A reply must be at most ${REPLY_MAX_LENGTH} characters`;

/** The body of a reply from the inbox: its text, cleaned like the form's fields, not empty. */
export const ReplyRequestSchema = z.strictObject({
  message: requiredText(REPLY_MAX_LENGTH, REPLY_REQUIRED, REPLY_TOO_LONG),
});

/** The body of an erasure request: the address whose enquiries are all deleted. */
export const EraseRequestSchema = z.strictObject({
  email: emailField(
    PERSON_LIMITS.email,
    "Invalid email address",
    `Email must be less than ${PERSON_LIMITS.email} characters`,
  ),
});
