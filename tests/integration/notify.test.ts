// The notification mail end to end: the contact handler and the outbox drain against the real local
// Blobs server and the real mail catcher (maildev, started by global-setup), read back through its
// REST API. Each test mails its own recipient address, so test files running at once never mix.
import { createServer, type Server, type Socket } from "node:net";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { notifyConfig } from "../../netlify/lib/mail/config";
import type { BlobStore } from "../../netlify/lib/storage";
import { freePort } from "../../scripts/lib/mail-catcher.mjs";
import { createContactHandler } from "../../src/features/contact/server/handler";
import type { Enquiry } from "../../src/features/inbox/server/enquiry-schema";
import { enquiryKey } from "../../src/features/inbox/server/listing";
import { createNotifier } from "../../src/features/inbox/server/notify/notifier";
import {
  claimOutboxEntry,
  LEASE_MS,
  listOutboxKeys,
  readOutboxEntry,
} from "../../src/features/inbox/server/notify/outbox";
import { startBlobs } from "../support/blobs";
import { mailsTo, rawHeaders, waitForMails } from "../support/mail";

const SITE = "https://aural.example";
const FROM = "Aural website <website@aural.example>";
const catcher = inject("mailCatcher");

const valid = {
  name: "Kärt Tamm",
  email: "kart@example.ee",
  company: "Tamm & Poeg <OÜ>",
  phone: "+372 5555 0101",
  message: "We need panels for a 40 m² room.\n<script>alert('x')</script> & more",
  website: "",
};

let blobs: Awaited<ReturnType<typeof startBlobs>>;
let run = 0;
let submissions: BlobStore;
let rateLimits: BlobStore;
let outbox: BlobStore;
let recipient: string;
let logs: string[];
const log = (message: string, error?: unknown) => {
  logs.push(`${message}${error ? ` ${error instanceof Error ? error.message : String(error)}` : ""}`);
};

beforeAll(async () => {
  blobs = await startBlobs();
});
afterAll(async () => {
  await blobs.stop();
});
beforeEach(() => {
  run += 1;
  submissions = blobs.store(`notify-submissions-${run}`);
  rateLimits = blobs.store(`notify-rate-${run}`);
  outbox = blobs.store(`notify-outbox-${run}`);
  recipient = `team-${run}-${crypto.randomUUID().slice(0, 8)}@aural.example`;
  logs = [];
});

const settings = (smtpUrl: string, extra: Record<string, string> = {}) =>
  notifyConfig({ SMTP_URL: smtpUrl, NOTIFY_EMAIL_TO: recipient, NOTIFY_EMAIL_FROM: FROM, SITE_URL: SITE, ...extra });

function notifierWith(options: { smtpUrl?: string; now?: () => number; outboxStore?: BlobStore } = {}) {
  return createNotifier({
    outbox: options.outboxStore ?? outbox,
    submissions,
    config: settings(options.smtpUrl ?? catcher.smtpUrl),
    ...(options.now ? { now: options.now } : {}),
    log,
  });
}

function handlerWith(
  notifier: ReturnType<typeof createNotifier>,
  options: { now?: () => number; submissionsStore?: BlobStore } = {},
) {
  return createContactHandler({
    submissions: options.submissionsStore ?? submissions,
    rateLimits,
    salt: "test-salt",
    notifier,
    ...(options.now ? { now: options.now } : {}),
    log,
  });
}

/** Posts the form; `later` collects what the handler left running after its answer. */
async function post(handle: ReturnType<typeof handlerWith>, body: unknown, withWaitUntil = true) {
  const later: Promise<unknown>[] = [];
  const request = new Request(`${SITE}/api/submit-contact-form`, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json" },
  });
  const response = await handle(request, {
    ip: "203.0.113.5",
    ...(withWaitUntil ? { waitUntil: (promise: Promise<unknown>) => later.push(promise) } : {}),
  });
  return { response, later };
}

async function storedEnquiries(): Promise<{ key: string; value: Enquiry }[]> {
  const { blobs: list } = await submissions.list();
  return Promise.all(list.map(async (b) => ({ key: b.key, value: await submissions.get(b.key, { type: "json" }) })));
}

/** An address where nothing listens: connections are refused at once. */
async function closedSmtpUrl() {
  return `smtp://127.0.0.1:${await freePort()}`;
}

const failing = (store: BlobStore, method: keyof BlobStore, times = Number.POSITIVE_INFINITY): BlobStore => {
  let failures = 0;
  return new Proxy(store, {
    get(target, prop, receiver) {
      if (prop === method && failures < times) {
        return () => {
          failures += 1;
          return Promise.reject(new Error("connection reset"));
        };
      }
      const value = Reflect.get(target, prop, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
};

describe("notification mail", () => {
  it("mails each accepted submission once: every field, escaped HTML, plain text, Reply-To and the admin link", async () => {
    const notifier = notifierWith();
    const { response, later } = await post(handlerWith(notifier), valid);
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect(later).toHaveLength(1);
    await Promise.all(later);

    const [mail, ...more] = await waitForMails(recipient, 1);
    expect(more).toHaveLength(0);
    if (!mail) throw new Error("no mail");
    expect(mail.subject).toBe("New enquiry from Kärt Tamm (Tamm & Poeg <OÜ>)");
    expect(mail.from).toEqual([{ address: "website@aural.example", name: "Aural website" }]);
    expect(mail.to.map((t) => t.address)).toEqual([recipient]);

    const link = `${SITE}/admin/contact-submissions?id=${id}`;
    expect(mail.text).toContain("Kärt Tamm");
    expect(mail.text).toContain("kart@example.ee");
    expect(mail.text).toContain("+372 5555 0101");
    expect(mail.text).toContain("Tamm & Poeg <OÜ>");
    expect(mail.text).toContain("We need panels for a 40 m² room.\n<script>alert('x')</script> & more");
    expect(mail.text).toContain(link);

    expect(mail.html).toContain("Tamm &amp; Poeg &lt;OÜ&gt;");
    expect(mail.html).toContain("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; more");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain(`href="${link}"`);

    const { fields } = await rawHeaders(mail.id);
    const header = (name: string) => fields.filter(([n]) => n === name).map(([, v]) => v);
    expect(header("reply-to")).toHaveLength(1);
    expect(header("reply-to")[0]).toMatch(/<kart@example\.ee>$/);
    expect(header("message-id")).toEqual([`<enquiry-${id}@aural.example>`]);

    // Sent means notified: the entry is gone.
    expect(await listOutboxKeys(outbox)).toEqual([]);
  });

  it("answers 201 without waiting for the mail, even when the SMTP server never answers", async () => {
    const sockets = new Set<Socket>();
    const silent: Server = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const address = silent.address();
    const port = typeof address === "object" && address ? address.port : 0;
    try {
      const { response, later } = await post(handlerWith(notifierWith({ smtpUrl: `smtp://127.0.0.1:${port}` })), valid);
      expect(response.status).toBe(201);
      let settled = false;
      const all = Promise.all(later).then(() => {
        settled = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      // The answer is there while the send still waits for the server's greeting.
      expect(settled).toBe(false);
      expect(sockets.size).toBe(1);
      for (const socket of sockets) socket.destroy();
      await all;
    } finally {
      silent.close();
    }
    expect(await storedEnquiries()).toHaveLength(1);
    const [key] = await listOutboxKeys(outbox);
    expect((await readOutboxEntry(outbox, key as string))?.attempts).toBe(1);
  });

  it("survives an SMTP outage: stored, 201, kept in the outbox, then sent exactly once by the drain", async () => {
    let t = Date.parse("2025-06-01T10:00:00Z");
    const now = () => t;
    const broken = notifierWith({ smtpUrl: await closedSmtpUrl(), now });
    const { response, later } = await post(handlerWith(broken, { now }), valid);
    expect(response.status).toBe(201);
    await Promise.all(later);

    const [stored] = await storedEnquiries();
    expect(stored?.value.name).toBe("Kärt Tamm");
    const key = stored?.key as string;
    expect(await listOutboxKeys(outbox)).toEqual([key]);
    expect(await readOutboxEntry(outbox, key)).toMatchObject({
      id: stored?.value.id,
      attempts: 1,
      last_error: expect.stringContaining("ECONNREFUSED"),
      next_attempt_at: "2025-06-01T10:01:00.000Z",
      lease: null,
      sent_at: null,
    });
    expect(logs.join("\n")).toContain(`notification mail for ${key} not sent (attempt 1`);

    // Not due yet: a drain leaves it alone.
    expect(await broken.drain()).toMatchObject({ queued: 1, waiting: 1, sent: 0, failed: 0 });

    // The server is back; two drains run at once, then another one.
    t += 2 * 60_000;
    const [first, second] = await Promise.all([notifierWith({ now }).drain(), notifierWith({ now }).drain()]);
    expect((first?.sent ?? 0) + (second?.sent ?? 0)).toBe(1);
    expect((first?.failed ?? 0) + (second?.failed ?? 0)).toBe(0);
    expect(await notifierWith({ now }).drain()).toMatchObject({ queued: 0, sent: 0 });

    const mails = await waitForMails(recipient, 1);
    expect(mails).toHaveLength(1);
    expect(await listOutboxKeys(outbox)).toEqual([]);
  });

  it("sends one mail when many drains race over several entries", async () => {
    let t = Date.parse("2025-06-02T10:00:00Z");
    const now = () => t;
    const broken = notifierWith({ smtpUrl: await closedSmtpUrl(), now });
    const handle = handlerWith(broken, { now: () => (t += 1000) });
    for (const ip of ["198.51.100.1", "198.51.100.2", "198.51.100.3"]) {
      const later: Promise<unknown>[] = [];
      const request = new Request(`${SITE}/api/submit-contact-form`, {
        method: "POST",
        body: JSON.stringify(valid),
        headers: { "content-type": "application/json" },
      });
      expect((await handle(request, { ip, waitUntil: (p) => later.push(p) })).status).toBe(201);
      await Promise.all(later);
    }
    expect(await listOutboxKeys(outbox)).toHaveLength(3);
    t += 10 * 60_000;
    const summaries = await Promise.all(Array.from({ length: 4 }, () => notifierWith({ now }).drain()));
    expect(summaries.reduce((sum, s) => sum + s.sent, 0)).toBe(3);
    expect(await waitForMails(recipient, 3)).toHaveLength(3);
    expect(await listOutboxKeys(outbox)).toEqual([]);
  });

  it("keeps a name with a line break out of the headers: no Bcc, one Subject line", async () => {
    const { response, later } = await post(handlerWith(notifierWith()), {
      ...valid,
      name: "Kärt\r\nBcc: evil@example.com",
      company: "Evil\r\nCc: evil@example.com",
    });
    expect(response.status).toBe(201);
    await Promise.all(later);
    const [mail, ...more] = await waitForMails(recipient, 1);
    expect(more).toHaveLength(0);
    if (!mail) throw new Error("no mail");

    expect(mail.subject).toBe("New enquiry from Kärt Bcc: evil@example.com (Evil Cc: evil@example.com)");
    expect(mail.bcc ?? []).toEqual([]);
    expect(mail.cc ?? []).toEqual([]);
    expect(mail.calculatedBcc ?? []).toEqual([]);
    expect(mail.envelope.to.map((t) => t.address)).toEqual([recipient]);
    expect(await mailsTo("evil@example.com")).toEqual([]);

    const { raw, fields } = await rawHeaders(mail.id);
    const names = fields.map(([name]) => name);
    expect(names).not.toContain("bcc");
    expect(names).not.toContain("cc");
    expect(names.filter((n) => n === "subject")).toHaveLength(1);
    const head = raw.slice(0, raw.search(/\r?\n\r?\n/));
    expect(head).not.toMatch(/^(Bcc|Cc):/im);
    // The stored submission keeps what was typed; only the mail's headers are cleaned.
    expect((await storedEnquiries())[0]?.value.name).toBe("Kärt\r\nBcc: evil@example.com");
  });

  it("shows staff the visitor's name as typed: no direction controls, no encoded word decoded", async () => {
    // A right-to-left override makes "fdp.exe" read "exe.pdf"; the encoded words hide a line break
    // and "Bcc: evil@evil.example", and a line break and "Cc: x@evil.example".
    const lookAlike = "=?utf-8?B?DQpCY2M6IGV2aWxAZXZpbC5leGFtcGxl?=";
    const name = `Mari \u202Efdp.exe\u202C ${lookAlike}`;
    const company = "\u2067=?iso-8859-1?Q?=0D=0ACc:_x@evil.example?=\u2069";
    const { response, later } = await post(handlerWith(notifierWith()), { ...valid, name, company });
    expect(response.status).toBe(201);
    await Promise.all(later);
    const [mail, ...more] = await waitForMails(recipient, 1);
    expect(more).toHaveLength(0);
    if (!mail) throw new Error("no mail");

    const { raw, fields } = await rawHeaders(mail.id);
    const head = raw.slice(0, raw.search(/\r?\n\r?\n/));
    expect(head).not.toMatch(/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u);
    expect(head).not.toContain(lookAlike);
    // Every header line is one the site writes: none starts from the visitor's text.
    expect(fields.map(([field]) => field).sort()).toEqual(
      [
        "auto-submitted",
        "content-type",
        "date",
        "from",
        "message-id",
        "mime-version",
        "reply-to",
        "subject",
        "to",
      ].sort(),
    );

    const parsed = await simpleParser(raw);
    const typed = `Mari fdp.exe ${lookAlike}`;
    expect(parsed.subject).toBe(`New enquiry from ${typed} (=?iso-8859-1?Q?=0D=0ACc:_x@evil.example?=)`);
    expect(parsed.replyTo?.value).toEqual([{ name: typed, address: "kart@example.ee" }]);
    expect(parsed.headers.has("bcc")).toBe(false);
    expect(parsed.headers.has("cc")).toBe(false);
    expect(parsed.bcc).toBeUndefined();
    expect(mail.envelope.to.map((t) => t.address)).toEqual([recipient]);
    expect(await mailsTo("evil@evil.example")).toEqual([]);
    // The body keeps what was typed; the HTML part escapes it.
    expect(parsed.text).toContain(name);
  });
});

describe("when notification is not possible", () => {
  it("without SMTP settings: answers 201, keeps the entry, logs why, and the drain keeps it too", async () => {
    const notifier = createNotifier({ outbox, submissions, config: notifyConfig({}), log });
    const { response, later } = await post(handlerWith(notifier), valid);
    expect(response.status).toBe(201);
    await Promise.all(later);
    const [stored] = await storedEnquiries();
    expect(await listOutboxKeys(outbox)).toEqual([stored?.key]);
    expect((await readOutboxEntry(outbox, stored?.key as string))?.attempts).toBe(0);
    expect(logs.join("\n")).toContain("notification mail is not configured (SMTP_URL is not set;");
    expect(await notifier.drain()).toMatchObject({ configured: false, queued: 1, waiting: 1, sent: 0 });
    expect(await listOutboxKeys(outbox)).toHaveLength(1);
  });

  it("when the outbox cannot be written: stores the submission, answers 201, logs, and mails it directly", async () => {
    const notifier = notifierWith({ outboxStore: failing(outbox, "setJSON") });
    // No waitUntil here: the send simply runs on after the answer.
    const { response, later } = await post(handlerWith(notifier), valid, false);
    expect(response.status).toBe(201);
    expect(later).toHaveLength(0);
    expect(await storedEnquiries()).toHaveLength(1);
    expect(await waitForMails(recipient, 1)).toHaveLength(1);
    expect(logs.join("\n")).toContain("could not queue the notification");
    expect(await listOutboxKeys(outbox)).toEqual([]);
  });

  it("when only the first outbox write fails: tries again after storing, so the drain still finds it", async () => {
    const notifier = notifierWith({ smtpUrl: await closedSmtpUrl(), outboxStore: failing(outbox, "setJSON", 1) });
    const { response, later } = await post(handlerWith(notifier), valid);
    expect(response.status).toBe(201);
    await Promise.all(later);
    const [stored] = await storedEnquiries();
    expect(await listOutboxKeys(outbox)).toEqual([stored?.key]);
    expect((await readOutboxEntry(outbox, stored?.key as string))?.attempts).toBe(1);
  });

  it("when the submission cannot be stored: answers 503, removes its entry and mails nothing", async () => {
    const notifier = notifierWith();
    const { response, later } = await post(
      handlerWith(notifier, { submissionsStore: failing(submissions, "setJSON") }),
      valid,
    );
    expect(response.status).toBe(503);
    expect(later).toHaveLength(0);
    expect(await listOutboxKeys(outbox)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await mailsTo(recipient)).toEqual([]);
  });
});

describe("the drain", () => {
  const submission: Enquiry = {
    id: "5d6c7b8a-1f2e-4d3c-9b4a-0123456789ab",
    created_at: "2025-07-01T09:00:00.000Z",
    name: "Mari Maasikas",
    email: "mari@example.ee",
    phone: null,
    company: null,
    message: "Hello",
  };
  const key = enquiryKey(new Date(submission.created_at), submission.id);

  it("removes an entry whose submission does not exist, after a grace period, without a mail", async () => {
    let t = Date.parse(submission.created_at);
    const notifier = notifierWith({ now: () => t });
    expect(await notifier.queue(submission)).toBe(true);
    t += 60_000;
    expect(await notifier.drain()).toMatchObject({ queued: 1, waiting: 1, removed: 0 });
    expect(await listOutboxKeys(outbox)).toEqual([key]);
    t += 20 * 60_000;
    expect(await notifier.drain()).toMatchObject({ queued: 1, removed: 1, sent: 0 });
    expect(await listOutboxKeys(outbox)).toEqual([]);
    expect(await mailsTo(recipient)).toEqual([]);
  });

  it("leaves an entry alone while another sender's lease holds, and sends it once the lease expires", async () => {
    let t = Date.parse(submission.created_at);
    const notifier = notifierWith({ now: () => t });
    await notifier.queue(submission);
    await submissions.setJSON(key, submission);
    // A sender claimed it and was stopped before sending.
    expect((await claimOutboxEntry(outbox, key, { now: t })).state).toBe("claimed");
    t += 60_000;
    expect(await notifier.drain()).toMatchObject({ waiting: 1, sent: 0 });
    t += LEASE_MS;
    expect(await notifier.drain()).toMatchObject({ sent: 1 });
    expect(await waitForMails(recipient, 1)).toHaveLength(1);
    expect(await listOutboxKeys(outbox)).toEqual([]);
  });
});
