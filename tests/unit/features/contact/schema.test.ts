import { describe, expect, it } from "vitest";
import { RESULT_PAGES } from "../../../../src/features/contact/messages";
import { CONTACT_RATE_LIMIT, contactSchema, fieldErrors } from "../../../../src/features/contact/schema";
import { toastForResponse } from "../../../../src/features/forms/outcome";
import { en } from "../../../../src/i18n/dictionaries/en";
import { et } from "../../../../src/i18n/dictionaries/et";
import { fill } from "../../../../src/i18n/fill";

/** The schema as the function (and an English page) checks with. */
const ContactSchema = contactSchema({ ...en.forms.validation, ...en.contact.form });

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

  it("words its messages in the page's language", () => {
    const estonian = contactSchema({ ...et.forms.validation, ...et.contact.form });
    const result = estonian.safeParse({ ...valid, name: "", email: "nope" });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrors(result.error)).toEqual({
      name: et.forms.validation.nameRequired,
      email: et.forms.validation.emailInvalid,
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

  // Blank-looking characters an outside probe found accepted: Hangul fillers, the blank Braille
  // pattern, the combining grapheme joiner, a variation selector and a Khmer inherent vowel.
  const BLANK_LOOKING = ["\u3164", "\uFFA0", "\u2800", "\u034F", "\uFE0F", "\u17B4"];

  it.each(BLANK_LOOKING.map((char) => [`U+${char.codePointAt(0)?.toString(16).toUpperCase()}`, char]))(
    "reads a name or message of %s alone, or among spaces, as missing",
    (_label, char) => {
      for (const value of [char, ` ${char}${char} `]) {
        const result = ContactSchema.safeParse({ ...valid, name: value, message: value });
        expect(result.success).toBe(false);
        expect(fieldErrors(result.error ?? (null as never))).toEqual({
          name: "Name is required",
          message: "Message is required",
        });
      }
    },
  );

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
    expect(fill(en.contact.toasts.rateLimited.description, { limit: CONTACT_RATE_LIMIT.limit })).toBe(
      "Please wait before submitting another message. Limit: 3 submissions per hour.",
    );
  });

  it("has a no-JavaScript result page for every toast", () => {
    // Every toast but the reference line, which only adds to the success toast.
    const toasts = Object.keys(en.contact.toasts).filter((key) => key !== "reference");
    expect(Object.keys(RESULT_PAGES).sort()).toEqual(toasts.sort());
  });
});

describe("text cleaning and lengths", () => {
  const base = { name: "Mari", email: "mari@example.com", message: "Hello" };
  const parse = (fields: Record<string, unknown>) => ContactSchema.safeParse({ ...base, ...fields });
  const firstMessage = (fields: Record<string, unknown>) => {
    const result = parse(fields);
    return result.success ? null : fieldErrors(result.error);
  };

  it.each([
    ["zero-width spaces", "\u200b\u200b\u200b"],
    ["a byte-order mark and a word joiner", "\ufeff\u2060"],
    ["NUL and other control characters", "\u0000\u0001\u001f\u007f"],
    ["non-breaking and ideographic spaces", "\u00a0\u3000 \t\n"],
  ])("treats a name or message made only of %s as empty", (_label, value) => {
    expect(firstMessage({ name: value })).toEqual({ name: "Name is required" });
    expect(firstMessage({ message: value })).toEqual({ message: "Message is required" });
  });

  it("removes control characters but keeps line breaks and tabs", () => {
    const result = ContactSchema.parse({ ...base, name: "Ma\u0000ri\u0007", message: "Line 1\r\nLine 2\tend\u001b" });
    expect(result.name).toBe("Mari");
    expect(result.message).toBe("Line 1\r\nLine 2\tend");
  });

  it("stores text NFC-normalised and counts combining marks once they are composed", () => {
    const decomposed = "e\u0301".repeat(100); // 200 code units, 100 characters "é"
    const result = ContactSchema.parse({ ...base, name: decomposed });
    expect(result.name).toBe("\u00e9".repeat(100));
    expect(result.name).toHaveLength(100);
    expect(firstMessage({ name: `${decomposed}e\u0301` })).toEqual({ name: "Name must be less than 100 characters" });
  });

  it("counts an emoji as one code point and a joined emoji as its parts", () => {
    expect(parse({ name: "😀".repeat(100) }).success).toBe(true);
    expect(firstMessage({ name: `${"😀".repeat(100)}a` })).toEqual({ name: "Name must be less than 100 characters" });
    const family = "👩\u200d👩\u200d👧"; // 5 code points
    expect(parse({ name: family.repeat(20) }).success).toBe(true);
    expect(parse({ name: `${family.repeat(20)}x` }).success).toBe(false);
  });

  it("keeps zero-width joiners inside emoji and drops invisible characters at the ends", () => {
    const family = "👩\u200d👩\u200d👧";
    expect(ContactSchema.parse({ ...base, name: `\u200b${family} Tamm\u200b` }).name).toBe(`${family} Tamm`);
  });

  it("treats an optional field of invisible characters as not given", () => {
    expect(ContactSchema.parse({ ...base, company: "\u200b\u0000", phone: "\ufeff" })).toMatchObject({
      company: null,
      phone: null,
    });
  });
});
