import { describe, expect, it } from "vitest";
import { buildDate, EXPIRY_WARNING_DAYS, expiryState, expiryWarnings } from "../../../src/features/documents/expiry";

describe("a document's expiry", () => {
  it("is current without an end, and until 30 days before its last valid day", () => {
    expect(expiryState(undefined, "2026-11-28")).toBe("current");
    expect(expiryState("2026-12-29", "2026-11-28")).toBe("current");
    expect(expiryState("2026-12-28", "2026-11-28")).toBe("expiring");
  });

  it("is expiring on its last valid day, and expired from the day after", () => {
    expect(expiryState("2026-11-28", "2026-11-28")).toBe("expiring");
    expect(expiryState("2026-11-27", "2026-11-28")).toBe("expired");
  });

  it("warns at build for each document expiring within 30 days or expired, naming its file", () => {
    const documents = [
      { id: "fire", data: { title: "Fire report", validUntil: undefined } },
      { id: "m1", data: { title: "M1 label", validUntil: "2026-12-20" } },
      { id: "old", data: { title: "Old EPD", validUntil: "2025-06-30" } },
      { id: "epd", data: { title: "EPD", validUntil: "2029-05-31" } },
    ];
    expect(expiryWarnings(documents, "2026-11-28")).toEqual([
      `content/documents/m1.mdx: “M1 label” expires on 2026-12-20, within ${EXPIRY_WARNING_DAYS} days: upload its successor`,
      "content/documents/old.mdx: “Old EPD” expired on 2025-06-30; the site shows it as expired",
    ]);
  });

  it("is judged on the build's day, which BUILD_DATE can set", () => {
    expect(buildDate({ BUILD_DATE: "2030-01-02" })).toBe("2030-01-02");
    expect(buildDate({ BUILD_DATE: "soon" })).toBe(new Date().toISOString().slice(0, 10));
  });
});
