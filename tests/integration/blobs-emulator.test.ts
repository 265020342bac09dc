import { createHash } from "node:crypto";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getStore } from "@netlify/blobs";
import { BlobsServer } from "@netlify/blobs/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBlobs } from "../support/blobs";
import { type BlobsEndpoint, droppedPut } from "../support/dropped-put";

let blobs: Awaited<ReturnType<typeof startBlobs>>;
beforeAll(async () => {
  blobs = await startBlobs();
});
afterAll(async () => {
  await blobs.stop();
});

/** Where the suite's Blobs server listens, as its functions are told. */
const endpoint = () => JSON.parse(Buffer.from(blobs.context, "base64").toString()) as BlobsEndpoint;

describe("the local Blobs emulator keeps the platform's promises of conditional and whole writes", () => {
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

  it("writes nothing, and answers 400, when a put's body does not all arrive", async () => {
    const store = blobs.store("dropped");
    await store.setJSON("k", { n: 1 });
    for (const late of [true, false]) {
      expect(await droppedPut(endpoint(), "dropped", "k", { late })).toBe(400);
      expect(await droppedPut(endpoint(), "dropped", "new", { late })).toBe(400);
    }
    expect(await store.get("k", { type: "json" })).toEqual({ n: 1 });
    expect(await store.get("new")).toBeNull();
    expect((await store.list()).blobs.map(({ key }) => key)).toEqual(["k"]);
    await store.setJSON("k", { n: 2 }, { metadata: { m: 2 } });
    await store.set("new", "");
    expect(await store.getWithMetadata("k", { type: "json" })).toMatchObject({ data: { n: 2 }, metadata: { m: 2 } });
    expect(await store.get("new")).toBe("");
  });

  it("replaces metadata with a whole new file, renamed into place", async () => {
    const directory = await mkdtemp(join(tmpdir(), "blobs-metadata-"));
    const token = "test-token";
    const server = new BlobsServer({ directory, token });
    try {
      const edgeURL = `http://localhost:${(await server.start()).port}`;
      const store = getStore({
        name: "m",
        edgeURL,
        uncachedEdgeURL: edgeURL,
        token,
        siteID: "s",
        consistency: "strong",
      });
      await store.set("k", "v", { metadata: { n: 1 } });
      const file = join(directory, "metadata", "s", "site:m", "k");
      const { ino } = await stat(file);
      await store.set("k", "v", { metadata: { n: 2 } });
      // Another file: the old one stays whole until the new one, whole, takes its name.
      expect((await stat(file)).ino).not.toBe(ino);
      expect((await store.getMetadata("k"))?.metadata).toEqual({ n: 2 });
    } finally {
      await server.stop();
      await rm(directory, { recursive: true, force: true });
    }
  });
});
