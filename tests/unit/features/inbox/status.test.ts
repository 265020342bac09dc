import { describe, expect, it } from "vitest";
import { countryName, isKind, isStatus, KINDS, STATUSES } from "../../../../src/features/inbox/inbox-types";
import {
  archiveToggle,
  countsAfter,
  erasedText,
  REPLY_SUBJECT,
  replyMailto,
  SAMPLES_REPLY_SUBJECT,
  STATUS_BADGE,
  STATUS_LABELS,
  statusTabs,
} from "../../../../src/features/inbox/status";

const counts = { new: 2, read: 5, replied: 1, archived: 3, spam: 0 };

describe("statusTabs", () => {
  it("lists All then each status, with counts; All is their sum, spam apart, and Spam comes last", () => {
    expect(statusTabs({ ...counts, spam: 4 })).toEqual([
      { status: null, label: "All", count: 11 },
      { status: "new", label: "New", count: 2 },
      { status: "read", label: "Read", count: 5 },
      { status: "replied", label: "Replied", count: 1 },
      { status: "archived", label: "Archived", count: 3 },
      { status: "spam", label: "Spam", count: 4 },
    ]);
  });

  it("has a label and a badge for every status", () => {
    expect(Object.keys(STATUS_LABELS)).toEqual([...STATUSES]);
    expect(Object.keys(STATUS_BADGE)).toEqual([...STATUSES]);
  });
});

describe("countsAfter", () => {
  it("moves one enquiry from its old status to its new one", () => {
    expect(countsAfter(counts, "new", "read")).toEqual({ ...counts, new: 1, read: 6 });
  });

  it("removes a deleted one", () => {
    expect(countsAfter(counts, "archived", null)).toEqual({ ...counts, archived: 2, spam: 0 });
  });

  it("changes nothing when the status stays, and never goes below zero", () => {
    expect(countsAfter(counts, "read", "read")).toBe(counts);
    expect(countsAfter({ ...counts, new: 0 }, "new", "read").new).toBe(0);
  });
});

describe("archiveToggle", () => {
  it("archives anything not archived, and restores archived ones as read", () => {
    for (const status of ["new", "read", "replied"] as const) {
      expect(archiveToggle(status)).toEqual({ label: "Archive", status: "archived" });
    }
    expect(archiveToggle("archived")).toEqual({ label: "Restore", status: "read" });
  });
});

describe("replyMailto", () => {
  it("addresses the enquirer with the reply subject", () => {
    expect(replyMailto({ email: "kart@example.ee", kind: "contact" })).toBe(
      "mailto:kart@example.ee?subject=Re%3A%20your%20enquiry%20to%20Aural%20Acoustics",
    );
    expect(decodeURIComponent(replyMailto({ email: "a@b.ee", kind: "contact" }).split("subject=")[1] ?? "")).toBe(
      REPLY_SUBJECT,
    );
  });

  it("answers a sample request with a subject of its own", () => {
    expect(replyMailto({ email: "kart@example.ee", kind: "samples" })).toBe(
      "mailto:kart@example.ee?subject=Re%3A%20your%20sample%20request%20to%20Aural%20Acoustics",
    );
    expect(SAMPLES_REPLY_SUBJECT).toBe("Re: your sample request to Aural Acoustics");
  });

  it("encodes characters that would end the address", () => {
    const link = replyMailto({ email: "a?cc=x#y@b.ee", kind: "contact" });
    expect(link.startsWith("mailto:a%3Fcc%3Dx%23y@b.ee?subject=")).toBe(true);
    expect(new URL(link).searchParams.getAll("subject")).toEqual([REPLY_SUBJECT]);
  });
});

describe("erasedText", () => {
  it("counts in words", () => {
    expect([erasedText(0), erasedText(1), erasedText(3)]).toEqual([
      "Erased 0 enquiries",
      "Erased 1 enquiry",
      "Erased 3 enquiries",
    ]);
  });
});

describe("isStatus", () => {
  it("knows the four statuses only", () => {
    expect(STATUSES.every(isStatus)).toBe(true);
    expect([null, "", "New", "deleted", 1].some(isStatus)).toBe(false);
  });
});

describe("isKind", () => {
  it("knows the two kinds only", () => {
    expect(KINDS.every(isKind)).toBe(true);
    expect([null, "", "Samples", "quote", "toString", 1].some(isKind)).toBe(false);
  });
});

describe("countryName", () => {
  it("names a shipping country, and shows an unknown code as it is", () => {
    expect(countryName("FI")).toBe("Finland");
    expect(countryName("EE")).toBe("Estonia");
    expect(countryName("XX")).toBe("XX");
    expect(countryName("constructor")).toBe("constructor");
  });
});
