// The spam defence end to end on the server: the challenge route, the proof of work checked by
// altcha-lib against the real local Blobs server (used solutions included), the content rules, the
// optional Akismet check against a local stand-in, the spam folder of the admin API (signed in on the
// Auth emulator) and the withheld notification, read back from the real mail catcher.
import { createServer, type IncomingMessage, type Server } from "node:http";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { notifyConfig } from "../../netlify/lib/mail/config";
import { authEmulatorHost, demoProjectId } from "../../scripts/lib/demo-accounts.mjs";
import { emulatorTokenVerifier } from "../../src/features/auth/server/tokens";
import { contactForm } from "../../src/features/contact/server/handler";
import { createSubmissionsHandler } from "../../src/features/inbox/server/handler";
import { intakeHandler } from "../../src/features/inbox/server/intake";
import { createNotifier } from "../../src/features/inbox/server/notify/notifier";
import { spamScreen } from "../../src/features/inbox/server/spam-screen";
import { type Challenge, encodeProof } from "../../src/features/spam/challenge";
import { answerChallenge } from "../../src/features/spam/server/challenge-handler";
import {
  CHALLENGE_TTL_MS,
  checkProof,
  DEVELOPMENT_ALTCHA_KEY,
  newChallenge,
} from "../../src/features/spam/server/proof";
import { SPAM_THRESHOLD, scoreEnquiry } from "../../src/features/spam/server/rules";
import { startBlobs } from "../support/blobs";
import { emulatorSignIn } from "../support/emulator-sign-in";
import { mailsTo, waitForMails } from "../support/mail";

const SITE = "https://aural.example";
const KEY = "a-test-signing-key-of-some-length";
const catcher = inject("mailCatcher");
let blobs: Awaited<ReturnType<typeof startBlobs>>;
let adminToken = "";
let run = 0;

beforeAll(async () => {
  blobs = await startBlobs();
  adminToken = (await emulatorSignIn("admin@example.com", "admin-demo-123")).idToken;
});
afterAll(async () => {
  await blobs.stop();
});

/** A solved proof for a challenge signed with `key`, as the browser's worker makes it. */
async function solvedProof(key = KEY, challenge?: Challenge): Promise<string> {
  const issued = challenge ?? (await newChallenge(key));
  const solution = await solveChallenge({ challenge: issued, deriveKey });
  if (!solution) throw new Error("no solution");
  return encodeProof(issued, solution);
}

/** Fresh stores, a contact handler with the spam defence, the admin API and a recipient of its own. */
function site(options: { akismetEndpoint?: string; akismetTimeoutMs?: number } = {}) {
  run += 1;
  const stores = {
    submissions: blobs.store(`spam-submissions-${run}`),
    index: blobs.store(`spam-index-${run}`),
    outbox: blobs.store(`spam-outbox-${run}`),
    audit: blobs.store(`spam-audit-${run}`),
    used: blobs.store(`spam-proofs-${run}`),
    rateLimits: blobs.store(`spam-rate-${run}`),
  };
  const recipient = `staff-${run}-${crypto.randomUUID().slice(0, 8)}@aural.example`;
  const logs: string[] = [];
  const log = (message: string) => logs.push(message);
  const notifier = createNotifier({
    outbox: stores.outbox,
    submissions: stores.submissions,
    config: notifyConfig({
      SMTP_URL: catcher.smtpUrl,
      NOTIFY_EMAIL_TO: recipient,
      NOTIFY_EMAIL_FROM: "Aural website <website@aural.example>",
      SITE_URL: SITE,
    }),
    log,
  });
  const later: Promise<unknown>[] = [];
  const contact = intakeHandler(
    {
      ...stores,
      salt: "test-salt",
      notifier,
      log,
      screen: spamScreen({
        proof: { key: KEY, used: stores.used },
        akismet: options.akismetEndpoint
          ? { apiKey: "test-key", blog: SITE, endpoint: options.akismetEndpoint, timeoutMs: options.akismetTimeoutMs }
          : null,
        log,
      }),
    },
    contactForm,
  );
  let ip = 0;
  /** Posts the contact form as JSON (or natively), each from an address of its own unless told. */
  async function post(fields: Record<string, string>, how: { native?: boolean; from?: string } = {}) {
    ip += 1;
    const body = how.native ? new URLSearchParams(fields).toString() : JSON.stringify(fields);
    const type = how.native ? "application/x-www-form-urlencoded" : "application/json";
    const response = await contact(
      new Request(`${SITE}/api/submit-contact-form`, {
        method: "POST",
        body,
        headers: {
          "content-type": type,
          accept: how.native ? "text/html" : "application/json",
          "user-agent": "Test/1.0",
        },
      }),
      { ip: how.from ?? `198.51.100.${ip}`, waitUntil: (work) => later.push(work) },
    );
    await Promise.all(later.splice(0));
    return response;
  }
  const admin = createSubmissionsHandler({
    ...stores,
    notifier,
    verify: emulatorTokenVerifier({ host: authEmulatorHost, projectId: demoProjectId }),
    log,
  });
  const api = (method: string, path = "", body?: unknown) =>
    admin(
      new Request(`${SITE}/api/contact-submissions${path}`, {
        method,
        headers: { authorization: `Bearer ${adminToken}`, ...(body ? { "content-type": "application/json" } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      }),
    );
  return { stores, post, api, recipient, logs };
}

const plain = {
  name: "Mari Maasikas",
  email: "mari@example.ee",
  company: "",
  phone: "",
  message: "Tere! Kas saadate vildipaneele ka Saaremaale ja mis on tarneaeg?",
  website: "",
};
const pitch = {
  name: "Growth Team",
  email: "growth@seo-agency.example",
  company: "",
  phone: "",
  message:
    "Hi, I noticed your website is not on the first page of Google. We offer backlinks and guest posts from DA 50+ sites. Reply for a free audit: https://bit.ly/x",
  website: "",
};
/** Just below the threshold with a proof of work; a proof that counts as none tips it over. */
const borderline = {
  name: "Jaan Tamm",
  email: "jaan@example.ee",
  company: "",
  phone: "",
  message: "Limited time offer on office chairs, see https://a.example/x and https://b.example/y",
  website: "",
};

async function storedRecords(stores: ReturnType<typeof site>["stores"]) {
  const { blobs: list } = await stores.submissions.list();
  return Promise.all(list.map((b) => stores.submissions.get(b.key, { type: "json" }))) as Promise<
    Record<string, unknown>[]
  >;
}

describe("GET /api/challenge", () => {
  it("answers a signed SHA-256 challenge as altcha-lib makes it, never cached, expiring in 10 minutes", async () => {
    const started = Date.now();
    const response = await answerChallenge(new Request(`${SITE}/api/challenge`), {}, {});
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const challenge = (await response.json()) as Challenge;
    expect(challenge.parameters).toMatchObject({ algorithm: "SHA-256", cost: 1, keyLength: 32 });
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    const expires = (challenge.parameters.expiresAt ?? 0) * 1000;
    expect(expires).toBeGreaterThan(started + CHALLENGE_TTL_MS - 2000);
    expect(expires).toBeLessThanOrEqual(Date.now() + CHALLENGE_TTL_MS);
    // Locally, without ALTCHA_HMAC_KEY, it is signed with the development key.
    const used = blobs.store(`challenge-used-${Date.now()}`);
    expect(
      await checkProof(await solvedProof(DEVELOPMENT_ALTCHA_KEY, challenge), { key: DEVELOPMENT_ALTCHA_KEY, used }),
    ).toBe("valid");
    expect((await answerChallenge(new Request(`${SITE}/api/challenge`, { method: "POST" }), {}, {})).status).toBe(405);
  });
});

describe("the proof of work", () => {
  it("counts a fresh solution once: replayed, forged, tampered or signed with another key it counts as none", async () => {
    const used = blobs.store(`proofs-${Date.now()}`);
    const proof = await solvedProof();
    expect(await checkProof(proof, { key: KEY, used })).toBe("valid");
    expect(await checkProof(proof, { key: KEY, used })).toBe("invalid");
    expect(await checkProof(await solvedProof("another-key-entirely-123"), { key: KEY, used })).toBe("invalid");
    const decoded = JSON.parse(atob(await solvedProof()));
    const wrongCounter = { ...decoded, solution: { ...decoded.solution, counter: decoded.solution.counter + 1 } };
    expect(await checkProof(btoa(JSON.stringify(wrongCounter)), { key: KEY, used })).toBe("invalid");
    const longer = {
      ...decoded,
      challenge: {
        ...decoded.challenge,
        parameters: { ...decoded.challenge.parameters, expiresAt: decoded.challenge.parameters.expiresAt + 3600 },
      },
    };
    expect(await checkProof(btoa(JSON.stringify(longer)), { key: KEY, used })).toBe("invalid");
    for (const junk of ["%%%", btoa("{}"), btoa("null"), 42, { a: 1 }, "x".repeat(5000)]) {
      expect(await checkProof(junk, { key: KEY, used })).toBe("invalid");
    }
    for (const none of [undefined, null, ""]) expect(await checkProof(none, { key: KEY, used })).toBe("missing");
  });

  it("calls an expired challenge stale, and still counts a proof when its use cannot be recorded", async () => {
    const used = blobs.store(`proofs-stale-${Date.now()}`);
    const old = await newChallenge(KEY, Date.now() - CHALLENGE_TTL_MS - 1000);
    expect(await checkProof(await solvedProof(KEY, old), { key: KEY, used })).toBe("stale");
    const down = {
      ...used,
      setJSON: () => Promise.reject(new Error("connection refused")),
    } as unknown as typeof used;
    const logs: string[] = [];
    expect(await checkProof(await solvedProof(), { key: KEY, used: down, log: (m) => logs.push(m) })).toBe("valid");
    expect(logs.join("\n")).toContain("counts as valid");
  });
});

describe("the public form with the spam defence", () => {
  beforeEach(() => {
    // The borderline message is what the tests below take it for.
    const score = scoreEnquiry({ ...borderline, company: null, phone: null, proof: "valid" }).score;
    expect(score).toBe(SPAM_THRESHOLD - 1);
  });

  it("stores a plain enquiry with a fresh proof as new and mails it; with a replayed or forged one the proof counts as none", async () => {
    const { post, stores, recipient } = site();
    const proof = await solvedProof();
    expect((await post({ ...plain, altcha: proof })).status).toBe(201);
    await waitForMails(recipient, 1);
    // The same solution again: a plain enquiry still lands as new, a borderline one goes to spam.
    expect((await post({ ...plain, email: "teine@example.ee", altcha: proof })).status).toBe(201);
    expect((await post({ ...borderline, altcha: proof })).status).toBe(201);
    expect(
      (await post({ ...borderline, email: "b@example.ee", altcha: await solvedProof("a-forged-key-1234567") })).status,
    ).toBe(201);
    expect((await post({ ...borderline, email: "c@example.ee", altcha: await solvedProof() })).status).toBe(201);
    const records = await storedRecords(stores);
    const byEmail = (email: string) => records.find((r) => r.email === email);
    expect(byEmail("mari@example.ee")?.status).toBeUndefined();
    expect(byEmail("teine@example.ee")?.status).toBeUndefined();
    for (const email of ["jaan@example.ee", "b@example.ee"]) {
      expect(byEmail(email)).toMatchObject({ status: "spam", withheld: true });
      const spam = byEmail(email)?.spam as { reasons: { rule: string }[] } | undefined;
      expect(spam?.reasons.map((r) => r.rule)).toContain("bad-proof");
    }
    expect(byEmail("c@example.ee")?.status).toBeUndefined();
    expect(await mailsTo(recipient)).toHaveLength(3);
  });

  it("lets a plain enquiry without JavaScript through as new, JSON or native, and a proof in a native post counts", async () => {
    const { post, stores, recipient } = site();
    expect((await post(plain, { native: true })).status).toBe(303);
    expect((await post({ ...plain, email: "json@example.ee" })).status).toBe(201);
    expect((await post({ ...borderline, altcha: await solvedProof() }, { native: true })).status).toBe(303);
    const records = await storedRecords(stores);
    expect(records.filter((r) => r.status === "spam")).toEqual([]);
    await waitForMails(recipient, 3);
  });

  it("files spam with its reasons and withholds its mail; the visitor gets the same answer; it uses up the limit", async () => {
    const { post, stores, recipient, api } = site();
    const from = "203.0.113.50";
    for (let i = 0; i < 3; i++) {
      const response = await post(
        { ...pitch, email: `growth${i}@seo-agency.example`, altcha: await solvedProof() },
        { from },
      );
      expect(response.status).toBe(201);
      expect(Object.keys(await response.json()).sort()).toEqual(["created_at", "id", "reference"]);
    }
    // A spam-classified post still counts towards its address's limit.
    expect((await post({ ...plain, altcha: await solvedProof() }, { from })).status).toBe(429);
    const records = await storedRecords(stores);
    expect(records).toHaveLength(3);
    for (const record of records) {
      expect(record).toMatchObject({ status: "spam", withheld: true });
      const spam = record.spam as { score: number; reasons: { rule: string; points: number; detail: string }[] };
      expect(spam.score).toBe(spam.reasons.reduce((sum, r) => sum + r.points, 0));
      expect(spam.score).toBeGreaterThanOrEqual(SPAM_THRESHOLD);
      expect(spam.reasons.map((r) => r.rule)).toEqual(expect.arrayContaining(["seo", "shortener"]));
    }
    expect((await stores.outbox.list()).blobs).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await mailsTo(recipient)).toEqual([]);

    // The folder: the unfiltered list leaves spam out, ?status=spam lists it, the counts have it.
    const all = await (await api("GET")).json();
    expect(all.submissions).toEqual([]);
    expect(all.counts).toMatchObject({ new: 0, spam: 3 });
    const folder = await (await api("GET", "?status=spam")).json();
    expect(folder.submissions).toHaveLength(3);
    expect(folder.submissions[0]).toMatchObject({ status: "spam", notified: false });
    expect(folder.submissions[0].spam.reasons.length).toBeGreaterThan(1);
  });

  it('"Not spam" sends the withheld mail exactly once, however often and at once it is asked; "Mark as spam" sends nothing', async () => {
    const { post, api, recipient, stores } = site();
    expect((await post({ ...pitch, altcha: await solvedProof() })).status).toBe(201);
    const [item] = (await (await api("GET", "?status=spam")).json()).submissions;
    // Two admins at once: one change releases the mail.
    const answers = await Promise.all([
      api("PATCH", `/${item.id}`, { status: "new" }),
      api("PATCH", `/${item.id}`, { status: "new" }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const bodies = await Promise.all(answers.map((a) => a.json()));
    expect(bodies.map((b) => b.status)).toEqual(["new", "new"]);
    // The change that released the mail answers once it has gone; the other may answer while it is going.
    expect(bodies.some((b) => b.notified)).toBe(true);
    await waitForMails(recipient, 1);
    const [moved] = (await (await api("GET", `?q=${encodeURIComponent(pitch.email)}`)).json()).submissions;
    expect(moved).toMatchObject({ id: item.id, status: "new", notified: true });
    // Its reasons stay, so staff see what misled the rules.
    expect(moved.spam.score).toBeGreaterThanOrEqual(SPAM_THRESHOLD);

    expect((await api("PATCH", `/${item.id}`, { status: "spam" })).status).toBe(200);
    expect((await (await api("GET", "?status=spam")).json()).counts.spam).toBe(1);
    expect((await api("PATCH", `/${item.id}`, { status: "new" })).status).toBe(200);
    expect((await api("PATCH", `/${item.id}`, { status: "read" })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await mailsTo(recipient)).toHaveLength(1);
    expect((await stores.outbox.list()).blobs).toEqual([]);

    const audit = (await (await api("GET", "/audit")).json()).entries as { status?: string; from?: string }[];
    expect(audit.map((e) => [e.from, e.status]).reverse()).toEqual([
      ["spam", "new"],
      ["new", "spam"],
      ["spam", "new"],
      ["new", "read"],
    ]);
  });

  it("exports and erases spam like any other enquiry", async () => {
    const { post, api, stores } = site();
    expect((await post({ ...pitch, email: "erase-me@seo-agency.example", altcha: await solvedProof() })).status).toBe(
      201,
    );
    expect((await post(plain)).status).toBe(201);
    const csv = await (await api("GET", "/export.csv")).text();
    expect(csv).toContain("erase-me@seo-agency.example");
    expect(csv).toMatch(/\bspam\b/);
    const spamOnly = await (await api("GET", "/export.csv?status=spam")).text();
    expect(spamOnly).toContain("erase-me@seo-agency.example");
    expect(spamOnly).not.toContain("mari@example.ee");
    const erased = await api("POST", "/erase", { email: "erase-me@seo-agency.example" });
    expect(await erased.json()).toEqual({ erased: 1 });
    expect((await storedRecords(stores)).map((r) => r.email)).toEqual(["mari@example.ee"]);
  });
});

describe("the optional Akismet check", () => {
  let stub: Server;
  let endpoint = "";
  const seen: URLSearchParams[] = [];
  /** How the stand-in answers: by the author's name, as Akismet's test names work. */
  const answer = (
    params: URLSearchParams,
  ): { status: number; body: string; headers?: Record<string, string>; delay?: number } => {
    switch (params.get("comment_author")) {
      case "akismet-guaranteed-spam":
        return { status: 200, body: "true", headers: { "x-akismet-pro-tip": "discard" } };
      case "Slow Reply":
        return { status: 200, body: "true", delay: 1500 };
      case "Bad Key":
        return { status: 200, body: "invalid", headers: { "x-akismet-debug-help": "Empty API key" } };
      case "Server Error":
        return { status: 500, body: "oops" };
      default:
        return { status: 200, body: "false" };
    }
  };
  const read = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = "";
      request.on("data", (chunk) => {
        text += chunk;
      });
      request.on("end", () => resolve(text));
    });

  beforeAll(async () => {
    stub = createServer(async (request, response) => {
      const params = new URLSearchParams(await read(request));
      seen.push(params);
      const reply = answer(params);
      setTimeout(() => {
        response.writeHead(reply.status, { "content-type": "text/plain", ...reply.headers });
        response.end(reply.body);
      }, reply.delay ?? 0);
    });
    await new Promise<void>((resolve) => stub.listen(0, "127.0.0.1", resolve));
    const address = stub.address();
    endpoint = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/1.1/comment-check`;
  });
  afterAll(async () => {
    stub.closeAllConnections();
    await new Promise((resolve) => stub.close(resolve));
  });

  it("files what Akismet calls spam, with its reason, and sends it what the API expects", async () => {
    const { post, stores, recipient } = site({ akismetEndpoint: endpoint });
    expect((await post({ ...plain, name: "akismet-guaranteed-spam", altcha: await solvedProof() })).status).toBe(201);
    const [record] = await storedRecords(stores);
    expect(record).toMatchObject({ status: "spam", withheld: true });
    expect((record?.spam as { reasons: unknown[] } | undefined)?.reasons).toContainEqual({
      rule: "akismet",
      points: SPAM_THRESHOLD,
      detail: "Akismet calls it blatant spam",
    });
    const sent = seen.at(-1);
    expect(Object.fromEntries(sent ?? [])).toMatchObject({
      api_key: "test-key",
      blog: SITE,
      user_ip: expect.stringMatching(/^198\.51\.100\./),
      user_agent: "Test/1.0",
      comment_type: "contact-form",
      comment_author_email: "mari@example.ee",
      comment_content: plain.message,
      blog_lang: "en",
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await mailsTo(recipient)).toEqual([]);
  });

  it("fails towards the inbox: slow, refusing or broken, the enquiry lands as new and is mailed", async () => {
    const { post, stores, recipient, logs } = site({ akismetEndpoint: endpoint, akismetTimeoutMs: 300 });
    for (const name of ["Slow Reply", "Bad Key", "Server Error", "Mari Maasikas"]) {
      expect((await post({ ...plain, name, altcha: await solvedProof() })).status).toBe(201);
    }
    expect((await storedRecords(stores)).filter((r) => r.status === "spam")).toEqual([]);
    await waitForMails(recipient, 4);
    expect(logs.join("\n")).toContain("Empty API key");
    expect(logs.join("\n")).toMatch(/TimeoutError/);
  });

  it("is not asked about what the content rules already filed", async () => {
    const { post } = site({ akismetEndpoint: endpoint });
    const before = seen.length;
    expect((await post({ ...pitch, altcha: await solvedProof() })).status).toBe(201);
    expect(seen.length).toBe(before);
  });
});
