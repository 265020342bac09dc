import { describe, expect, it } from "vitest";
import { LoginSchema } from "../../../../src/features/auth/schema";
import { formatEnquiryDate, orDash } from "../../../../src/features/inbox/display";

describe("formatEnquiryDate", () => {
  it("reads like 'Jan 05, 2025 14:30'", () => {
    expect(formatEnquiryDate("2025-01-05T14:30:00Z", "UTC")).toBe("Jan 05, 2025 14:30");
    expect(formatEnquiryDate("2025-01-05T12:30:00Z", "Europe/Tallinn")).toBe("Jan 05, 2025 14:30");
    expect(formatEnquiryDate("2025-07-01T00:05:00Z", "UTC")).toBe("Jul 01, 2025 00:05");
  });

  it("shows a dash for a date it cannot read", () => {
    expect(formatEnquiryDate("not a date")).toBe("—");
  });
});

describe("orDash", () => {
  it("shows a dash for empty values", () => {
    expect([orDash(null), orDash(""), orDash("  "), orDash("Acme")]).toEqual(["—", "—", "—", "Acme"]);
  });
});

describe("LoginSchema", () => {
  it("uses the sign-in form's messages", () => {
    const result = LoginSchema.safeParse({ email: "nope", password: "12345" });
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      "Invalid email address",
      "Password must be at least 6 characters",
    ]);
    expect(LoginSchema.safeParse({ email: " a@b.ee ", password: "123456" }).success).toBe(true);
  });
});
