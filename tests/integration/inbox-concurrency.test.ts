import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BlobStore } from "../../netlify/lib/storage";
import type { TokenVerifier } from "../../src/features/auth/server/tokens";
import { createContactHandler } from "../../src/features/contact/server/handler";
import { fold, monthOf, pointerKey, type RowsDoc, rowsKey, searchText } from "../../src/features/inbox/server/format";
import { createSubmissionsHandler } from "../../src/features/inbox/server/handler";
import { readIndex, readPointer } from "../../src/features/inbox/server/index-store";
import { submissionKey } from "../../src/features/inbox/server/listing";
import { saveIndexedSubmission } from "../../src/features/inbox/server/records";
import type { Submission } from "../../src/features/inbox/server/submission-schema";
import { startBlobs } from "../support/blobs";

const BASE = "https://aural.example/api/contact-submissions";
const NOW = Date.parse("2026-11-22T12:00:00Z");
let blobs: Awaited<ReturnType<typeof startBlobs>>;
let run = 0;

beforeAll(async () => {
  blobs = await startBlobs();
});
afterAll(async () => {
  await blobs.stop();
});

/** Two admins, each signed in to a function instance of their own. */
const admins: Record<string, TokenVerifier> = {
  anna: async () => ({ uid: "anna", admin: true, email: "anna@aural.example" }),
  bert: async () => ({ uid: "bert", admin: true, email: "bert@aural.example" }),
};

function stores() {
  run += 1;
  return {
    submissions: blobs.store(`cc-submissions-${run}`),
    index: blobs.store(`cc-index-${run}`),
    outbox: blobs.store(`cc-outbox-${run}`),
    audit: blobs.store(`cc-audit-${run}`),
  };
}

function instance(s: ReturnType<typeof stores>, admin: keyof typeof admins) {
  const handle = createSubmissionsHandler({ ...s, verify: admins[admin] as TokenVerifier, log: () => {} });
  return (method: string, path = "", body?: unknown) =>
    handle(
      new Request(`${BASE}${path}`, {
        method,
        headers: { authorization: "Bearer a.b.c", ...(body ? { "content-type": "application/json" } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      }),
    );
}

function enquiry(n: number, minutesAgo = n): Submission {
  return {
    id: crypto.randomUUID(),
    created_at: new Date(NOW - minutesAgo * 60_000).toISOString(),
    name: `Visitor ${n}`,
    email: `visitor${n}@example.ee`,
    phone: null,
    company: null,
    message: `Message ${n}`,
  };
}

const keyOf = (s: Submission) => submissionKey(new Date(s.created_at), s.id);

/** The stored record and its index entry agree on status, version and text. */
async function expectIndexMatches(s: ReturnType<typeof stores>, submission: Submission) {
  const stored = (await s.submissions.get(keyOf(submission), { type: "json" })) as Submission;
  const entry = (await readIndex(s.index)).find((e) => e.key === keyOf(submission))?.entry;
  expect(entry).toEqual({
    s: stored.status ?? "new",
    u: Date.parse(stored.updated_at ?? stored.created_at),
    t: searchText(stored),
  });
  return stored;
}

describe("concurrent admins", () => {
  it("keep both changes when two admins change one enquiry at the same moment", async () => {
    const s = stores();
    const submission = enquiry(1);
    await saveIndexedSubmission(s, submission);
    const anna = instance(s, "anna");
    const bert = instance(s, "bert");
    const statuses = ["read", "replied", "archived", "new"] as const;
    for (let round = 0; round < 8; round++) {
      const status = statuses[round % statuses.length];
      const note = `Round ${round}`;
      const [a, b] = await Promise.all([
        anna("PATCH", `/${submission.id}`, { status }),
        bert("PATCH", `/${submission.id}`, { note }),
      ]);
      expect([a.status, b.status]).toEqual([200, 200]);
      const stored = await expectIndexMatches(s, submission);
      expect(stored).toMatchObject({ status, note });
    }
  });

  it("leave the newest version in the index whatever order their writes land in", async () => {
    const s = stores();
    const submission = enquiry(1);
    await saveIndexedSubmission(s, submission);
    const calls = Array.from({ length: 12 }, (_, i) => {
      const call = instance(s, i % 2 ? "anna" : "bert");
      return call("PATCH", `/${submission.id}`, { note: `Note ${i}`, status: i % 3 ? "read" : "replied" });
    });
    const answers = await Promise.all(calls);
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    const stored = await expectIndexMatches(s, submission);
    const times = (await Promise.all(answers.map((a) => a.json()))).map((item) => item.updated_at);
    expect(new Set(times).size).toBe(12);
    expect(stored.updated_at).toBe([...times].sort().at(-1));
    const { entries } = await (await instance(s, "anna")("GET", "/audit")).json();
    expect(entries.filter((e: { action: string }) => e.action === "note")).toHaveLength(12);
  });

  it("keep the later change in the index when the earlier one's index write comes last", async () => {
    const s = stores();
    const submission = enquiry(1);
    await saveIndexedSubmission(s, submission);
    // Anna's index write waits until Bert's change is complete.
    let reachedIndex: () => void = () => {};
    const annaAtIndex = new Promise<void>((resolve) => {
      reachedIndex = resolve;
    });
    let releaseAnna: () => void = () => {};
    const bertDone = new Promise<void>((resolve) => {
      releaseAnna = resolve;
    });
    const slowIndex: BlobStore = new Proxy(s.index, {
      get(target, key: keyof BlobStore) {
        if (key === "setJSON")
          return async (...args: Parameters<BlobStore["setJSON"]>) => {
            if (args[0].startsWith("shard/")) {
              reachedIndex();
              await bertDone;
            }
            return target.setJSON(...args);
          };
        const member = target[key];
        return typeof member === "function" ? member.bind(target) : member;
      },
    });
    const anna = createSubmissionsHandler({ ...s, index: slowIndex, verify: admins.anna as TokenVerifier });
    const annaAnswer = anna(
      new Request(`${BASE}/${submission.id}`, {
        method: "PATCH",
        headers: { authorization: "Bearer a.b.c", "content-type": "application/json" },
        body: JSON.stringify({ status: "read" }),
      }),
    );
    await annaAtIndex;
    expect((await instance(s, "bert")("PATCH", `/${submission.id}`, { status: "archived" })).status).toBe(200);
    releaseAnna();
    expect((await annaAnswer).status).toBe(200);
    const stored = await expectIndexMatches(s, submission);
    expect(stored.status).toBe("archived");
  });

  it("lose no change to different enquiries of one month's shard", async () => {
    const s = stores();
    const submissions = Array.from({ length: 20 }, (_, i) => enquiry(i));
    for (const submission of submissions) await saveIndexedSubmission(s, submission);
    const answers = await Promise.all(
      submissions.map((submission, i) =>
        instance(s, i % 2 ? "anna" : "bert")("PATCH", `/${submission.id}`, { status: "replied" }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const page = await (await instance(s, "anna")("GET")).json();
    expect(page.counts).toEqual({ new: 0, read: 0, replied: 20, archived: 0 });
  });

  it("never bring a deleted enquiry back into the export copies", async () => {
    const s = stores();
    const anna = instance(s, "anna");
    const bert = instance(s, "bert");
    const deleted: Submission[] = [];
    let n = 0;
    for (let round = 0; round < 4; round++) {
      const fresh = Array.from({ length: 10 }, () => enquiry(++n, 5000 - n));
      for (const submission of fresh) await saveIndexedSubmission(s, submission);
      const doomed = fresh.slice(0, 5);
      deleted.push(...doomed);
      const answers = await Promise.all([
        anna("GET", "/export.csv"),
        ...doomed.map((submission) => bert("DELETE", `/${submission.id}`)),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 204, 204, 204, 204, 204]);
    }
    const rows = (await s.index.get(rowsKey(monthOf(NOW)), { type: "json" })) as RowsDoc | null;
    for (const submission of deleted) expect(rows?.items[keyOf(submission)]).toBeUndefined();
    const csv = await (await anna("GET", "/export.csv")).text();
    expect(csv.split("\r\n").length - 2).toBe(20);
    for (const submission of deleted) expect(csv).not.toContain(submission.id);
  });
});

describe("storing submissions", () => {
  it("indexes every one of 20 simultaneous submissions", async () => {
    const s = stores();
    const handle = createContactHandler({
      submissions: s.submissions,
      index: s.index,
      rateLimits: blobs.store(`cc-rate-${run}`),
      salt: "s",
      log: () => {},
    });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        handle(
          new Request("https://aural.example/api/submit-contact-form", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ name: `Kärt ${i}`, email: `k${i}@example.ee`, message: "Hello" }),
          }),
          { ip: `192.0.2.${i + 1}` },
        ),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    const ids = await Promise.all(answers.map(async (a) => ((await a.json()) as { id: string }).id));
    const entries = await readIndex(s.index);
    expect(entries).toHaveLength(20);
    expect(entries.every(({ entry }) => entry.t.startsWith(fold("Kart")))).toBe(true);
    for (const id of ids) expect(await readPointer(s.index, id)).not.toBeNull();
  });

  it("rolls the index entry and the id pointer back when the submission cannot be stored", async () => {
    const s = stores();
    const failing: BlobStore = new Proxy(s.submissions, {
      get(target, key: keyof BlobStore) {
        if (key === "setJSON") return async () => Promise.reject(new Error("disk full"));
        const member = target[key];
        return typeof member === "function" ? member.bind(target) : member;
      },
    });
    const submission = enquiry(1);
    await expect(saveIndexedSubmission({ submissions: failing, index: s.index }, submission)).rejects.toThrow();
    expect(await readIndex(s.index)).toEqual([]);
    expect(await s.index.get(pointerKey(submission.id))).toBeNull();

    const handle = createContactHandler({
      submissions: failing,
      index: s.index,
      rateLimits: blobs.store(`cc-rate-${run}`),
      salt: "s",
      log: () => {},
    });
    const answer = await handle(
      new Request("https://aural.example/api/submit-contact-form", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "Mari", email: "mari@example.ee", message: "Hello" }),
      }),
      { ip: "192.0.2.50" },
    );
    expect(answer.status).toBe(503);
    expect(await readIndex(s.index)).toEqual([]);
    expect((await s.index.list({ prefix: "id/" })).blobs).toEqual([]);
  });

  it("keeps the index entry when the write was stored after all though it reported a failure", async () => {
    const s = stores();
    const flaky: BlobStore = new Proxy(s.submissions, {
      get(target, key: keyof BlobStore) {
        if (key === "setJSON")
          return async (...args: Parameters<BlobStore["setJSON"]>) => {
            await target.setJSON(...args);
            throw new Error("connection reset after the write");
          };
        const member = target[key];
        return typeof member === "function" ? member.bind(target) : member;
      },
    });
    const submission = enquiry(1);
    await saveIndexedSubmission({ submissions: flaky, index: s.index }, submission);
    expect((await readIndex(s.index)).map((e) => e.key)).toEqual([keyOf(submission)]);
    expect(await readPointer(s.index, submission.id)).toBe(keyOf(submission));
  });
});
