import { describe, expect, it } from "vitest";
import { auditRows, describeAuditEntry, shortId } from "../../../../src/features/inbox/audit-rows";
import type { AuditEntry } from "../../../../src/features/inbox/inbox-types";

const admin = { uid: "uid-1", email: "admin@example.com" };
const at = "2025-01-05T12:30:00.000Z";
const id = "0b7c6a52-3f0e-4c1a-9d3e-2a1b4c5d6e7f";

describe("describeAuditEntry", () => {
  it("says what each action did", () => {
    const entries: AuditEntry[] = [
      { at, admin, action: "status", id, status: "replied" },
      // A status this page does not know (a newer server's) still reads sensibly.
      { at, admin, action: "status", id, status: "mystery" } as unknown as AuditEntry,
      { at, admin, action: "note", id },
      { at, admin, action: "delete", id },
      { at, admin, action: "erase", count: 3 },
      { at, admin, action: "erase", count: 1 },
      { at, admin, action: "export", count: 12 },
      { at, admin, action: "export" },
    ];
    expect(entries.map(describeAuditEntry)).toEqual([
      "Marked Replied",
      "Changed the status",
      "Changed the note",
      "Deleted",
      "Erased 3 enquiries by email",
      "Erased 1 enquiry by email",
      "Downloaded an export (12 rows)",
      "Downloaded an export",
    ]);
  });
});

describe("auditRows", () => {
  it("gives when, who, what and the enquiry, in the API's order", () => {
    const rows = auditRows(
      [
        { at, admin, action: "status", id, status: "archived" },
        { at: "2025-01-04T08:00:00.000Z", admin: { uid: "uid-2", email: null }, action: "erase", count: 2 },
      ],
      "UTC",
    );
    expect(rows.map(({ when, who, what, id: rowId, action }) => ({ when, who, what, id: rowId, action }))).toEqual([
      { when: "Jan 05, 2025 12:30", who: "admin@example.com", what: "Marked Archived", id, action: "status" },
      { when: "Jan 04, 2025 08:00", who: "uid-2", what: "Erased 2 enquiries by email", id: null, action: "erase" },
    ]);
    expect(new Set(rows.map((r) => r.key)).size).toBe(2);
  });

  it("shortens an id to its first block", () => {
    expect(shortId(id)).toBe("0b7c6a52");
  });
});
