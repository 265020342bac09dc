/**
 * What a stored enquiry can be, as both the admin page and the functions need it. Plain values with no
 * imports, so the admin page takes them without any validator; the server's schemas are built on them.
 */

/** Where the admin API answers: the list, and under it the export, the audit log, erasure and each enquiry. */
export const INBOX_API_PATH = "/api/contact-submissions";

/** What an inbox entry is: a message from the contact form, or a request for free samples. */
export const ENQUIRY_KINDS = ["contact", "samples"] as const;
export type EnquiryKind = (typeof ENQUIRY_KINDS)[number];

/**
 * Where an enquiry stands in the admin inbox: a new submission is "new", or "spam" when the spam
 * defence filed it so (see src/features/spam). Spam stays out of every list but its own folder.
 */
export const ENQUIRY_STATUSES = ["new", "read", "replied", "archived", "spam"] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];

/** The statuses' names as the API's messages list them. */
export const STATUS_LIST = "new, read, replied, archived or spam";

/** Longest internal note an admin can keep on an enquiry, counted like the form's fields. */
export const NOTE_MAX_LENGTH = 1000;

/** Longest reply staff can send from the inbox, counted like the form's fields. */
export const REPLY_MAX_LENGTH = 5000;

/** What the audit log records. */
export const AUDIT_ACTIONS = ["status", "note", "reply", "delete", "erase", "export"] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The exports' file names: the UTC day they were made, with the format's extension. */
const exportName = (at: Date | number, extension: string) =>
  `contact-submissions-${new Date(at).toISOString().slice(0, 10)}.${extension}`;
export const csvFileName = (at: Date | number) => exportName(at, "csv");
export const xlsxFileName = (at: Date | number) => exportName(at, "xlsx");

/** The export's header giving how many stored enquiries it left out because they cannot be read. */
export const UNREADABLE_HEADER = "x-unreadable-records";

/** A stored enquiry that cannot be read (empty, cut off, or not shaped as an enquiry), and why. */
export interface UnreadableRecord {
  key: string;
  reason: "empty" | "not JSON" | "not a submission";
}
