// Replies sent from the inbox, end to end: a Finnish enquiry posted through the contact handler (with
// its confirmation), then answered through the admin API, against the real local Blobs server, the
// Auth emulator and the real mail catcher; each mail read back raw and parsed with mailparser.
import { type ParsedMail, simpleParser } from "mailparser";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { notifyConfig } from "../../netlify/lib/mail/config";
import type { BlobStore } from "../../netlify/lib/storage";
import { authEmulatorHost, demoProjectId } from "../../scripts/lib/demo-accounts.mjs";
import { freePort } from "../../scripts/lib/mail-catcher.mjs";
import { emulatorTokenVerifier } from "../../src/features/auth/server/tokens";
import { createContactHandler } from "../../src/features/contact/server/handler";
import { enquiryReference } from "../../src/features/forms/reference";
import type { ListedEnquiry } from "../../src/features/inbox/server/enquiry-schema";
import { createSubmissionsHandler } from "../../src/features/inbox/server/handler";
import { createNotifier } from "../../src/features/inbox/server/notify/notifier";
import { listOutboxKeys } from "../../src/features/inbox/server/notify/outbox";
import { dictionary } from "../../src/i18n/dictionary";
import { startBlobs } from "../support/blobs";
import { parseCsv } from "../support/csv";
import { emulatorSignIn } from "../support/emulator-sign-in";
import { waitForMails } from "../support/mail";

const SITE = "https://aural.example";
const API = `${SITE}/api/contact-submissions`;
const catcher = inject("mailCatcher");

let blobs: Awaited<ReturnType<typeof startBlobs>>;
let adminToken = "";
let userToken = "";
let run = 0;
let stores: { submissions: BlobStore; rateLimits: BlobStore; outbox: BlobStore; index: BlobStore; audit: BlobStore };
let staff: string;
let visitor: string;
let clock = Date.parse("2026-11-27T10:00:00Z");
const now = () => (clock += 1000);

beforeAll(async () => {
  blobs = await startBlobs();
  adminToken = (await emulatorSignIn("admin@example.com", "admin-demo-123")).idToken;
  userToken = (await emulatorSignIn("user@example.com", "user-demo-123")).idToken;
});
afterAll(async () => {
  await blobs.stop();
});
beforeEach(() => {
  run += 1;
  stores = {
    submissions: blobs.store(`reply-submissions-${run}`),
    rateLimits: blobs.store(`reply-rate-${run}`),
    outbox: blobs.store(`reply-outbox-${run}`),
    index: blobs.store(`reply-index-${run}`),
    audit: blobs.store(`reply-audit-${run}`),
  };
  const tag = crypto.randomUUID().slice(0, 8);
  staff = `team-${run}-${tag}@aural.example`;
  visitor = `visitor-${run}-${tag}@example.fi`;
});

const notifier = (smtpUrl = catcher.smtpUrl) =>
  createNotifier({
    outbox: stores.outbox,
    submissions: stores.submissions,
    config: notifyConfig({ SMTP_URL: smtpUrl, NOTIFY_EMAIL_TO: staff, NOTIFY_EMAIL_FROM: "Aural <web@aural.example>" }),
    now,
    log: () => {},
  });

/** A visitor's message with a web address and an address in it: neither may become a link. */
const MESSAGE = "Hei! Katsokaa https://floorplan.example/plan.pdf ja kirjoittakaa minulle: liisa@koti.example";

/** Posts the contact form from the Finnish site and waits for its two mails; the enquiry's id. */
async function enquire(): Promise<string> {
  const later: Promise<unknown>[] = [];
  const handle = createContactHandler({
    submissions: stores.submissions,
    index: stores.index,
    rateLimits: stores.rateLimits,
    salt: "test-salt",
    notifier: notifier(),
    confirmVisitors: true,
    log: () => {},
  });
  const response = await handle(
    new Request(`${SITE}/api/submit-contact-form`, {
      method: "POST",
      body: JSON.stringify({ name: "Liisa", email: visitor, company: "", phone: "", message: MESSAGE, language: "fi" }),
      headers: { "content-type": "application/json" },
    }),
    { ip: `203.0.113.${run}`, waitUntil: (promise) => later.push(promise) },
  );
  await Promise.all(later);
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

function inbox(mails = notifier()) {
  const handle = createSubmissionsHandler({
    ...stores,
    verify: emulatorTokenVerifier({ host: authEmulatorHost, projectId: demoProjectId }),
    notifier: mails,
    now,
    log: () => {},
  });
  return (method: string, path: string, body?: unknown, token = adminToken) =>
    handle(
      new Request(`${API}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          origin: SITE,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
}

async function parsed(address: string, count: number): Promise<ParsedMail[]> {
  const mails = await waitForMails(address, count);
  return Promise.all(
    mails.map(async (mail) => simpleParser(await (await fetch(`${catcher.api}/api/email/${mail.id}/source`)).text())),
  );
}

const listed = async (call: ReturnType<typeof inbox>, id: string) => {
  const { submissions } = (await (await call("GET", "")).json()) as { submissions: ListedEnquiry[] };
  return submissions.find((item) => item.id === id);
};

describe("replies from the inbox", () => {
  it("reach the visitor threaded with the confirmation, set replied, and show in the enquiry, the audit log and the export", async () => {
    const id = await enquire();
    const call = inbox();
    const answer = "Hei Liisa,\n\nkiitos viestistä. Lähetämme näytteet huomenna.\n\nTerveisin, Kati";
    const response = await call("POST", `/${id}/reply`, { message: answer });
    expect(response.status).toBe(201);
    const reply = (await response.json()) as Record<string, unknown>;
    expect(reply).toMatchObject({ by: "admin@example.com", message: answer, delivery: "sent" });
    expect(reply["id"]).toMatch(/^[0-9a-f-]{36}$/);

    const mails = await parsed(visitor, 2);
    const confirmation = mails.find((m) => !m.subject?.startsWith("Re:"));
    const mail = mails.find((m) => m.subject?.startsWith("Re:"));
    if (!mail || !confirmation) throw new Error("the confirmation and the reply did not both arrive");
    const reference = enquiryReference(id);
    expect(mail.subject).toBe(`Re: ${reference} Hei! Katsokaa https://floorplan.example/plan.pdf…`);
    expect(mail.inReplyTo).toBe(confirmation.messageId);
    expect([mail.references].flat()).toContain(confirmation.messageId);
    expect(mail.from?.value[0]?.address).toBe("web@aural.example");
    expect(mail.replyTo?.value[0]?.address).toBe(staff);
    expect(mail.headers.get("content-language")).toBe("fi");
    expect(mail.headers.get("auto-submitted")).toBeUndefined();
    // The answer first, then the enquiry quoted, introduced in Finnish.
    const date = dictionary("fi").replyMail.wrote.split("{date}")[1] ?? "";
    expect(mail.text).toContain(answer);
    expect(mail.text).toContain(date.trim());
    expect(mail.text).toContain(`> ${MESSAGE}`);
    // The HTML part makes no link of anything the visitor typed, and escapes it.
    const html = String(mail.html);
    expect(html).not.toMatch(/<a\b/i);
    expect(html).not.toContain("https://floorplan.example");
    expect(html).not.toContain("liisa@koti.example");
    expect(html).toContain("floorplan.&#8203;example");
    expect(html).toContain('lang="fi"');

    const item = await listed(call, id);
    expect(item?.status).toBe("replied");
    expect(item?.replies).toEqual([{ id: reply["id"], at: reply["at"], by: "admin@example.com", message: answer }]);
    const { entries } = (await (await call("GET", "/audit")).json()) as { entries: { action: string; id?: string }[] };
    expect(entries.some((entry) => entry.action === "reply" && entry.id === id)).toBe(true);
    const csv = parseCsv(await (await call("GET", "/export.csv")).text());
    const column = csv[0]?.indexOf("replies") ?? -1;
    expect(csv[1]?.[column]).toMatch(/^1, last \d{4}-\d\d-\d\d \d\d:\d\d UTC$/);

    // Erasure takes the reply with the enquiry, and leaves no mail of it waiting.
    expect((await call("POST", "/erase", { email: visitor })).status).toBe(200);
    expect(await listed(call, id)).toBeUndefined();
    expect(await listOutboxKeys(stores.outbox)).toEqual([]);
  });

  it("keeps the contract: 400 for an empty or too long reply, 404 unknown, 409 for spam, 403 without the admin claim", async () => {
    const id = await enquire();
    const call = inbox();
    const refused = async (response: Response, status: number, code: string) => {
      expect(response.status).toBe(status);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe(code);
    };
    await refused(await call("POST", `/${id}/reply`, { message: "  \n " }), 400, "invalid_fields");
    await refused(await call("POST", `/${id}/reply`, { message: "x".repeat(5001) }), 400, "invalid_fields");
    await refused(await call("POST", `/${id}/reply`, {}), 400, "invalid_fields");
    await refused(await call("POST", `/${crypto.randomUUID()}/reply`, { message: "Hei" }), 404, "not_found");
    await refused(await call("POST", "/not-an-id/reply", { message: "Hei" }), 400, "invalid_id");
    await refused(await call("POST", `/${id}/reply`, { message: "Hei" }, userToken), 403, "forbidden");
    expect((await call("GET", `/${id}/reply`)).status).toBe(405);
    expect((await call("PATCH", `/${id}`, { status: "spam" })).status).toBe(200);
    await refused(await call("POST", `/${id}/reply`, { message: "Hei" }), 409, "spam");
    expect((await call("POST", `/${id}/reply`, { message: "x".repeat(5000) })).status).toBe(409);
    // An enquiry erased while the reply was being written: indexed still, its submission gone.
    const erased = await enquire();
    const fresh = inbox();
    expect((await listed(fresh, erased))?.status).toBe("new");
    const { blobs: stored } = await stores.submissions.list();
    const key = stored.map((blob) => blob.key).find((k) => k.endsWith(erased));
    if (!key) throw new Error("the enquiry was not stored");
    await stores.submissions.delete(key);
    await refused(await fresh("POST", `/${erased}/reply`, { message: "Hei" }), 409, "erased");
    // Nothing of a refused reply is kept or waits to be sent.
    expect((await listed(inbox(), id))?.replies ?? []).toEqual([]);
    expect((await listOutboxKeys(stores.outbox)).filter((k) => k.includes("~reply-"))).toEqual([]);
    await waitForMails(visitor, 1);
  });

  it("with mail down: answered 'queued', sent once when mail is back, never twice", async () => {
    const id = await enquire();
    const down = `smtp://127.0.0.1:${await freePort()}`;
    const response = await inbox(notifier(down))("POST", `/${id}/reply`, { message: "Hei, palaamme asiaan." });
    expect(response.status).toBe(201);
    expect(((await response.json()) as { delivery: string }).delivery).toBe("queued");
    const waiting = (await listOutboxKeys(stores.outbox)).filter((key) => key.includes("~reply-"));
    expect(waiting).toHaveLength(1);
    await waitForMails(visitor, 1);

    clock += 10 * 60 * 1000; // past the retry's backoff
    const back = notifier();
    expect((await back.drain()).sent).toBe(1);
    expect((await back.drain()).sent).toBe(0);
    const mails = await parsed(visitor, 2);
    expect(mails.filter((m) => m.subject?.startsWith("Re:"))).toHaveLength(1);
    expect(await listOutboxKeys(stores.outbox)).toEqual([]);
  });
});
