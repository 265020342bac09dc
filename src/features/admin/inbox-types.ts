import type { SubmissionItem, SubmissionKind, SubmissionStatus } from "../../../netlify/lib/inbox/submission-schema";

/**
 * What the admin API answers (under /api/contact-submissions). Item and Status come from the shared
 * schema as types only: the admin page reads answers and ships no validator. The few values it needs
 * at run time are repeated here, and a test holds them equal to the schema's.
 */
export type Item = SubmissionItem;
export type Status = SubmissionStatus;
export type Kind = SubmissionKind;

export const STATUSES = ["new", "read", "replied", "archived"] as const satisfies readonly Status[];

/** A message from the contact form, or a request for free samples. */
export const KINDS = ["contact", "samples"] as const satisfies readonly Kind[];

/** The countries samples are sent to, by ISO code (SHIPPING_COUNTRIES of the sample request schema). */
export const COUNTRY_NAMES: Readonly<Record<string, string>> = {
  EE: "Estonia",
  LV: "Latvia",
  LT: "Lithuania",
  FI: "Finland",
  SE: "Sweden",
  NO: "Norway",
  DK: "Denmark",
  IS: "Iceland",
};

/** "Finland" for "FI"; a code the page does not know is shown as it is. */
export const countryName = (code: string): string =>
  (Object.hasOwn(COUNTRY_NAMES, code) && COUNTRY_NAMES[code]) || code;

const LANGUAGE_NAMES = new Intl.DisplayNames(["en"], { type: "language" });

/** "Estonian" for "et": the language an enquiry was written from, and so the one to answer in. */
export const languageName = (code: string): string => LANGUAGE_NAMES.of(code) ?? code;

/** Longest internal note, as the API accepts it (NOTE_MAX_LENGTH of the shared schema). */
export const NOTE_MAX_LENGTH = 1000;

export type Counts = Record<Status, number>;

export interface ListPage {
  submissions: Item[];
  next_cursor: string | null;
  counts: Counts;
}

/** One entry of the audit log: never a visitor's name, address or message. */
export interface AuditEntry {
  at: string;
  admin: { uid: string; email: string | null };
  action: "status" | "note" | "delete" | "erase" | "export";
  id?: string;
  count?: number;
  status?: Status;
}

/** A change an admin makes to one enquiry; a note of "" or null clears it. */
export interface ItemChange {
  status?: Status;
  note?: string | null;
}

export const isStatus = (value: unknown): value is Status =>
  typeof value === "string" && (STATUSES as readonly string[]).includes(value);

export const isKind = (value: unknown): value is Kind =>
  typeof value === "string" && (KINDS as readonly string[]).includes(value);
