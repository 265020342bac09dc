import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import retentionFunction, { config } from "../../netlify/functions/retention";
import { clientKey, createRateLimiter, pruneRateLimits } from "../../netlify/lib/rate-limit";
import { compactPending } from "../../src/features/inbox/server/compaction";
import type { Enquiry } from "../../src/features/inbox/server/enquiry-schema";
import { ERASURE_MARK_MS, eraseByEmail, saveIndexedEnquiry } from "../../src/features/inbox/server/enquiry-store";
import { addEntries, readIndex, writePointer } from "../../src/features/inbox/server/index-store";
import { enquiryKey, saveEnquiry } from "../../src/features/inbox/server/listing";
import { exportItems } from "../../src/features/inbox/server/queries";
import { applyRetention, GHOST_GRACE_MS } from "../../src/features/inbox/server/retention-job";
import {
  monthOf,
  pointerKey,
  type RowsDoc,
  rowsKey,
  SHARD_PREFIX,
} from "../../src/features/inbox/server/storage-layout";
import { startBlobs } from "../support/blobs";

const NOW = Date.parse("2026-11-22T12:00:00Z");
const DAY = 24 * 60 * 60 * 1000;
let blobs: Awaited<ReturnType<typeof startBlobs>>;
let run = 0;

beforeAll(async () => {
  blobs = await startBlobs();
});
afterAll(async () => {
  await blobs.stop();
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

function enquiry(name: string, createdAt: number): Enquiry {
  return {
    id: crypto.randomUUID(),
    created_at: new Date(createdAt).toISOString(),
    name,
    email: `${name.toLowerCase()}@example.ee`,
    phone: null,
    company: null,
    message: `From ${name}`,
  };
}
const keyOf = (s: Enquiry) => enquiryKey(new Date(s.created_at), s.id);

async function scene() {
  run += 1;
  const stores = {
    submissions: blobs.store(`ret-submissions-${run}`),
    index: blobs.store(`ret-index-${run}`),
    outbox: blobs.store(`ret-outbox-${run}`),
  };
  const at = {
    thirtyMonths: Date.parse("2024-05-22T12:00:00Z"),
    justOlder: Date.parse("2024-11-21T12:00:00Z"),
    justNewer: Date.parse("2024-11-23T12:00:00Z"),
    lastMonth: NOW - 20 * DAY,
    now: NOW - 10 * 60_000,
  };
  const s = {
    a: enquiry("Ancient", at.thirtyMonths),
    b: enquiry("Expired", at.justOlder),
    c: enquiry("Kept", at.justNewer),
    d: enquiry("Recent", at.lastMonth),
    e: enquiry("Fresh", at.now),
    // Stored before the index existed: one expired, one not.
    f: enquiry("Unindexed", Date.parse("2024-09-01T00:00:00Z")),
    g: enquiry("Legacy", NOW - 60 * DAY),
    // Index entries whose submission is not stored: an old one and one being stored right now.
    h: enquiry("Ghost", NOW - 90 * DAY),
    i: enquiry("Arriving", NOW - 5 * 60_000),
  };
  for (const x of [s.a, s.b, s.c, s.d, s.e]) await saveIndexedEnquiry(stores, x);
  for (const x of [s.f, s.g]) await saveEnquiry(stores.submissions, x);
  for (const x of [s.h, s.i]) {
    await addEntries(stores.index, [{ key: keyOf(x), entry: { s: "new", u: Date.parse(x.created_at), t: "x" } }]);
    await writePointer(stores.index, x.id, keyOf(x));
  }
  for (const x of [s.a, s.c]) await stores.outbox.setJSON(keyOf(x), { id: x.id });
  // Export copies for every month, as an export leaves them (after compacting the new entries).
  await compactPending(stores);
  await exportItems(stores, { kind: null, status: null, q: "" }, () => {});
  return { stores, s };
}

const storedKeys = async (store: ReturnType<typeof blobs.store>, prefix = "") =>
  (await store.list({ prefix })).blobs.map((b) => b.key).sort();

describe("retention", () => {
  it("deletes what is older than the period with everything that belongs to it, and nothing newer", async () => {
    const { stores, s } = await scene();
    const result = await applyRetention(stores, { months: 24, spamDays: 30, now: NOW });
    expect(result).toEqual({
      cutoff: "2024-11-22T12:00:00.000Z",
      deleted: 3,
      spam: 0,
      ghosts: 1,
      indexed: 1,
      erasureMarks: 0,
    });

    const kept = [s.c, s.d, s.e, s.g];
    expect(await storedKeys(stores.submissions)).toEqual(kept.map(keyOf).sort());
    expect((await readIndex(stores.index)).map((e) => e.key)).toEqual([...kept, s.i].map(keyOf).sort());
    expect(await storedKeys(stores.index, "id/")).toEqual([...kept, s.i].map((x) => pointerKey(x.id)).sort());
    expect(await storedKeys(stores.outbox)).toEqual([keyOf(s.c)]);

    // No document of a month wholly before the cutoff is left; copies hold only kept enquiries.
    const docs = await storedKeys(stores.index);
    expect(docs.filter((k) => !k.startsWith("id/") && k.slice(k.indexOf("/") + 1) < "2024-11")).toEqual([]);
    const copies = await Promise.all(
      [...new Set([s.a, s.b, s.c].map((x) => monthOf(Date.parse(x.created_at))))].map(
        (month) => stores.index.get(rowsKey(month), { type: "json" }) as Promise<RowsDoc | null>,
      ),
    );
    const copied = copies.flatMap((doc) => Object.keys(doc?.items ?? {}));
    expect(copied).toContain(keyOf(s.c));
    for (const gone of [s.a, s.b]) expect(copied).not.toContain(keyOf(gone));

    // Running again changes nothing.
    expect(await applyRetention(stores, { months: 24, spamDays: 30, now: NOW })).toEqual({
      cutoff: "2024-11-22T12:00:00.000Z",
      deleted: 0,
      spam: 0,
      ghosts: 0,
      indexed: 0,
      erasureMarks: 0,
    });
  });

  it("follows a shorter period and the injected clock, and removes a ghost once its grace is over", async () => {
    const { stores, s } = await scene();
    const later = NOW + GHOST_GRACE_MS;
    const result = await applyRetention(stores, { months: 1, spamDays: 30, now: later });
    expect(result.deleted).toBe(5);
    expect(result.ghosts).toBe(1);
    expect(await storedKeys(stores.submissions)).toEqual([s.d, s.e].map(keyOf).sort());
    expect((await readIndex(stores.index)).map((e) => e.key)).toEqual([s.e, s.d].map(keyOf));
    expect((await stores.index.list({ prefix: SHARD_PREFIX })).blobs.map((b) => b.key)).toEqual([
      `${SHARD_PREFIX}${monthOf(NOW)}`,
    ]);
  });
});

describe("spam retention", () => {
  it("deletes spam once it arrived more than the spam period ago, whatever else is kept", async () => {
    run += 1;
    const stores = {
      submissions: blobs.store(`ret-submissions-${run}`),
      index: blobs.store(`ret-index-${run}`),
      outbox: blobs.store(`ret-outbox-${run}`),
    };
    const spam = (name: string, at: number): Enquiry => ({
      ...enquiry(name, at),
      status: "spam",
      spam: { score: 7, reasons: [{ rule: "seo", points: 7, detail: 'says "backlinks"' }] },
      withheld: true,
    });
    const old = spam("OldSpam", NOW - 31 * DAY);
    const young = spam("YoungSpam", NOW - 29 * DAY);
    // Called "Not spam" by staff: an enquiry like any other now, kept for the whole period.
    const rescued = { ...enquiry("Rescued", NOW - 40 * DAY), spam: old.spam };
    const plain = enquiry("Plain", NOW - 60 * DAY);
    for (const x of [old, young, rescued, plain]) await saveIndexedEnquiry(stores, x);
    await compactPending(stores);

    const result = await applyRetention(stores, { months: 24, spamDays: 30, now: NOW });
    expect(result.spam).toBe(1);
    expect(result.deleted).toBe(0);
    expect(await storedKeys(stores.submissions)).toEqual([young, rescued, plain].map(keyOf).sort());
    expect((await readIndex(stores.index)).map((e) => e.key).sort()).toEqual([young, rescued, plain].map(keyOf).sort());
    expect(await storedKeys(stores.index, "id/")).not.toContain(pointerKey(old.id));

    // A shorter period set by SPAM_RETENTION_DAYS takes the younger one too.
    expect((await applyRetention(stores, { months: 24, spamDays: 7, now: NOW })).spam).toBe(1);
    expect(await storedKeys(stores.submissions)).toEqual([rescued, plain].map(keyOf).sort());
  });
});

describe("the scheduled retention function", () => {
  it("runs daily", () => {
    expect(config.schedule).toBe("@daily");
  });

  it("deletes nothing and says why when SUBMISSION_RETENTION_MONTHS is invalid", async () => {
    vi.stubEnv("SUBMISSION_RETENTION_MONTHS", "0");
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    await retentionFunction();
    expect(error).toHaveBeenCalledWith(expect.stringContaining("SUBMISSION_RETENTION_MONTHS must be a whole number"));
  });

  it("deletes nothing and says why when SPAM_RETENTION_DAYS is invalid", async () => {
    vi.stubEnv("SPAM_RETENTION_DAYS", "thirty");
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    await retentionFunction();
    expect(error).toHaveBeenCalledWith(expect.stringContaining("SPAM_RETENTION_DAYS must be a whole number"));
  });
});

describe("what is kept no longer than it is needed", () => {
  it("deletes rate-limit records whose window has passed, and keeps the ones still counting", async () => {
    run += 1;
    const store = blobs.store(`ret-rate-${run}`);
    const hour = 60 * 60 * 1000;
    const limiter = (at: number) => createRateLimiter({ store, limit: 3, windowMs: hour, salt: "s", now: () => at });
    await limiter(NOW - 3 * hour).reserve("198.51.100.1");
    await limiter(NOW - 2 * hour).reserve("198.51.100.2");
    await limiter(NOW - 2 * hour).reserve("198.51.100.3");
    await limiter(NOW - 10 * 60_000).reserve("198.51.100.3");
    await limiter(NOW - 59 * 60_000).reserve("2001:db8:1:2::1");
    expect(await pruneRateLimits(store, hour, NOW)).toBe(2);
    const left = (await store.list({ prefix: "client-" })).blobs.map((b) => b.key).sort();
    expect(left).toEqual([clientKey("198.51.100.3", "s"), clientKey("2001:db8:1:2::9", "s")].sort());
    expect(await pruneRateLimits(store, hour, NOW)).toBe(0);
  });

  it("is what the daily function does with the forms' rate-limit records", async () => {
    vi.stubEnv("NETLIFY_BLOBS_CONTEXT", blobs.context);
    const store = blobs.store("contact-rate-limit");
    await store.setJSON(clientKey("192.0.2.200", "salt"), { hits: [Date.now() - 2 * 60 * 60 * 1000] });
    vi.spyOn(console, "log").mockImplementation(() => {});
    // A used proof of work is kept until its challenge expires (the key starts with that time, in seconds).
    const proofs = blobs.store("form-proofs");
    const expired = `${String(Math.floor(Date.now() / 1000) - 60).padStart(11, "0")}-${"a1".repeat(16)}`;
    const current = `${String(Math.floor(Date.now() / 1000) + 600).padStart(11, "0")}-${"b2".repeat(16)}`;
    for (const key of [expired, current]) await proofs.setJSON(key, {});
    vi.stubEnv("SUBMISSION_RETENTION_MONTHS", "24");
    await retentionFunction();
    expect(await store.get(clientKey("192.0.2.200", "salt"))).toBeNull();
    expect((await proofs.list()).blobs.map((b) => b.key)).toEqual([current]);
  });

  it("deletes erasure marks once they have served their time", async () => {
    const { stores } = await scene();
    await eraseByEmail(stores, "nobody@example.ee", () => NOW - ERASURE_MARK_MS - 1);
    await eraseByEmail(stores, "someone@example.ee", () => NOW - 60_000);
    expect((await stores.index.list({ prefix: "erased/" })).blobs).toHaveLength(2);
    const result = await applyRetention(stores, { months: 24, spamDays: 30, now: NOW });
    expect(result.erasureMarks).toBe(1);
    const marks = await stores.index.list({ prefix: "erased/" });
    expect(marks.blobs).toHaveLength(1);
    expect(JSON.stringify(await stores.index.get(marks.blobs[0]?.key ?? "", { type: "json" }))).not.toContain("@");
  });
});
