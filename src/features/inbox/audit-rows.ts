import { formatEnquiryDate } from "./display";
import type { AuditEntry } from "./inbox-types";
import { isStatus } from "./inbox-types";
import { erasedText, STATUS_LABELS } from "./status";

/** The first block of an enquiry id, enough to tell entries apart in the log. */
export const shortId = (id: string) => id.slice(0, 8);

/** What an audit entry did, in a few words: "Marked Replied", "Erased 3 enquiries by email". */
export function describeAuditEntry(entry: AuditEntry): string {
  switch (entry.action) {
    case "status":
      if (entry.status === "spam") return "Marked as spam";
      if (entry.from === "spam" && isStatus(entry.status)) return `Not spam: moved to ${STATUS_LABELS[entry.status]}`;
      return isStatus(entry.status) ? `Marked ${STATUS_LABELS[entry.status]}` : "Changed the status";
    case "note":
      return "Changed the note";
    case "reply":
      return "Sent a reply";
    case "delete":
      return "Deleted";
    case "erase":
      return `${erasedText(entry.count ?? 0)} by email`;
    case "export":
      // The log does not say which format (.xlsx or CSV): both hold the same rows.
      return entry.count === undefined ? "Downloaded an export" : `Downloaded an export (${entry.count} rows)`;
    default:
      return String((entry as { action: unknown }).action);
  }
}

export interface AuditRow {
  key: string;
  when: string;
  who: string;
  what: string;
  action: AuditEntry["action"];
  /** The enquiry it concerns, if any. */
  id: string | null;
}

/** The audit log as table rows, in the order the API gives (newest first). */
export function auditRows(entries: readonly AuditEntry[], timeZone?: string): AuditRow[] {
  return entries.map((entry, index) => ({
    key: `${entry.at}-${index}`,
    when: formatEnquiryDate(entry.at, timeZone),
    who: entry.admin.email ?? entry.admin.uid,
    what: describeAuditEntry(entry),
    action: entry.action,
    id: entry.id ?? null,
  }));
}
