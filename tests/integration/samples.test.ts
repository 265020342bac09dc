// The sample request function against the real local Blobs server, the real mail catcher and the
// real product files: stored as a "samples" submission in the inbox, under the contact form's rate
// limit, listed, searched, exported and erased with the rest.

import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { notifyConfig } from "../../netlify/lib/mail/config";
import type { BlobStore } from "../../netlify/lib/storage";
import { CONTACT_RATE_LIMIT } from "../../src/features/contact/schema";
import { createContactHandler } from "../../src/features/contact/server/handler";
import { enquiryReference } from "../../src/features/forms/reference";
import { toCsv } from "../../src/features/inbox/server/csv";
import { EnquirySchema } from "../../src/features/inbox/server/enquiry-schema";
import { eraseByEmail } from "../../src/features/inbox/server/enquiry-store";
import { readIndex } from "../../src/features/inbox/server/index-store";
import { createNotifier } from "../../src/features/inbox/server/notify/notifier";
import { exportItems, listPage } from "../../src/features/inbox/server/queries";
import { SAMPLE_RESULT_PAGES } from "../../src/features/samples/messages";
import { readCatalogue } from "../../src/features/samples/server/catalogue";
import { createSamplesHandler } from "../../src/features/samples/server/handler";
import { startBlobs } from "../support/blobs";
import { parseCsv } from "../support/csv";
import { waitForMails } from "../support/mail";

const SITE = "https://aural.example";
const valid = {
  name: " Liisa Kask ",
  email: "liisa@example.fi",
  company: "Kask Arkkitehdit Oy",
  phone: "",
  address: { street: "Mannerheimintie 12 B 7", postal_code: "00100", city: "Helsinki", country: "FI" },
  finishes: ["felt-panels/moss", "veneered-panels/walnut-matt"],
  website: "",
};

let blobs: Awaited<ReturnType<typeof startBlobs>>;
let run = 0;
let stores: { submissions: BlobStore; index: BlobStore; rateLimits: BlobStore; outbox: BlobStore };
let recipient: string;

beforeAll(async () => {
  blobs = await startBlobs();
});
afterAll(async () => {
  await blobs.stop();
});
beforeEach(() => {
  run += 1;
  stores = {
    submissions: blobs.store(`samples-submissions-${run}`),
    index: blobs.store(`samples-index-${run}`),
    rateLimits: blobs.store(`samples-rate-${run}`),
    outbox: blobs.store(`samples-outbox-${run}`),
  };
  recipient = `samples-${run}-${crypto.randomUUID().slice(0, 8)}@aural.example`;
});

const deps = () => ({ ...stores, salt: "test-salt", log: () => {} });
const samplesHandler = (extra: Partial<Parameters<typeof createSamplesHandler>[0]> = {}) =>
  createSamplesHandler({ ...deps(), catalogue: () => readCatalogue(), ...extra });

const post = (body: BodyInit, headers: Record<string, string> = { "content-type": "application/json" }) =>
  new Request(`${SITE}/api/request-samples`, { method: "POST", body, headers });
const postJson = (body: unknown) => post(JSON.stringify(body));

describe("request-samples", () => {
  it("stores a valid request as a samples submission with its finishes and address, and answers 201", async () => {
    const handle = samplesHandler({ now: () => Date.parse("2026-11-20T09:15:00Z") });
    const response = await handle(postJson(valid), { ip: "203.0.113.9" });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toEqual({
      id: expect.any(String),
      created_at: "2026-11-20T09:15:00.000Z",
      reference: enquiryReference(body.id),
    });
    const page = await listPage(stores, { kind: "samples", status: null, q: "", cursor: null, limit: 50 });
    expect(page.submissions).toEqual([
      expect.objectContaining({
        kind: "samples",
        id: body.id,
        name: "Liisa Kask",
        company: "Kask Arkkitehdit Oy",
        phone: null,
        message: "",
        address: { street: "Mannerheimintie 12 B 7", postal_code: "00100", city: "Helsinki", country: "FI" },
        finishes: [
          { key: "felt-panels/moss", product: "Felt Panels", name: "Moss" },
          { key: "veneered-panels/walnut-matt", product: "Veneered Panels", name: "Walnut, matt" },
        ],
        status: "new",
      }),
    ]);
    const { blobs: keys } = await stores.submissions.list();
    const record = await stores.submissions.get(keys[0]?.key ?? "", { type: "json" });
    expect(EnquirySchema.safeParse(record).success).toBe(true);
  });

  it("answers 400 with a message per field, nested ones by their dotted path", async () => {
    const handle = samplesHandler();
    const response = await handle(
      postJson({
        ...valid,
        name: "",
        email: "not-an-email",
        address: { street: "", postal_code: "1234567890123", city: "Tallinn", country: "DE" },
        finishes: [],
      }),
      { ip: "203.0.113.10" },
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        code: "invalid_fields",
        message: "Please correct the highlighted fields",
        fields: {
          name: "Name is required",
          email: "Invalid email address",
          "address.street": "Street address is required",
          "address.postal_code": "Postal code must be less than 12 characters",
          "address.country": "Choose a country we send samples to",
          finishes: "Choose between 1 and 4 finishes",
        },
      },
    });
  });

  it("answers 400 invalid_body to a lone surrogate anywhere in the body, nested ones included", async () => {
    const handle = samplesHandler();
    const bodies = [
      JSON.stringify(valid).replace("Helsinki", "\\ud800"),
      JSON.stringify(valid).replace("veneered-panels/walnut-matt", "\\udc00"),
    ];
    for (const body of bodies) {
      const response = await handle(post(body), { ip: "203.0.113.11" });
      expect(response.status).toBe(400);
      expect((await response.json()).error.code).toBe("invalid_body");
    }
    expect((await stores.submissions.list()).blobs).toHaveLength(0);
  });

  it("refuses more than four finishes, a finish twice, an unknown finish and a missing address", async () => {
    const handle = samplesHandler();
    const five = ["felt-panels/moss", "felt-panels/sand", "felt-panels/oat", "felt-panels/rust", "felt-panels/pine"];
    const cases: [unknown, Record<string, string>][] = [
      [{ ...valid, finishes: five }, { finishes: "Choose between 1 and 4 finishes" }],
      [{ ...valid, finishes: ["felt-panels/moss", "felt-panels/moss"] }, { finishes: "Choose each finish once" }],
      [{ ...valid, finishes: ["felt-panels/gold"] }, { finishes: "Unknown finish: felt-panels/gold" }],
      [
        { ...valid, address: undefined },
        {
          "address.street": "Address is required",
          "address.postal_code": "Address is required",
          "address.city": "Address is required",
          "address.country": "Address is required",
        },
      ],
    ];
    for (const [body, fields] of cases) {
      const response = await handle(postJson(body), { ip: "203.0.113.11" });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { fields: unknown } }).error.fields).toEqual(fields);
    }
    expect((await stores.submissions.list()).blobs).toEqual([]);
  });

  it("takes the native form post (flat address fields, one finishes entry per tick) and redirects", async () => {
    const handle = samplesHandler();
    const form = new URLSearchParams({
      name: "Mats Berg",
      email: "mats@example.se",
      street: "Storgatan 1",
      postal_code: "111 22",
      city: "Stockholm",
      country: "SE",
      website: "",
    });
    form.append("finishes", "grooved-panels/ash-white");
    form.append("finishes", "perforated-panels/sage");
    const type = { "content-type": "application/x-www-form-urlencoded" };
    const sent = await handle(post(form.toString(), type), { ip: "203.0.113.12" });
    expect(sent.status).toBe(303);
    form.set("country", "US");
    const refused = await handle(post(form.toString(), type), { ip: "203.0.113.12" });
    expect(refused.headers.get("location")).toBe(SAMPLE_RESULT_PAGES.error.path);
    const [item] = (await listPage(stores, { kind: null, status: null, q: "", cursor: null, limit: 50 })).submissions;
    // The accepted one lands on the sent page that names its reference.
    expect(sent.headers.get("location")).toBe(
      `${SAMPLE_RESULT_PAGES.success.path}/${enquiryReference(item?.id ?? "")}`,
    );
    expect(item?.finishes.map((f) => f.key)).toEqual(["grooved-panels/ash-white", "perforated-panels/sage"]);
  });

  it("treats a filled honeypot as a bot and stores nothing", async () => {
    const response = await samplesHandler()(postJson({ ...valid, website: "spam" }), { ip: "203.0.113.13" });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("bot_detected");
    expect((await stores.submissions.list()).blobs).toEqual([]);
  });

  it("shares the contact form's limit per client IP: 3 in all, whichever form sent them", async () => {
    const ip = "203.0.113.14";
    const contact = createContactHandler(deps());
    const samples = samplesHandler();
    const message = { name: "A", email: "a@example.ee", message: "Hello", website: "" };
    expect((await contact(postJson(message), { ip })).status).toBe(201);
    expect((await samples(postJson(valid), { ip })).status).toBe(201);
    expect((await contact(postJson(message), { ip })).status).toBe(201);
    const refused = await samples(postJson(valid), { ip });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      error: {
        code: "rate_limited",
        message: `Too many submissions. Limit: ${CONTACT_RATE_LIMIT.limit} submissions per hour.`,
      },
    });
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await contact(postJson(message), { ip })).status).toBe(429);
    expect((await samples(postJson(valid), { ip: "203.0.113.15" })).status).toBe(201);
  });

  it("counts a client, not an address: an IPv6 /64 is one client, an IPv4-mapped address is its IPv4 one", async () => {
    const contact = createContactHandler(deps());
    const samples = samplesHandler();
    const message = { name: "A", email: "a@example.ee", message: "Hello", website: "" };
    expect((await contact(postJson(message), { ip: "2001:db8:77:1::a" })).status).toBe(201);
    expect((await samples(postJson(valid), { ip: "2001:DB8:77:1:0:0:0:B" })).status).toBe(201);
    expect((await contact(postJson(message), { ip: "2001:db8:77:1:ffff:ffff:ffff:ffff" })).status).toBe(201);
    expect((await samples(postJson(valid), { ip: "2001:db8:77:1::d" })).status).toBe(429);
    expect((await contact(postJson(message), { ip: "2001:db8:77:2::a" })).status).toBe(201);

    expect((await samples(postJson(valid), { ip: "203.0.113.16" })).status).toBe(201);
    expect((await contact(postJson(message), { ip: "::ffff:203.0.113.16" })).status).toBe(201);
    expect((await samples(postJson(valid), { ip: "::ffff:cb00:7110" })).status).toBe(201);
    expect((await contact(postJson(message), { ip: "203.0.113.16" })).status).toBe(429);
  });

  it("is filtered by kind in the list, counted per kind, searchable by finish and city, exported and erased", async () => {
    const contact = createContactHandler(deps());
    const samples = samplesHandler();
    await contact(postJson({ name: "Liisa Kask", email: "liisa@example.fi", message: "A quote", website: "" }), {
      ip: "198.51.100.1",
    });
    await samples(postJson(valid), { ip: "198.51.100.2" });
    await samples(postJson({ ...valid, email: "other@example.ee", finishes: ["felt-panels/sand"] }), {
      ip: "198.51.100.3",
    });
    const list = (kind: "contact" | "samples" | null, q = "") =>
      listPage(stores, { kind, status: null, q, cursor: null, limit: 50 });
    expect((await list("samples")).submissions.map((s) => s.kind)).toEqual(["samples", "samples"]);
    expect((await list("contact")).submissions.map((s) => s.kind)).toEqual(["contact"]);
    expect((await list("samples")).counts.new).toBe(2);
    expect((await list(null)).counts.new).toBe(3);
    expect((await list(null, "walnut")).submissions.map((s) => s.email)).toEqual(["liisa@example.fi"]);
    expect((await list("samples", "HELSINKI")).submissions).toHaveLength(2);

    const csv = parseCsv(toCsv((await exportItems(stores, { kind: "samples", status: null, q: "" }, () => {})).items));
    expect(csv[0]).toContain("finishes");
    const row = csv.find((cells) => cells.includes("liisa@example.fi")) ?? [];
    const header = csv[0] ?? [];
    const cell = (name: string) => row[header.indexOf(name)];
    expect(cell("kind")).toBe("samples");
    expect(cell("finishes")).toBe(
      "Felt Panels: Moss (felt-panels/moss); Veneered Panels: Walnut, matt (veneered-panels/walnut-matt)",
    );
    expect([cell("street"), cell("postal_code"), cell("city"), cell("country")]).toEqual([
      "Mannerheimintie 12 B 7",
      "00100",
      "Helsinki",
      "FI",
    ]);

    expect(await eraseByEmail(stores, "LIISA@example.fi")).toBe(2);
    expect((await list(null)).submissions.map((s) => s.email)).toEqual(["other@example.ee"]);
    expect((await readIndex(stores.index)).length).toBe(1);
  });

  it("mails the team the finishes and the delivery address, Reply-To the visitor", async () => {
    const config = notifyConfig({
      SMTP_URL: inject("mailCatcher").smtpUrl,
      NOTIFY_EMAIL_TO: recipient,
      NOTIFY_EMAIL_FROM: "Aural website <website@aural.example>",
      SITE_URL: SITE,
    });
    const notifier = createNotifier({ outbox: stores.outbox, submissions: stores.submissions, config, log: () => {} });
    const later: Promise<unknown>[] = [];
    const response = await samplesHandler({ notifier })(postJson(valid), {
      ip: "198.51.100.9",
      waitUntil: (p) => later.push(p),
    });
    expect(response.status).toBe(201);
    await Promise.all(later);
    const [mail] = await waitForMails(recipient, 1);
    expect(mail?.subject).toBe("Sample request from Liisa Kask (Kask Arkkitehdit Oy)");
    expect(mail?.text).toContain("Felt Panels: Moss\nVeneered Panels: Walnut, matt");
    expect(mail?.text).toContain("Mannerheimintie 12 B 7\n00100 Helsinki\nFinland");
    expect(mail?.html).toContain("Kask Arkkitehdit Oy");
  });
});

describe("the finish catalogue", () => {
  it("holds every finish of every product file, keyed product/finish", async () => {
    const catalogue = await readCatalogue();
    expect(catalogue.get("felt-panels/moss")).toEqual({
      key: "felt-panels/moss",
      product: "felt-panels",
      productName: "Felt Panels",
      name: "Moss",
      swatch: "#667a4f",
    });
    expect([...catalogue.keys()].every((key) => /^[a-z-]+\/[a-z0-9-]+$/.test(key))).toBe(true);
    expect(new Set([...catalogue.values()].map((f) => f.product)).size).toBe(5);
  });
});
