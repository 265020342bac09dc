// Library: @netlify/blobs 10.7.13 (the local emulator, BlobsServer from "@netlify/blobs/server").
//
// The emulator breaks promises Netlify Blobs keeps in production, and the rate limit relies on them:
// 1. Conditional writes are not atomic: put() checks onlyIfNew / onlyIfMatch, then awaits the body
//    and the file writes, so racing conditional writes all pass the check and all succeed.
// 2. Reads (get, head) carry no ETag, so a read-modify-write cannot use onlyIfMatch.
// 3. ETags come from the file's path and modification time, not its content: two writes within the
//    same millisecond share an ETag, so onlyIfMatch accepts a stale one.
// Fix: writes (put, delete) run one at a time and never beside a read; reads run beside each other,
// as in the stock server, so a page of reads is not queued one by one. A read of one key gets an ETag,
// hashed from the very bytes it returns, and ETags are a hash of the content.
// The emulator runs inside the local Netlify server, which creates its BlobsServer itself, so the fix
// has to change the class. Load this module before an emulator starts: the preview, `npm start`, the
// seed script and the tests do. tests/integration/local-fixes-blobs.test.ts runs the stock class and
// fails once a release fixes all three: then delete this file and its imports.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { BlobsServer } from "@netlify/blobs/server";

const PATCHED = Symbol.for("aural.faithful-blobs");

if (!BlobsServer.prototype[PATCHED]) {
  /** Settles when the last write queued so far has finished. */
  let writes = Promise.resolve();
  /** Reads under way. */
  const reading = new Set();
  const settled = (promise) =>
    promise.then(
      () => {},
      () => {},
    );

  /** A read waits for the writes queued before it, and runs beside other reads. */
  const shared = (task) => {
    const run = writes.then(task);
    const done = settled(run);
    reading.add(done);
    done.then(() => reading.delete(done));
    return run;
  };
  /** A write waits for every read and write queued before it. */
  const exclusive = (task) => {
    const run = Promise.all([writes, ...reading]).then(task);
    writes = settled(run);
    return run;
  };

  const sha256 = (bytes) => `"${createHash("sha256").update(bytes).digest("hex")}"`;
  BlobsServer.generateETag = async (filePath) => {
    try {
      return sha256(await readFile(filePath));
    } catch {
      return "";
    }
  };

  /** Adds the entry's ETag to a successful read of one key. */
  const withETag = (original) =>
    async function read(req) {
      return shared(async () => {
        const response = await original.call(this, req);
        const apiMatch = this.parseAPIRequest(req);
        if (response.status !== 200 || response.headers.has("etag") || apiMatch?.useSignedURL) return response;
        const { dataPath, key } = this.getLocalPaths(apiMatch?.url ?? new URL(req.url ?? "", this.address));
        if (!dataPath || !key) return response;
        const headers = new Headers(response.headers);
        if (response.body === null) {
          headers.set("etag", await BlobsServer.generateETag(dataPath));
          return new Response(null, { status: response.status, headers });
        }
        const bytes = Buffer.from(await response.arrayBuffer());
        headers.set("etag", sha256(bytes));
        return new Response(bytes, { status: response.status, headers });
      });
    };

  const { put, get, head } = BlobsServer.prototype;
  const remove = BlobsServer.prototype.delete;
  BlobsServer.prototype.put = function exclusivePut(req) {
    return exclusive(() => put.call(this, req));
  };
  BlobsServer.prototype.delete = function exclusiveDelete(req) {
    return exclusive(() => remove.call(this, req));
  };
  BlobsServer.prototype.get = withETag(get);
  BlobsServer.prototype.head = withETag(head);
  BlobsServer.prototype[PATCHED] = true;
}
