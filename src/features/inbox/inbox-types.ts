import { countryName } from "../../lib/countries";
import {
  ENQUIRY_KINDS,
  ENQUIRY_STATUSES,
  type EnquiryKind,
  type EnquiryStatus,
  NOTE_MAX_LENGTH,
  REPLY_MAX_LENGTH,
  type UnreadableRecord,
} from "./api-contract";
import type { AuditEntry as StoredAuditEntry } from "./server/audit-log";
import type { ListedEnquiry, StoredReply } from "./server/enquiry-schema";

/**
 * What the admin API answers (under /api/contact-submissions). The listed enquiry and the audit
 * entry come from the server's schemas as types only, and the values from ./api-contract: the admin
 * page reads answers and ships no validator.
 */
export type { ListedEnquiry };
export type Status = EnquiryStatus;
export type Kind = EnquiryKind;

export const STATUSES = ENQUIRY_STATUSES;

/** A message from the contact form, or a request for free samples. */
export const KINDS = ENQUIRY_KINDS;

export { countryName, NOTE_MAX_LENGTH, REPLY_MAX_LENGTH };

/** A reply as POST /<id>/reply answers it: as stored, and whether its mail went out or waits to. */
export type SentReply = StoredReply & { delivery: "sent" | "queued" };

const LANGUAGE_NAMES = new Intl.DisplayNames(["en"], { type: "language" });

/** "Estonian" for "et": the language an enquiry was written from, and so the one to answer in. */
export const languageName = (code: string): string => LANGUAGE_NAMES.of(code) ?? code;

export type Counts = Record<Status, number>;

export type { UnreadableRecord };

export interface ListPage {
  submissions: ListedEnquiry[];
  next_cursor: string | null;
  counts: Counts;
  /** The page's stored enquiries that could not be read, left out of `submissions`. */
  unreadable?: UnreadableRecord[];
}

/** One entry of the audit log: never a visitor's name, address or message. */
export type AuditEntry = StoredAuditEntry;

/** A change an admin makes to one enquiry; a note of "" or null clears it. */
export interface ItemChange {
  status?: Status;
  note?: string | null;
}

export const isStatus = (value: unknown): value is Status =>
  typeof value === "string" && (STATUSES as readonly string[]).includes(value);

export const isKind = (value: unknown): value is Kind =>
  typeof value === "string" && (KINDS as readonly string[]).includes(value);
