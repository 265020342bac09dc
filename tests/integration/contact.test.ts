import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { clientKey } from "../../netlify/lib/rate-limit";
import type { BlobStore } from "../../netlify/lib/storage";
import { CONTACT_RATE_LIMIT } from "../../src/features/contact/schema";
import { createContactHandler, MAX_BODY_BYTES } from "../../src/features/contact/server/handler";
import { enquiryReference } from "../../src/features/forms/reference";
import { EnquirySchema } from "../../src/features/inbox/server/enquiry-schema";
import { startBlobs } from "../support/blobs";

const SITE = "https://aural.example";
const valid = {
  name: "  Mari Maasikas ",
  email: "mari@example.ee",
  company: "",
  phone: "+372 5555 0101",
  message: "We need panels for a 40 m² meeting room.",
  website: "",
};

let blobs: Awaited<ReturnType<typeof startBlobs>>;
let run = 0;
let submissions: ReturnType<typeof blobs.store>;
let rateLimits: ReturnType<typeof blobs.store>;

beforeAll(async () => {
  blobs = await startBlobs();
});
afterAll(async () => {
  await blobs.stop();
});
beforeEach(() => {
  // Fresh stores per test, on the same real server.
  run += 1;
  submissions = blobs.store(`submissions-${run}`);
  rateLimits = blobs.store(`rate-${run}`);
});

function handlerWith(options: { now?: () => number; submissionsStore?: BlobStore; rateStore?: BlobStore } = {}) {
  return createContactHandler({
    submissions: options.submissionsStore ?? submissions,
    rateLimits: options.rateStore ?? rateLimits,
    salt: "test-salt",
    ...(options.now ? { now: options.now } : {}),
    log: () => {},
  });
}

const post = (body: BodyInit, headers: Record<string, string> = { "content-type": "application/json" }) =>
  new Request(`${SITE}/api/submit-contact-form`, { method: "POST", body, headers });
const postJson = (body: unknown) => post(JSON.stringify(body));

async function stored() {
  const { blobs: list } = await submissions.list();
  return Promise.all(list.map(async (b) => ({ key: b.key, value: await submissions.get(b.key, { type: "json" }) })));
}

describe("submit-contact-form", () => {
  it("stores a valid submission, trimmed, with empty optional fields as null, and answers 201", async () => {
    const handle = handlerWith({ now: () => Date.parse("2025-01-05T14:30:00Z") });
    const response = await handle(postJson(valid), { ip: "203.0.113.7" });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toEqual({
      id: expect.any(String),
      created_at: "2025-01-05T14:30:00.000Z",
      reference: enquiryReference(body.id),
    });
    const [entry] = await stored();
    expect(EnquirySchema.parse(entry?.value)).toEqual({
      id: body.id,
      created_at: "2025-01-05T14:30:00.000Z",
      name: "Mari Maasikas",
      email: "mari@example.ee",
      company: null,
      phone: "+372 5555 0101",
      message: "We need panels for a 40 m² meeting room.",
      language: "en",
    });
  });

  it("stores the page's language the visitor wrote from, and reads an unknown one as English", async () => {
    const handle = handlerWith();
    expect((await handle(postJson({ ...valid, language: "fi" }), { ip: "203.0.113.71" })).status).toBe(201);
    expect((await handle(postJson({ ...valid, language: "xx" }), { ip: "203.0.113.72" })).status).toBe(201);
    const languages = (await stored()).map((entry) => (entry.value as { language?: string }).language).sort();
    expect(languages).toEqual(["en", "fi"]);
  });

  it("sends a no-JavaScript post to the result page in the language it came from", async () => {
    const form = new URLSearchParams({ ...valid, company: "", language: "sv" }).toString();
    const sent = await handlerWith()(post(form, { "content-type": "application/x-www-form-urlencoded" }), {
      ip: "203.0.113.73",
    });
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toMatch(/^\/sv\/contact\/sent\/AA-[0-9A-Z]{4}$/);
    const refused = await handlerWith()(
      post(new URLSearchParams({ name: "", language: "et" }).toString(), {
        "content-type": "application/x-www-form-urlencoded",
      }),
      { ip: "203.0.113.74" },
    );
    expect(refused.headers.get("location")).toBe("/et/contact/error");
  });

  it("never stores the client's IP address", async () => {
    const ip = "198.51.100.23";
    await handlerWith()(postJson(valid), { ip });
    const everything = JSON.stringify([await stored(), await rateLimits.list()]);
    expect(everything).not.toContain(ip);
    const { blobs: keys } = await rateLimits.list();
    expect(keys.map((k) => k.key)).toEqual([clientKey(ip, "test-salt")]);
  });

  it("keys submissions so that listing returns the newest first", async () => {
    let t = Date.parse("2025-01-01T00:00:00Z");
    const handle = handlerWith({ now: () => (t += 60_000) });
    for (const ip of ["192.0.2.1", "192.0.2.2", "192.0.2.3"]) await handle(postJson(valid), { ip });
    const list = await stored();
    const times = list.map((e) => (e.value as { created_at: string }).created_at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it("accepts a native form post and redirects to the confirmation page", async () => {
    const form = new URLSearchParams({ ...valid });
    const response = await handlerWith()(
      post(form.toString(), { "content-type": "application/x-www-form-urlencoded", accept: "text/html" }),
      { ip: "192.0.2.9" },
    );
    expect(response.status).toBe(303);
    const [entry] = await stored();
    expect(response.headers.get("location")).toBe(
      `/contact/sent/${enquiryReference(String((entry?.value as { id?: string } | undefined)?.id))}`,
    );
  });

  it("redirects a native post that is rejected to the error page", async () => {
    const form = new URLSearchParams({ ...valid, email: "nope" });
    const response = await handlerWith()(
      post(form.toString(), { "content-type": "application/x-www-form-urlencoded" }),
      { ip: "192.0.2.9" },
    );
    expect(response.headers.get("location")).toBe("/contact/error");
    expect(await stored()).toHaveLength(0);
  });

  it.each([
    ["invalid JSON", post("{not json"), "invalid_body", "Invalid JSON"],
    ["a JSON array", postJson([valid]), "invalid_body", "Expected an object with the form fields"],
    ["the honeypot filled in", postJson({ ...valid, website: "https://spam.example" }), "bot_detected", "Bot detected"],
  ])("answers 400 for %s and stores nothing", async (_label, request, code, message) => {
    const response = await handlerWith()(request, { ip: "192.0.2.10" });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toEqual({ code, message });
    expect(await stored()).toHaveLength(0);
  });

  // Blank-looking characters an outside probe found stored as names: Hangul fillers, the blank
  // Braille pattern, the combining grapheme joiner, a variation selector and a Khmer inherent vowel.
  it.each(["3164", "FFA0", "2800", "034F", "FE0F", "17B4"])(
    "answers 400 to a name of U+%s alone and stores nothing",
    async (hex) => {
      const char = String.fromCodePoint(Number.parseInt(hex, 16));
      const response = await handlerWith()(postJson({ ...valid, name: `${char}${char} ${char}` }), {
        ip: "192.0.2.17",
      });
      expect(response.status).toBe(400);
      const { error } = await response.json();
      expect(error.code).toBe("invalid_fields");
      expect(error.fields).toEqual({ name: "Name is required" });
      expect(await stored()).toHaveLength(0);
    },
  );

  it.each([
    ["a name", `{"name":"\\ud800Mari","email":"mari@example.ee","message":"Hello"}`],
    ["a message", `{"name":"Mari","email":"mari@example.ee","message":"Hello \\udfff"}`],
    ["a field's name", `{"name":"Mari","email":"mari@example.ee","message":"Hello","\\ud83d":"x"}`],
  ])("answers 400 invalid_body to a lone surrogate in %s and stores nothing", async (_label, body) => {
    const response = await handlerWith()(post(body), { ip: "192.0.2.18" });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toEqual({ code: "invalid_body", message: "Text must be valid Unicode" });
    expect(await stored()).toHaveLength(0);
  });

  it("answers 400 with the field's own message for each invalid field", async () => {
    const response = await handlerWith()(
      postJson({
        name: " ",
        email: "not-an-email",
        company: "c".repeat(101),
        phone: "1".repeat(21),
        message: "m".repeat(1001),
        website: "",
      }),
      { ip: "192.0.2.11" },
    );
    expect(response.status).toBe(400);
    const { error } = await response.json();
    expect(error.code).toBe("invalid_fields");
    expect(error.fields).toEqual({
      name: "Name is required",
      email: "Invalid email address",
      company: "Company name must be less than 100 characters",
      phone: "Phone number must be less than 20 characters",
      message: "Message must be less than 1000 characters",
    });
  });

  it("answers 405 to other methods, 415 to other content types and 413 to large bodies", async () => {
    const handle = handlerWith();
    const get = await handle(new Request(`${SITE}/api/submit-contact-form`), { ip: "192.0.2.12" });
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    expect((await handle(post("hello", { "content-type": "text/plain" }), { ip: "192.0.2.12" })).status).toBe(415);
    const huge = JSON.stringify({ ...valid, message: "x".repeat(MAX_BODY_BYTES) });
    expect((await handle(post(huge), { ip: "192.0.2.12" })).status).toBe(413);
    // Without a Content-Length the body is still cut off at the limit.
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(huge));
        controller.close();
      },
    });
    const streamed = new Request(`${SITE}/api/submit-contact-form`, {
      method: "POST",
      body: stream,
      headers: { "content-type": "application/json" },
      duplex: "half",
    } as RequestInit);
    expect((await handle(streamed, { ip: "192.0.2.12" })).status).toBe(413);
    expect(await stored()).toHaveLength(0);
  });

  it("reads every body through one bounded reader: an endless chunked form post is cut off with 413", async () => {
    let pulled = 0;
    const endless = new ReadableStream({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new TextEncoder().encode(`message=${"x".repeat(1024)}&`));
      },
    });
    const request = new Request(`${SITE}/api/submit-contact-form`, {
      method: "POST",
      body: endless,
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      duplex: "half",
    } as RequestInit);
    const response = await handlerWith()(request, { ip: "192.0.2.14" });
    expect(response.status).toBe(413);
    expect((await response.json()).error.code).toBe("payload_too_large");
    expect(pulled).toBeLessThan(40);
    expect(await stored()).toHaveLength(0);
  });

  it("refuses multipart form posts with 415: the form posts URL-encoded", async () => {
    const form = new FormData();
    for (const [key, value] of Object.entries(valid)) form.set(key, String(value));
    const response = await handlerWith()(
      new Request(`${SITE}/api/submit-contact-form`, { method: "POST", body: form }),
      {
        ip: "192.0.2.15",
      },
    );
    expect(response.status).toBe(415);
    expect((await response.json()).error.code).toBe("unsupported_media_type");
    expect(await stored()).toHaveLength(0);
  });

  it("sends the security headers with every answer, whatever the status", async () => {
    const handle = handlerWith();
    const answers = [
      await handle(postJson(valid), { ip: "192.0.2.16" }), // 201
      await handle(postJson({ ...valid, email: "x" }), { ip: "192.0.2.16" }), // 400
      await handle(new Request(`${SITE}/api/submit-contact-form`), { ip: "192.0.2.16" }), // 405
      await handle(post("x", { "content-type": "text/plain" }), { ip: "192.0.2.16" }), // 415
      await handle(
        post(new URLSearchParams(valid).toString(), { "content-type": "application/x-www-form-urlencoded" }),
        {
          ip: "192.0.2.16",
        },
      ), // 303
    ];
    expect(answers.map((r) => r.status)).toEqual([201, 400, 405, 415, 303]);
    for (const response of answers) {
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers.get("referrer-policy")).toBe("no-referrer");
      expect(response.headers.get("cache-control")).toBe("no-store");
    }
  });

  it("refuses cross-site posts with 403 and accepts its own origin", async () => {
    const handle = handlerWith();
    const evil = post(JSON.stringify(valid), { "content-type": "application/json", origin: "https://evil.example" });
    expect((await handle(evil, { ip: "192.0.2.13" })).status).toBe(403);
    const own = post(JSON.stringify(valid), { "content-type": "application/json", origin: SITE });
    expect((await handle(own, { ip: "192.0.2.13" })).status).toBe(201);
  });
});

describe("rate limit", () => {
  it("accepts 3 per client per rolling hour, answers 429 with Retry-After, and frees slots as they age", async () => {
    let t = Date.parse("2025-03-01T10:00:00Z");
    const handle = handlerWith({ now: () => t });
    const ip = "203.0.113.50";
    for (const minute of [0, 10, 20]) {
      t = Date.parse("2025-03-01T10:00:00Z") + minute * 60_000;
      expect((await handle(postJson(valid), { ip })).status).toBe(201);
    }
    t = Date.parse("2025-03-01T10:30:00Z");
    const limited = await handle(postJson(valid), { ip });
    expect(limited.status).toBe(429);
    expect((await limited.json()).error).toEqual({
      code: "rate_limited",
      message: `Too many submissions. Limit: ${CONTACT_RATE_LIMIT.limit} submissions per hour.`,
    });
    // The oldest hit (10:00) leaves the window at 11:00: 30 minutes from now.
    expect(limited.headers.get("retry-after")).toBe("1800");

    // Another client is not affected.
    expect((await handle(postJson(valid), { ip: "203.0.113.51" })).status).toBe(201);

    t = Date.parse("2025-03-01T11:00:01Z");
    expect((await handle(postJson(valid), { ip })).status).toBe(201);
    t = Date.parse("2025-03-01T11:00:02Z");
    expect((await handle(postJson(valid), { ip })).status).toBe(429);
    expect(await stored()).toHaveLength(5);
  });

  it("rejected submissions do not use up the limit", async () => {
    const handle = handlerWith();
    const ip = "203.0.113.60";
    for (let i = 0; i < 5; i++) {
      expect((await handle(postJson({ ...valid, email: "bad" }), { ip })).status).toBe(400);
      expect((await handle(postJson({ ...valid, website: "x" }), { ip })).status).toBe(400);
    }
    for (let i = 0; i < 3; i++) expect((await handle(postJson(valid), { ip })).status).toBe(201);
  });

  it("holds under concurrency: 20 simultaneous submissions store exactly 3 and answer 17 with 429", async () => {
    const handle = handlerWith();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        handle(postJson({ ...valid, message: `Request ${i}` }), { ip: "203.0.113.70" }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(17);
    expect(await stored()).toHaveLength(3);
  });
});

describe("storage failures", () => {
  const failing = (store: BlobStore, method: keyof BlobStore): BlobStore =>
    new Proxy(store, {
      get(target, prop, receiver) {
        if (prop === method) return () => Promise.reject(new Error("connection reset"));
        return Reflect.get(target, prop, receiver);
      },
    });

  it("answers 503 when the submission cannot be stored, keeps nothing, and gives the slot back", async () => {
    const ip = "203.0.113.80";
    const broken = handlerWith({ submissionsStore: failing(submissions, "setJSON") });
    for (let i = 0; i < 4; i++) {
      const response = await broken(postJson(valid), { ip });
      expect(response.status).toBe(503);
      expect(JSON.stringify(await response.json())).not.toContain("connection reset");
    }
    expect(await stored()).toHaveLength(0);
    // The failures cost nothing: three submissions are still allowed.
    const working = handlerWith();
    for (let i = 0; i < 3; i++) expect((await working(postJson(valid), { ip })).status).toBe(201);
  });

  it("answers 503 when the rate limit cannot be read, and stores nothing", async () => {
    const response = await handlerWith({ rateStore: failing(rateLimits, "getWithMetadata") })(postJson(valid), {
      ip: "203.0.113.81",
    });
    expect(response.status).toBe(503);
    expect(await stored()).toHaveLength(0);
  });

  it("redirects a native post to the error page when storage is down", async () => {
    const form = new URLSearchParams({ ...valid });
    const response = await handlerWith({ submissionsStore: failing(submissions, "setJSON") })(
      post(form.toString(), { "content-type": "application/x-www-form-urlencoded" }),
      { ip: "203.0.113.82" },
    );
    expect(response.headers.get("location")).toBe("/contact/error");
  });
});
