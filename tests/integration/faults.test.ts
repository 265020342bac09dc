// One test per fault the preview can switch on, against the real parts: the local Blobs server with
// the storage's faults (as openStore takes them), the mail catcher behind the preview's SMTP front,
// the preview's Akismet stand-in, and the Auth emulator's address leading nowhere. The whole site under
// each fault, kills included, is `npm run faults`; here each part's own promise is held.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { SLOW_BLOBS_MS } from "../../netlify/lib/faults";
import { notifyConfig } from "../../netlify/lib/mail/config";
import { demoProjectId } from "../../scripts/lib/demo-accounts.mjs";
import { deadHost, startAkismetStub, startSmtpFront } from "../../scripts/lib/fault-fronts.mjs";
import { createSessionHandler } from "../../src/features/auth/server/session";
import { emulatorTokenVerifier } from "../../src/features/auth/server/tokens";
import { createContactHandler } from "../../src/features/contact/server/handler";
import { createNotifier } from "../../src/features/inbox/server/notify/notifier";
import { listOutboxKeys, readOutboxEntry } from "../../src/features/inbox/server/notify/outbox";
import { spamScreen } from "../../src/features/inbox/server/spam-screen";
import { startBlobs } from "../support/blobs";
import { emulatorSignIn } from "../support/emulator-sign-in";
import { mailsTo, waitForMails } from "../support/mail";

const SITE = "https://aural.example";
const catcher = inject("mailCatcher");
const catcherPort = Number(new URL(catcher.smtpUrl).port);

let blobs: Awaited<ReturnType<typeof startBlobs>>;
beforeAll(async () => {
  blobs = await startBlobs();
});
afterAll(async () => {
  await blobs.stop();
});

let run = 0;
/** Fresh stores and a recipient of its own for one enquiry's journey. */
function journey() {
  run += 1;
  const recipient = `faults-${run}-${crypto.randomUUID().slice(0, 8)}@aural.example`;
  const stores = {
    submissions: blobs.store(`faults-s-${run}`),
    index: blobs.store(`faults-i-${run}`),
    outbox: blobs.store(`faults-o-${run}`),
    rateLimits: blobs.store(`faults-r-${run}`),
  };
  const notifier = (smtpUrl: string, now: () => number = Date.now) =>
    createNotifier({
      outbox: stores.outbox,
      submissions: stores.submissions,
      config: notifyConfig({
        SMTP_URL: smtpUrl,
        NOTIFY_EMAIL_TO: recipient,
        NOTIFY_EMAIL_FROM: "Aural website <website@aural.example>",
        SITE_URL: SITE,
      }),
      now,
      log: () => {},
    });
  async function post(smtpUrl: string) {
    const later: Promise<unknown>[] = [];
    const handle = createContactHandler({ ...stores, salt: "test-salt", notifier: notifier(smtpUrl), log: () => {} });
    const response = await handle(
      new Request(`${SITE}/api/submit-contact-form`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          name: "Kärt Tamm",
          email: "kart@example.ee",
          message: "Panels for 40 m².",
          website: "",
        }),
      }),
      { ip: "203.0.113.40", waitUntil: (promise) => later.push(promise) },
    );
    await Promise.all(later);
    return response;
  }
  /** The outbox's drain once SMTP is back, as if `aheadMs` had passed (its backoff run out). */
  const drainLater = (aheadMs: number) => notifier(catcher.smtpUrl, () => Date.now() + aheadMs).drain();
  return { recipient, stores, post, drainLater };
}

describe("SMTP faults: an accepted enquiry's mail waits in the outbox and goes exactly once", () => {
  for (const name of ["smtp:refuse", "smtp:5xx", "smtp:4xx"] as const) {
    it(`${name}: stored and answered 201, its mail queued with the attempt counted, sent once when SMTP is back`, async () => {
      const front = await startSmtpFront([{ name, rate: 1 }], catcherPort);
      try {
        const { recipient, stores, post, drainLater } = journey();
        expect((await post(front?.url ?? "")).status).toBe(201);
        const [key = ""] = await listOutboxKeys(stores.outbox);
        const entry = await readOutboxEntry(stores.outbox, key);
        expect(entry).toMatchObject({ attempts: 1, lease: null });
        expect(entry?.maybe_sent).toBeUndefined();
        expect(await mailsTo(recipient)).toHaveLength(0);
        expect((await drainLater(2 * 60_000)).sent).toBe(1);
        const mails = await waitForMails(recipient, 1);
        expect(mails.map((mail) => mail.subject)).toEqual(["New enquiry from Kärt Tamm"]);
        expect(await listOutboxKeys(stores.outbox)).toEqual([]);
      } finally {
        await front?.stop();
      }
    });
  }

  it("smtp:slow: every answer 2 s late, the mail still goes at once, once", async () => {
    const front = await startSmtpFront([{ name: "smtp:slow", rate: 1 }], catcherPort);
    try {
      const { recipient, stores, post } = journey();
      expect((await post(front?.url ?? "")).status).toBe(201);
      expect(await waitForMails(recipient, 1)).toHaveLength(1);
      expect(await listOutboxKeys(stores.outbox)).toEqual([]);
    } finally {
      await front?.stop();
    }
  }, 40_000);

  it("smtp:drop-after-data: the message arrives, the answer never does; the retry says it may be a repeat", async () => {
    const front = await startSmtpFront([{ name: "smtp:drop-after-data", rate: 1 }], catcherPort);
    try {
      const { recipient, stores, post, drainLater } = journey();
      expect((await post(front?.url ?? "")).status).toBe(201);
      expect(await waitForMails(recipient, 1)).toHaveLength(1);
      const [key = ""] = await listOutboxKeys(stores.outbox);
      expect(await readOutboxEntry(stores.outbox, key)).toMatchObject({ attempts: 1, maybe_sent: true });
      expect((await drainLater(2 * 60_000)).sent).toBe(1);
      const subjects = (await waitForMails(recipient, 2)).map((mail) => mail.subject).sort();
      expect(subjects).toEqual(["New enquiry from Kärt Tamm", "[Possible repeat] New enquiry from Kärt Tamm"]);
    } finally {
      await front?.stop();
    }
  });
});

describe("Akismet faults: the post is never delayed past 2 s, never dropped, and the rules decide", () => {
  for (const name of ["akismet:down", "akismet:slow", "akismet:garbage"] as const) {
    it(name, async () => {
      const stub = await startAkismetStub([{ name, rate: 1 }]);
      try {
        const screen = spamScreen({
          proof: { key: "k".repeat(32), used: blobs.store(`faults-proofs-${name}`) },
          akismet: { apiKey: "local-stand-in", blog: SITE, endpoint: stub?.endpoint },
          log: () => {},
        });
        const submission = {
          id: crypto.randomUUID(),
          created_at: new Date().toISOString(),
          name: "Kärt Tamm",
          email: "kart@example.ee",
          company: null,
          phone: null,
          message: "We need panels for a 40 m² meeting room.",
          language: "et" as const,
        };
        const started = Date.now();
        const screened = await screen(submission, { proof: null, ip: "203.0.113.9", userAgent: "", referrer: "" });
        expect(Date.now() - started).toBeLessThan(2_000);
        expect(screened).toEqual(submission);
      } finally {
        await stub?.stop();
      }
    });
  }
});

describe("blobs:slow", () => {
  it("every call answers 3 s later, and still within the storage's limits: nothing fails", async () => {
    const slow = blobs.store("faults-slow", [{ name: "blobs:slow", rate: 1 }]);
    const started = Date.now();
    expect((await slow.setJSON("k", { n: 1 }, { onlyIfNew: true })).modified).toBe(true);
    expect(await slow.get("k", { type: "json" })).toEqual({ n: 1 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(2 * SLOW_BLOBS_MS);
  }, 20_000);
});

describe("auth:down", () => {
  it("sign-in and the session answer 503 auth_unavailable, never 401 and never access", async () => {
    const { idToken } = await emulatorSignIn("admin@example.com", "admin-demo-123");
    const verify = emulatorTokenVerifier({ host: await deadHost(), projectId: demoProjectId });
    const session = createSessionHandler({ verify, log: () => {} });
    for (const method of ["POST", "GET"]) {
      const response = await session(
        new Request(`${SITE}/api/session`, { method, headers: { authorization: `Bearer ${idToken}`, origin: SITE } }),
      );
      expect(response.status).toBe(503);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("auth_unavailable");
      expect(response.headers.get("set-cookie")).toBeNull();
    }
  });
});
