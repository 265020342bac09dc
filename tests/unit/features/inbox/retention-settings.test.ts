import { describe, expect, it } from "vitest";
import { DEFAULT_RETENTION_MONTHS, retentionMonths } from "../../../../src/features/inbox/retention-settings";

describe("retentionMonths", () => {
  it("keeps enquiries 24 months unless configured", () => {
    expect(DEFAULT_RETENTION_MONTHS).toBe(24);
    expect(retentionMonths(undefined)).toBe(24);
    expect(retentionMonths(" ")).toBe(24);
    expect(retentionMonths("12")).toBe(12);
  });

  it.each(["0", "-3", "1.5", "121", "two"])("refuses %s, naming the variable", (value) => {
    expect(() => retentionMonths(value)).toThrow(/SUBMISSION_RETENTION_MONTHS must be a whole number/);
  });
});
