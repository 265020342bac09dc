// The stock local Blobs emulator still has the defects scripts/local-fixes/netlify-blobs-server.mjs
// works around. This file must not load that fix (nor tests/support/blobs.ts, which does). When a test
// here fails because a release fixed its defect, remove that part of the fix; when all do, the fix.
import { mkdtemp, rm, stat, utimes } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getStore } from "@netlify/blobs";
import { BlobsServer } from "@netlify/blobs/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { droppedPut } from "../support/dropped-put";

const SITE = "test-site";
let directory: string;
let server: BlobsServer;
let edgeURL: string;
const token = "test-token";
const store = (name: string) =>
  getStore({ name, edgeURL, uncachedEdgeURL: edgeURL, token, siteID: SITE, consistency: "strong" });

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), "blobs-stock-"));
  server = new BlobsServer({ directory, token });
  edgeURL = `http://localhost:${(await server.start()).port}`;
});
afterAll(async () => {
  await server.stop();
  await rm(directory, { recursive: true, force: true });
});

describe("the stock Blobs emulator (@netlify/blobs) still needs the local fix", () => {
  it("runs unpatched here", () => {
    expect(Object.getOwnPropertySymbols(BlobsServer.prototype)).not.toContain(Symbol.for("aural.faithful-blobs"));
  });

  it("lets more than one of racing onlyIfMatch writes with the same ETag succeed", async () => {
    const blobs = store("match");
    const { etag } = await blobs.setJSON("k", { n: -1 });
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, n) => blobs.setJSON("k", { n }, { onlyIfMatch: etag ?? "" })),
    );
    expect(results.filter((r) => r.modified).length).toBeGreaterThan(1);
  });

  it("lets more than one racing onlyIfNew write create a key", async () => {
    const blobs = store("new");
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, n) => blobs.setJSON("k", { n }, { onlyIfNew: true })),
    );
    expect(results.filter((r) => r.modified).length).toBeGreaterThan(1);
  });

  it("sends no ETag with a read", async () => {
    const blobs = store("read");
    await blobs.setJSON("k", { n: 1 });
    expect((await blobs.getWithMetadata("k", { consistency: "strong" }))?.etag).toBeUndefined();
    expect((await blobs.getMetadata("k", { consistency: "strong" }))?.etag).toBeUndefined();
  });

  it("keeps the ETag when the content changes within the same millisecond", async () => {
    const blobs = store("mtime");
    const first = await blobs.set("k", "one");
    const file = join(directory, "entries", SITE, "site:mtime", "k");
    const { mtime } = await stat(file);
    await blobs.set("k", "two");
    // Two writes in one millisecond leave the same modification time; set it back to be sure.
    await utimes(file, mtime, mtime);
    const stale = await blobs.set("k", "three", { onlyIfMatch: first.etag ?? "" });
    expect(stale.modified).toBe(true);
  });

  it("empties a blob, and answers 200, when a put's client is gone before its body is read", async () => {
    const blobs = store("dropped");
    await blobs.setJSON("k", { n: 1 });
    expect(await droppedPut({ edgeURL, token, siteID: SITE }, "dropped", "k", { late: true })).toBe(200);
    // Of the 10 bytes that arrived, none: the body of a closed connection reads as empty.
    expect(await blobs.get("k")).toBe("");
    await expect(blobs.get("k", { type: "json" })).rejects.toThrow("Unexpected end of JSON input");
  });

  it("writes metadata in place, where a server stopped mid-write leaves it partial", async () => {
    const blobs = store("metadata");
    await blobs.set("k", "v", { metadata: { n: 1 } });
    const file = join(directory, "metadata", SITE, "site:metadata", "k");
    const { ino } = await stat(file);
    await blobs.set("k", "v", { metadata: { n: 2 } });
    // Still the same file, truncated and written again: a new file renamed into place is another one.
    expect((await stat(file)).ino).toBe(ino);
  });
});
