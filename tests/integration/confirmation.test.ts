// The visitor's confirmation mail end to end: the contact and samples handlers and the outbox drain
// against the real local Blobs server and the real mail catcher, each mail read back raw and parsed
// with mailparser. Each test mails its own addresses, so test files running at once never mix.
import { type ParsedMail, simpleParser } from "mailparser";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { notifyConfig } from "../../netlify/lib/mail/config";
import type { BlobStore } from "../../netlify/lib/storage";
import { freePort } from "../../scripts/lib/mail-catcher.mjs";
import { createContactHandler } from "../../src/features/contact/server/handler";
import { enquiryReference } from "../../src/features/forms/reference";
import type { Enquiry } from "../../src/features/inbox/server/enquiry-schema";
import { CONFIRMATION_LIMIT } from "../../src/features/inbox/server/intake";
import { createNotifier } from "../../src/features/inbox/server/notify/notifier";
import { listOutboxKeys } from "../../src/features/inbox/server/notify/outbox";
import { dictionary } from "../../src/i18n/dictionary";
import { startBlobs } from "../support/blobs";
import { mailsTo, waitForMails } from "../support/mail";

const SITE = "https://aural.example";
const catcher = inject("mailCatcher");

let blobs: Awaited<ReturnType<typeof startBlobs>>;
let run = 0;
let stores: { submissions: BlobStore; rateLimits: BlobStore; outbox: BlobStore };
let staff: string;
let visitor: string;
let logs: string[];
const log = (message: string) => logs.push(message);

beforeAll(async () => {
  blobs = await startBlobs();
});
afterAll(async () => {
  await blobs.stop();
});
beforeEach(() => {
  run += 1;
  stores = {
    submissions: blobs.store(`confirm-submissions-${run}`),
    rateLimits: blobs.store(`confirm-rate-${run}`),
    outbox: blobs.store(`confirm-outbox-${run}`),
  };
  const tag = crypto.randomUUID().slice(0, 8);
  staff = `team-${run}-${tag}@aural.example`;
  visitor = `visitor-${run}-${tag}@example.fi`;
  logs = [];
});

/** Words a visitor typed: none of them may reach the confirmation. */
const typed = {
  name: "Mallory Example",
  company: "Click Here Ltd",
  message: "Visit https://spam.example/offer now and win <b>money</b>",
};

const notifier = (smtpUrl = catcher.smtpUrl) =>
  createNotifier({
    ...stores,
    config: notifyConfig({ SMTP_URL: smtpUrl, NOTIFY_EMAIL_TO: staff, NOTIFY_EMAIL_FROM: "Aural <web@aural.example>" }),
    log,
  });

function handler(mails: ReturnType<typeof notifier>, spam = false) {
  return createContactHandler({
    submissions: stores.submissions,
    rateLimits: stores.rateLimits,
    salt: "test-salt",
    notifier: mails,
    confirmVisitors: true,
    ...(spam
      ? {
          screen: async (submission: Enquiry) => ({
            ...submission,
            status: "spam" as const,
            spam: { score: 9, reasons: [] },
            withheld: true as const,
          }),
        }
      : {}),
    log,
  });
}

/** Posts the contact form from the Finnish site; resolves once the work after the answer is done. */
async function post(handle: ReturnType<typeof handler>, ip = "203.0.113.9") {
  const later: Promise<unknown>[] = [];
  const response = await handle(
    new Request(`${SITE}/api/submit-contact-form`, {
      method: "POST",
      body: JSON.stringify({ ...typed, email: visitor, phone: "", website: "", language: "fi" }),
      headers: { "content-type": "application/json" },
    }),
    { ip, waitUntil: (promise) => later.push(promise) },
  );
  await Promise.all(later);
  return response;
}

async function parsed(address: string, count: number): Promise<ParsedMail[]> {
  const mails = await waitForMails(address, count);
  return Promise.all(
    mails.map(async (mail) => simpleParser(await (await fetch(`${catcher.api}/api/email/${mail.id}/source`)).text())),
  );
}

describe("the visitor's confirmation", () => {
  it("a Finnish enquiry: one staff notification and one Finnish confirmation with the answer's reference", async () => {
    const response = await post(handler(notifier()));
    expect(response.status).toBe(201);
    const answer = (await response.json()) as { id: string; reference: string };
    expect(answer.reference).toBe(enquiryReference(answer.id));
    expect(answer.reference).toMatch(/^AA-[0-9A-HJKMNP-TV-Z]{4}$/);

    const [toStaff] = await parsed(staff, 1);
    expect(toStaff?.subject).toContain("Mallory Example");
    const [mail, ...more] = await parsed(visitor, 1);
    expect(more).toHaveLength(0);
    if (!mail) throw new Error("no confirmation");
    const t = dictionary("fi").confirmation;
    expect(mail.subject).toBe(`Olemme vastaanottaneet viestisi (${answer.reference})`);
    expect(mail.headers.get("auto-submitted")).toBe("auto-replied");
    expect(mail.headers.get("content-language")).toBe("fi");
    expect(mail.replyTo?.value.map((box) => box.address)).toEqual([staff]);
    expect(mail.messageId).toMatch(/^<confirmation-[\w-]+@aural\.example>$/);
    expect(mail.text).toContain(answer.reference);
    expect(mail.text).toContain(t.promise);
    expect(mail.html).toContain(`<html lang="fi">`);
    // Nothing the visitor typed, in either part, and so no link made of it.
    for (const part of [mail.text ?? "", mail.html || ""]) {
      for (const words of [typed.name, typed.company, "spam.example", "money", "Mallory"]) {
        expect(part).not.toContain(words);
      }
    }
    expect((mail.html || "").match(/<a\b/g) ?? []).toEqual([]);
    expect(await listOutboxKeys(stores.outbox)).toEqual([]);
  });

  it("sends nothing for an enquiry filed as spam: neither the notification nor the confirmation", async () => {
    const response = await post(handler(notifier(), true));
    expect(response.status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(await mailsTo(visitor)).toEqual([]);
    expect(await mailsTo(staff)).toEqual([]);
    expect(await listOutboxKeys(stores.outbox)).toEqual([]);
  });

  it(`confirms at most once per address per ${CONFIRMATION_LIMIT.windowMs / 60_000} minutes, from any client`, async () => {
    const handle = handler(notifier());
    for (const ip of ["203.0.113.10", "198.51.100.7", "192.0.2.44"]) expect((await post(handle, ip)).status).toBe(201);
    await parsed(staff, 3);
    expect(await parsed(visitor, 1)).toHaveLength(1);
  });

  it("waits in the outbox while mail is down, and the drain sends it once mail is back, never twice", async () => {
    const down = `smtp://127.0.0.1:${await freePort()}`;
    expect((await post(handler(notifier(down)))).status).toBe(201);
    const waiting = await listOutboxKeys(stores.outbox);
    expect(waiting.filter((key) => key.endsWith("~confirmation"))).toHaveLength(1);
    expect(waiting).toHaveLength(2);
    expect(await mailsTo(visitor)).toEqual([]);

    // Mail is back; the entries' next attempt is a minute away, so the drain runs as if it were later.
    const back = createNotifier({
      ...stores,
      config: notifyConfig({
        SMTP_URL: catcher.smtpUrl,
        NOTIFY_EMAIL_TO: staff,
        NOTIFY_EMAIL_FROM: "web@aural.example",
      }),
      now: () => Date.now() + 10 * 60_000,
      log,
    });
    const [first, second] = await Promise.all([back.drain(), back.drain()]);
    expect((first?.sent ?? 0) + (second?.sent ?? 0)).toBe(2);
    expect(await parsed(visitor, 1)).toHaveLength(1);
    expect(await parsed(staff, 1)).toHaveLength(1);
    expect(await listOutboxKeys(stores.outbox)).toEqual([]);
  });
});
