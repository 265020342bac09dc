import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BlobStore } from "../../netlify/lib/storage";
import type { TokenVerifier } from "../../src/features/auth/server/tokens";
import { createContactHandler } from "../../src/features/contact/server/handler";
import { compactPending } from "../../src/features/inbox/server/compaction";
import type { Enquiry } from "../../src/features/inbox/server/enquiry-schema";
import { saveIndexedEnquiry } from "../../src/features/inbox/server/enquiry-store";
import { createSubmissionsHandler } from "../../src/features/inbox/server/handler";
import { readIndex, readPointer } from "../../src/features/inbox/server/index-store";
import {
  fold,
  monthOf,
  pointerKey,
  type RowsDoc,
  rowsKey,
  searchText,
} from "../../src/features/inbox/server/storage-layout";
import { startBlobs } from "../support/blobs";
import { enquiry, keyOf, NOW } from "../support/enquiries";

const BASE = "https://aural.example/api/contact-submissions";
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

/** The stored record and its index entry agree on status, version and text. */
async function expectIndexMatches(s: ReturnType<typeof stores>, submission: Enquiry) {
  const stored = (await s.submissions.get(keyOf(submission), { type: "json" })) as Enquiry;
  const entry = (await readIndex(s.index)).find((e) => e.key === keyOf(submission))?.entry;
  expect(entry).toEqual({
    s: stored.status ?? "new",
    u: Date.parse(stored.updated_at ?? stored.created_at),
    t: searchText(stored),
  });
  return stored;
}

describe("compaction", () => {
  it("never undoes a change or a deletion that runs beside it, nor loses a post", async () => {
    const s = stores();
    const first = Array.from({ length: 24 }, (_, n) => enquiry(n + 1));
    await Promise.all(first.map((submission) => saveIndexedEnquiry(s, submission)));
    expect((await s.index.list({ prefix: "pending/" })).blobs).toHaveLength(24);
    expect((await s.index.list({ prefix: "shard/" })).blobs).toHaveLength(0);
    const later = Array.from({ length: 8 }, (_, n) => enquiry(100 + n));
    const anna = instance(s, "anna");
    const bert = instance(s, "bert");
    const deleted = first.slice(0, 6);
    const changed = first.slice(6, 16);
    const answers = await Promise.all([
      compactPending(s),
      ...deleted.map((x, i) => (i % 2 ? anna : bert)("DELETE", `/${x.id}`)),
      compactPending(s),
      ...changed.map((x, i) => (i % 2 ? bert : anna)("PATCH", `/${x.id}`, { status: "replied" })),
      ...later.map((x) => saveIndexedEnquiry(s, x)),
      compactPending(s),
    ]);
    const statuses = answers.filter((a): a is Response => a instanceof Response).map((a) => a.status);
    expect(statuses.sort()).toEqual([...Array(10).fill(200), ...Array(6).fill(204)]);
    await compactPending(s);

    const kept = [...first.slice(6), ...later];
    expect((await readIndex(s.index)).map((e) => e.key)).toEqual(kept.map(keyOf).sort());
    for (const x of kept) await expectIndexMatches(s, x);
    for (const x of changed) expect((await expectIndexMatches(s, x)).status).toBe("replied");
    expect((await s.index.list({ prefix: "pending/" })).blobs).toHaveLength(0);
    const { counts } = await (await anna("GET")).json();
    expect(counts).toEqual({ new: 16, read: 0, replied: 10, archived: 0, spam: 0 });
  });
});

describe("concurrent admins", () => {
  it("keep both changes when two admins change one enquiry at the same moment", async () => {
    const s = stores();
    const submission = enquiry(1);
    await saveIndexedEnquiry(s, submission);
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
    await saveIndexedEnquiry(s, submission);
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
    await saveIndexedEnquiry(s, submission);
    // Its entry in the month's shard, which Anna's change then writes.
    await compactPending(s);
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
    for (const submission of submissions) await saveIndexedEnquiry(s, submission);
    const answers = await Promise.all(
      submissions.map((submission, i) =>
        instance(s, i % 2 ? "anna" : "bert")("PATCH", `/${submission.id}`, { status: "replied" }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const page = await (await instance(s, "anna")("GET")).json();
    expect(page.counts).toEqual({ new: 0, read: 0, replied: 20, archived: 0, spam: 0 });
  });

  it("never bring a deleted enquiry back into the export copies", async () => {
    const s = stores();
    const anna = instance(s, "anna");
    const bert = instance(s, "bert");
    const deleted: Enquiry[] = [];
    let n = 0;
    for (let round = 0; round < 4; round++) {
      const fresh = Array.from({ length: 10 }, () => enquiry(++n, { minutesAgo: 5000 - n }));
      for (const submission of fresh) await saveIndexedEnquiry(s, submission);
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

describe("an enquiry changed and deleted at once", () => {
  it("is deleted by exactly one of three simultaneous DELETEs: one 204, the others 404, one audit entry", async () => {
    for (let round = 0; round < 8; round++) {
      const s = stores();
      const submission = enquiry(1);
      await saveIndexedEnquiry(s, submission);
      const [anna, bert, again] = [instance(s, "anna"), instance(s, "bert"), instance(s, "anna")];
      const answers = await Promise.all([anna, bert, again].map((call) => call("DELETE", `/${submission.id}`)));
      expect(answers.map((r) => r.status).sort()).toEqual([204, 404, 404]);
      const audit = (await anna("GET", "/audit").then((r) => r.json())) as { entries: { action: string }[] };
      expect(audit.entries.filter((e) => e.action === "delete")).toHaveLength(1);
      expect(await s.submissions.get(keyOf(submission))).toBeNull();
      expect(await readPointer(s.index, submission.id)).toBeNull();
    }
  });

  it("is changed before it goes or answered 404 when a PATCH races a DELETE, and never comes back", async () => {
    const outcomes = new Set<number>();
    for (let round = 0; round < 8; round++) {
      const s = stores();
      const submission = enquiry(1);
      await saveIndexedEnquiry(s, submission);
      const [patch, remove] = await Promise.all([
        instance(s, "anna")("PATCH", `/${submission.id}`, { status: "replied", note: "Called back" }),
        instance(s, "bert")("DELETE", `/${submission.id}`),
      ]);
      expect(remove.status).toBe(204);
      expect([200, 404]).toContain(patch.status);
      outcomes.add(patch.status);
      expect(await s.submissions.get(keyOf(submission))).toBeNull();
      expect((await readIndex(s.index)).map((e) => e.key)).not.toContain(keyOf(submission));
      const list = (await instance(s, "anna")("GET").then((r) => r.json())) as { submissions: unknown[] };
      expect(list.submissions).toEqual([]);
      expect((await instance(s, "anna")("PATCH", `/${submission.id}`, { status: "read" })).status).toBe(404);
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });

  it("can be deleted again once a deletion that stopped half-way has let its claim go", async () => {
    const s = stores();
    const submission = enquiry(1);
    await saveIndexedEnquiry(s, submission);
    const stalled = Date.now() - 61_000;
    await s.index.setJSON(pointerKey(submission.id), { key: keyOf(submission), deleting: stalled });
    expect((await instance(s, "anna")("DELETE", `/${submission.id}`)).status).toBe(204);
    expect(await s.submissions.get(keyOf(submission))).toBeNull();
  });
});

/**
 * A store whose first write that `holds` picks waits until `open()`: a submission caught half-way
 * through being stored. `reached` settles when that write has begun.
 */
function gated(store: BlobStore, holds: (key: string) => boolean, wait?: Promise<unknown>) {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  let reach = () => {};
  const reached = new Promise<void>((resolve) => {
    reach = resolve;
  });
  let taken = false;
  const held = new Proxy(store, {
    get(target, name: keyof BlobStore) {
      const member = target[name];
      if (name !== "setJSON") return typeof member === "function" ? member.bind(target) : member;
      return async (...args: Parameters<BlobStore["setJSON"]>) => {
        if (!taken && holds(args[0])) {
          taken = true;
          reach();
          await (wait ?? opened);
        }
        return target.setJSON(...args);
      };
    },
  });
  return { held, reached, open };
}

/** Nothing in any store holds the address: no submission, index entry, export copy, pointer or outbox entry. */
async function expectNothingHolds(s: ReturnType<typeof stores>, email: string) {
  const everything = await Promise.all(
    [s.submissions, s.index, s.outbox].map(async (store) => {
      const { blobs: listed } = await store.list();
      return Promise.all(listed.map(async ({ key }) => JSON.stringify(await store.get(key, { type: "json" }))));
    }),
  );
  expect(everything.flat().filter((text) => text.toLowerCase().includes(email))).toEqual([]);
}

describe("an erasure while an enquiry from the address is being stored", () => {
  const email = "kadri@example.ee";
  const post = (s: ReturnType<typeof stores>, over: { submissions?: BlobStore; index?: BlobStore }) =>
    createContactHandler({ ...s, ...over, rateLimits: s.audit, salt: "test-salt", log: () => {} })(
      new Request("https://aural.example/api/submit-contact-form", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "Kadri", email: "Kadri@Example.ee", message: "Please call me", website: "" }),
      }),
      { ip: "192.0.2.77" },
    );
  const erase = (s: ReturnType<typeof stores>) => instance(s, "anna")("POST", "/erase", { email });

  it("leaves nothing behind when the submission is stored only after the erasure answered", async () => {
    const s = stores();
    const gate = gated(s.submissions, () => true);
    const posting = post(s, { submissions: gate.held });
    await gate.reached;
    expect((await erase(s)).status).toBe(200);
    gate.open();
    expect((await posting).status).toBe(201);
    await expectNothingHolds(s, email);
  });

  it("leaves nothing behind when the post had not reached the index when the erasure read it", async () => {
    const s = stores();
    const gate = gated(s.index, (key) => key.startsWith("id/"));
    const posting = post(s, { index: gate.held });
    await gate.reached;
    expect((await erase(s)).status).toBe(200);
    gate.open();
    expect((await posting).status).toBe(201);
    await expectNothingHolds(s, email);
    expect(await instance(s, "anna")("GET").then((r) => r.json())).toMatchObject({ submissions: [] });
  });

  it("waits for a submission whose index entry is written, so it is gone when the erasure answers", async () => {
    const s = stores();
    const gate = gated(s.submissions, () => true, new Promise((resolve) => setTimeout(resolve, 800)));
    const posting = post(s, { submissions: gate.held });
    await gate.reached;
    const started = Date.now();
    expect((await erase(s)).status).toBe(200);
    await expectNothingHolds(s, email);
    expect(Date.now() - started).toBeLessThan(4_000);
    expect((await posting).status).toBe(201);
  });

  it("keeps an enquiry sent after the erasure was over", async () => {
    const s = stores();
    expect((await erase(s)).status).toBe(200);
    expect((await post(s, {})).status).toBe(201);
    expect(await instance(s, "anna")("GET").then((r) => r.json())).toMatchObject({
      submissions: [expect.objectContaining({ email: "Kadri@Example.ee" })],
    });
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
    await expect(saveIndexedEnquiry({ submissions: failing, index: s.index }, submission)).rejects.toThrow();
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
    await saveIndexedEnquiry({ submissions: flaky, index: s.index }, submission);
    expect((await readIndex(s.index)).map((e) => e.key)).toEqual([keyOf(submission)]);
    expect(await readPointer(s.index, submission.id)).toBe(keyOf(submission));
  });
});
