import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBlobs } from "../support/blobs";

let blobs: Awaited<ReturnType<typeof startBlobs>>;
beforeAll(async () => {
  blobs = await startBlobs();
});
afterAll(async () => {
  await blobs.stop();
});

describe("the local Blobs emulator keeps the platform's conditional-write promises", () => {
  it("returns an ETag on reads that a conditional write accepts once", async () => {
    const store = blobs.store("cas");
    await store.setJSON("k", { n: 1 }, { onlyIfNew: true });
    const read = await store.getWithMetadata("k", { type: "json", consistency: "strong" });
    expect(read?.etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect((await store.getMetadata("k", { consistency: "strong" }))?.etag).toBe(read?.etag);
    const [a, b] = await Promise.all([
      store.setJSON("k", { n: 2 }, { onlyIfMatch: read?.etag ?? "" }),
      store.setJSON("k", { n: 3 }, { onlyIfMatch: read?.etag ?? "" }),
    ]);
    expect([a.modified, b.modified].sort()).toEqual([false, true]);
  });

  it("lets only one of many racing onlyIfNew writes create a key", async () => {
    const store = blobs.store("new");
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => store.setJSON("k", { i }, { onlyIfNew: true })),
    );
    expect(results.filter((r) => r.modified)).toHaveLength(1);
  });

  it("derives ETags from the content, so new content always gets a new one", async () => {
    const store = blobs.store("content");
    const first = await store.set("k", "same");
    const changed = await store.set("k", "other");
    const back = await store.set("k", "same");
    expect(first.etag).toBe(`"${createHash("sha256").update("same").digest("hex")}"`);
    expect(changed.etag).not.toBe(first.etag);
    expect(back.etag).toBe(first.etag);
  });
});
