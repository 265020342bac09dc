import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compactPending, ORPHAN_GRACE_MS } from "../../src/features/inbox/server/compaction";
import { examine, removeUnreadable, restoreEnquiry } from "../../src/features/inbox/server/doctor";
import type { Enquiry } from "../../src/features/inbox/server/enquiry-schema";
import { saveIndexedEnquiry } from "../../src/features/inbox/server/enquiry-store";
import { createSubmissionsHandler } from "../../src/features/inbox/server/handler";
import { writePending, writePointer } from "../../src/features/inbox/server/index-store";
import { indexEntry, pendingKey, pointerKey } from "../../src/features/inbox/server/storage-layout";
import { startBlobs } from "../support/blobs";
import { parseCsv } from "../support/csv";
import { enquiry, keyOf, NOW } from "../support/enquiries";
import { readXlsx } from "../support/xlsx";

// One unreadable record never takes the inbox down: records are planted broken in each way a write
// that never finished (or a hand edit) leaves them, and the inbox answers with everything else.

const BASE = "https://aural.example/api/contact-submissions";
let blobs: Awaited<ReturnType<typeof startBlobs>>;
let run = 0;

beforeAll(async () => {
  blobs = await startBlobs();
});
afterAll(async () => {
  await blobs.stop();
});

/** Stores with three good enquiries and one broken in each way: empty, cut off, not a submission. */
async function scene(compacted: boolean) {
  run += 1;
  const stores = {
    submissions: blobs.store(`broken-submissions-${run}`),
    index: blobs.store(`broken-index-${run}`),
    outbox: blobs.store(`broken-outbox-${run}`),
    audit: blobs.store(`broken-audit-${run}`),
  };
  const good = [enquiry(1), enquiry(3), enquiry(5)];
  const broken = { empty: enquiry(2), cut: enquiry(4), shape: enquiry(6) };
  for (const s of [...good, ...Object.values(broken)]) await saveIndexedEnquiry(stores, s);
  if (compacted) await compactPending(stores);
  // What a write that never finished leaves, and a record edited by hand.
  await stores.submissions.set(keyOf(broken.empty), "");
  await stores.submissions.set(keyOf(broken.cut), JSON.stringify(broken.cut).slice(0, 40));
  await stores.submissions.setJSON(keyOf(broken.shape), { ...broken.shape, email: 42 });
  // Broken index entries, pointers and outbox entries of a good enquiry and of nobody.
  const stray = enquiry(7);
  await stores.index.set(pendingKey(keyOf(stray)), "");
  await stores.index.set(pointerKey(stray.id), '{"key":');
  await stores.outbox.set(keyOf(good[1] as Enquiry), "");
  const logged: string[] = [];
  const handle = createSubmissionsHandler({
    ...stores,
    verify: async () => ({ uid: "admin", admin: true, email: "admin@aural.example" }),
    now: () => NOW,
    log: (message) => logged.push(message),
  });
  const call = (method: string, path = "", body?: unknown) =>
    handle(
      new Request(`${BASE}${path}`, {
        method,
        headers: { authorization: "Bearer a.b.c", ...(body ? { "content-type": "application/json" } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      }),
    );
  return { stores, good, broken, stray, call, logged };
}

describe.each([
  ["new entries", false],
  ["compacted entries", true],
])("with unreadable records among %s", (_label, compacted) => {
  it("lists, searches and exports everything else, and names what it could not read", async () => {
    const { good, broken, call, logged } = await scene(compacted);
    const res = await call("GET");
    expect(res.status).toBe(200);
    const page = await res.json();
    expect(page.submissions.map((s: Enquiry) => s.id)).toEqual(good.map((s) => s.id));
    expect(page.unreadable).toEqual([
      { key: keyOf(broken.empty), reason: "empty" },
      { key: keyOf(broken.cut), reason: "not JSON" },
      { key: keyOf(broken.shape), reason: "not a submission" },
    ]);
    expect(logged.join("\n")).toContain(`unreadable submission ${keyOf(broken.cut)} (not JSON)`);

    const search = await (await call("GET", "?q=visitor%203")).json();
    expect(search.submissions.map((s: Enquiry) => s.id)).toEqual([good[1]?.id]);

    const csv = await call("GET", "/export.csv");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("x-unreadable-records")).toBe("3");
    const rows = parseCsv(await csv.text());
    expect(rows.slice(1).map((row) => row[0])).toEqual(good.map((s) => s.id));
    const xlsx = await call("GET", "/export.xlsx");
    expect(xlsx.status).toBe(200);
    const [sheet] = await readXlsx(new Uint8Array(await xlsx.arrayBuffer()));
    expect(sheet?.rows.slice(1).map((row) => row[0]?.value)).toEqual(good.map((s) => s.id));

    // A change to a readable enquiry still works; one to an unreadable enquiry is refused, not a 503.
    expect((await call("PATCH", `/${good[0]?.id}`, { status: "read" })).status).toBe(200);
    expect((await call("PATCH", `/${broken.empty.id}`, { status: "read" })).status).toBe(404);
  });
});

describe("inbox:doctor", () => {
  it("finds every unreadable value, removes it with what belongs to it, and restores a submission from a copy", async () => {
    const { stores, good, broken, stray, call } = await scene(true);
    const findings = await examine(stores);
    expect(findings).toEqual(
      expect.arrayContaining([
        { store: "submissions", key: keyOf(broken.empty), reason: "empty" },
        { store: "submissions", key: keyOf(broken.cut), reason: "not JSON" },
        { store: "submissions", key: keyOf(broken.shape), reason: "not a submission" },
        { store: "index", key: pendingKey(keyOf(stray)), reason: "empty" },
        { store: "index", key: pointerKey(stray.id), reason: "not JSON" },
        { store: "outbox", key: keyOf(good[1] as Enquiry), reason: "empty" },
      ]),
    );
    expect(findings).toHaveLength(6);

    // The cut-off one is restored from a copy first; the rest is removed.
    const restored = await restoreEnquiry(stores, broken.cut);
    expect(restored).toBe(keyOf(broken.cut));
    await expect(restoreEnquiry(stores, good[0])).rejects.toThrow("stored and readable");
    const removed = await removeUnreadable(stores, findings);
    expect(removed).toHaveLength(5);
    expect(await examine(stores)).toEqual([]);

    const page = await (await call("GET")).json();
    expect(page.unreadable).toEqual([]);
    expect(page.submissions.map((s: Enquiry) => s.id)).toEqual(
      [good[0], good[1], broken.cut, good[2]].map((s) => s?.id),
    );
    expect(page.counts).toEqual({ new: 4, read: 0, replied: 0, archived: 0, spam: 0 });
    expect((await stores.index.list({ prefix: "id/" })).blobs).toHaveLength(4);
  });
});

describe("a post whose function stopped half-way", () => {
  it("is neither listed nor counted, and compaction removes what it wrote once it is surely over", async () => {
    const { stores, good, call } = await scene(true);
    await removeUnreadable(stores, await examine(stores));
    // Its pointer and own index entry were written; the function stopped before the submission.
    const stopped = { ...enquiry(8), created_at: new Date(NOW - 60_000).toISOString() };
    await writePointer(stores.index, stopped.id, keyOf(stopped));
    await writePending(stores.index, keyOf(stopped), indexEntry(stopped));
    const page = await (await call("GET")).json();
    expect(page.submissions.map((s: Enquiry) => s.id)).toEqual(good.map((s) => s.id));
    expect(page.counts.new).toBe(3);
    expect(await (await call("GET", "/export.csv")).text()).not.toContain(stopped.id);
    // Still there for a post that may yet finish; gone after the grace.
    expect(await compactPending(stores, NOW)).toBe(0);
    expect((await stores.index.list({ prefix: "pending/" })).blobs).toHaveLength(1);
    await compactPending(stores, NOW + ORPHAN_GRACE_MS + 60_000);
    expect((await stores.index.list({ prefix: "pending/" })).blobs).toHaveLength(0);
    expect(await stores.index.get(pointerKey(stopped.id))).toBeNull();
  });
});
