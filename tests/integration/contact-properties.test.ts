import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTACT_LIMITS } from "../../src/features/contact/schema";
import { createContactHandler } from "../../src/features/contact/server/handler";
import { EnquirySchema } from "../../src/features/inbox/server/enquiry-schema";
import { startBlobs } from "../support/blobs";

let blobs: Awaited<ReturnType<typeof startBlobs>>;
beforeAll(async () => {
  blobs = await startBlobs();
});
afterAll(async () => {
  await blobs.stop();
});

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 300 }),
  fc.string({ minLength: 900, maxLength: 1200 }),
  fc.constantFrom(
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(1)>',
    "Robert'); DROP TABLE contact_submissions;--",
    "\u0000\u202e\ufeff",
    "   ",
    "a@b.co",
    "{{7*7}}",
  ),
);
const fieldValue = fc.oneof(
  hostileString,
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);
/** Mostly valid submissions with hostile text, so that the storing path is exercised too. */
const plausible = fc.record({
  name: fc.oneof(hostileString, fc.string({ minLength: 1, maxLength: 100 })),
  email: fc
    .tuple(
      fc.stringMatching(/^[a-z0-9._-]{1,20}$/),
      fc.stringMatching(/^[a-z0-9-]{1,20}$/),
      fc.constantFrom("ee", "com", "eu"),
    )
    .map(([local, domain, tld]) => `${local}@${domain}.${tld}`),
  company: fc.option(hostileString),
  phone: fc.option(fc.string({ maxLength: 25 })),
  message: hostileString,
  website: fc.constantFrom("", undefined),
});
const body = fc.oneof(
  plausible,
  fc.record(
    {
      name: fieldValue,
      email: fc.oneof(fc.emailAddress(), fieldValue),
      company: fieldValue,
      phone: fieldValue,
      message: fieldValue,
      website: fc.oneof(fc.constant(""), fieldValue),
      extra: fieldValue,
    },
    { requiredKeys: [] },
  ),
  fc.jsonValue(),
);

describe("submit-contact-form with random and hostile input", () => {
  it("never answers 5xx and only ever stores valid, trimmed submissions", async () => {
    const store = blobs.store("prop-submissions");
    const handle = createContactHandler({
      submissions: store,
      rateLimits: blobs.store("prop-rate"),
      salt: "s",
      log: () => {},
    });
    await fc.assert(
      fc.asyncProperty(body, fc.ipV4(), fc.boolean(), async (payload, ip, asForm) => {
        const request = asForm
          ? new Request("https://aural.example/api/submit-contact-form", {
              method: "POST",
              headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
              body: new URLSearchParams(
                Object.entries(typeof payload === "object" && payload !== null ? payload : { payload }).map(
                  ([k, v]) => [k, typeof v === "string" ? v : (JSON.stringify(v) ?? "")],
                ),
              ).toString(),
            })
          : new Request("https://aural.example/api/submit-contact-form", {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify(payload),
            });
        const response = await handle(request, { ip });
        expect([201, 400, 413, 429]).toContain(response.status);
        const json = await response.json();
        expect(typeof json).toBe("object");
        if (response.status !== 201) expect(typeof json.error.code).toBe("string");
      }),
      { numRuns: 300 },
    );
    const { blobs: keys } = await store.list();
    expect(keys.length).toBeGreaterThan(10);
    for (const { key } of keys) {
      const saved = EnquirySchema.parse(await store.get(key, { type: "json" }));
      expect(saved.name.length).toBeGreaterThan(0);
      expect(saved.name.length).toBeLessThanOrEqual(CONTACT_LIMITS.name);
      expect(saved.message.length).toBeLessThanOrEqual(CONTACT_LIMITS.message);
      expect(saved.name).toBe(saved.name.trim());
      expect(saved.message).toBe(saved.message.trim());
      expect(saved.company === null || saved.company.length <= CONTACT_LIMITS.company).toBe(true);
      expect(saved.phone === null || saved.phone.length <= CONTACT_LIMITS.phone).toBe(true);
      expect(Object.keys(saved).sort()).toEqual([
        "company",
        "created_at",
        "email",
        "id",
        "language",
        "message",
        "name",
        "phone",
      ]);
    }
  }, 120_000);
});
