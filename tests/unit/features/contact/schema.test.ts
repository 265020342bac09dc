import { describe, expect, it } from "vitest";
import { CONTACT_TOASTS, RESULT_PAGES, toastForResponse } from "../../../../src/features/contact/messages";
import { CONTACT_RATE_LIMIT, ContactSchema, fieldErrors } from "../../../../src/features/contact/schema";

const valid = { name: "Mari", email: "mari@example.ee", message: "Hello", website: "" };

describe("ContactSchema", () => {
  it("trims, and turns missing or empty optional fields into null", () => {
    expect(ContactSchema.parse({ ...valid, name: "  Mari  ", company: "   " })).toEqual({
      name: "Mari",
      email: "mari@example.ee",
      company: null,
      phone: null,
      message: "Hello",
      website: "",
    });
  });

  it.each([
    [{ name: "" }, "name", "Name is required"],
    [{ name: "   " }, "name", "Name is required"],
    [{ name: "n".repeat(101) }, "name", "Name must be less than 100 characters"],
    [{ email: "mari" }, "email", "Invalid email address"],
    [{ email: `${"e".repeat(251)}@x.ee` }, "email", "Email must be less than 255 characters"],
    [{ company: "c".repeat(101) }, "company", "Company name must be less than 100 characters"],
    [{ phone: "1".repeat(21) }, "phone", "Phone number must be less than 20 characters"],
    [{ message: " " }, "message", "Message is required"],
    [{ message: "m".repeat(1001) }, "message", "Message must be less than 1000 characters"],
    [{ website: "spam" }, "website", "Bot detected"],
    [{ name: 42 }, "name", "Name is required"],
    [{ company: 7 }, "company", "Company name must be less than 100 characters"],
  ])("%o -> %s: %s", (change, field, message) => {
    const result = ContactSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error ?? (null as never))).toEqual({ [field]: message });
  });

  it("accepts exactly the limits", () => {
    expect(
      ContactSchema.safeParse({
        ...valid,
        name: "n".repeat(100),
        company: "c".repeat(100),
        phone: "1".repeat(20),
        message: "m".repeat(1000),
      }).success,
    ).toBe(true);
  });

  it("drops unknown fields", () => {
    expect(ContactSchema.parse({ ...valid, admin: true })).not.toHaveProperty("admin");
  });
});

describe("toastForResponse", () => {
  const error = (code: string) => ({ error: { code, message: "English text the client never reads" } });

  it("shows the rate-limit toast for the rate_limited code, whatever the message says", () => {
    expect(toastForResponse(429, error("rate_limited"))).toBe("rateLimited");
    expect(toastForResponse(400, { error: { code: "rate_limited", message: "" } })).toBe("rateLimited");
  });

  it("shows the general error toast for every other code and for answers without a body", () => {
    for (const code of ["invalid_fields", "bot_detected", "storage_unavailable", "payload_too_large"]) {
      expect(toastForResponse(400, error(code))).toBe("error");
    }
    expect(toastForResponse(503, null)).toBe("error");
    expect(toastForResponse(500, { error: "Too many submissions" })).toBe("error");
  });

  it("shows the success toast for 201", () => {
    expect(toastForResponse(201, { id: "x", created_at: "2025-01-01T00:00:00.000Z" })).toBe("success");
  });

  it("states the limit from the one constant the function enforces", () => {
    expect(CONTACT_RATE_LIMIT).toEqual({ limit: 3, windowMs: 3_600_000 });
    expect(CONTACT_TOASTS.rateLimited.description).toBe(
      "Please wait before submitting another message. Limit: 3 submissions per hour.",
    );
  });

  it("has a no-JavaScript result page for every toast", () => {
    expect(Object.keys(RESULT_PAGES).sort()).toEqual(Object.keys(CONTACT_TOASTS).sort());
  });
});
