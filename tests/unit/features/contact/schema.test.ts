import { describe, expect, it } from "vitest";
import { ContactSchema, fieldErrors, isRateLimitMessage } from "../../../../src/features/contact/schema";

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

describe("isRateLimitMessage", () => {
  it("follows the error catalogue", () => {
    expect(isRateLimitMessage("Too many submissions. Limit: 3 submissions per hour.")).toBe(true);
    expect(isRateLimitMessage("HTTP 429")).toBe(true);
    expect(isRateLimitMessage("Storage unavailable")).toBe(false);
  });
});
