// Library: @netlify/blobs 10.7.13 (the local emulator, BlobsServer from "@netlify/blobs/server").
//
// The emulator breaks promises Netlify Blobs keeps in production, and the rate limit relies on them:
// 1. Conditional writes are not atomic: put() checks onlyIfNew / onlyIfMatch, then awaits the body
//    and the file writes, so racing conditional writes all pass the check and all succeed.
// 2. Reads (get, head) carry no ETag, so a read-modify-write cannot use onlyIfMatch.
// 3. ETags come from the file's path and modification time, not its content: two writes within the
//    same millisecond share an ETag, so onlyIfMatch accepts a stale one.
// Fix: requests run one at a time, reads of one key get an ETag, and ETags are a hash of the content.
// The emulator runs inside the local Netlify server, which creates its BlobsServer itself, so the fix
// has to change the class. Load this module before an emulator starts: the preview, `npm start`, the
// seed script and the tests do. tests/integration/local-fixes-blobs.test.ts runs the stock class and
// fails once a release fixes all three: then delete this file and its imports.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { BlobsServer } from "@netlify/blobs/server";

const PATCHED = Symbol.for("aural.faithful-blobs");

if (!BlobsServer.prototype[PATCHED]) {
  let queue = Promise.resolve();
  const serial = (task) => {
    const run = queue.then(task);
    queue = run.catch(() => {});
    return run;
  };

  BlobsServer.generateETag = async (filePath) => {
    try {
      return `"${createHash("sha256")
        .update(await readFile(filePath))
        .digest("hex")}"`;
    } catch {
      return "";
    }
  };

  /** Adds the entry's ETag to a successful read of one key. */
  const withETag = (original) =>
    async function read(req) {
      return serial(async () => {
        const response = await original.call(this, req);
        const apiMatch = this.parseAPIRequest(req);
        if (response.status !== 200 || response.headers.has("etag") || apiMatch?.useSignedURL) return response;
        const { dataPath, key } = this.getLocalPaths(apiMatch?.url ?? new URL(req.url ?? "", this.address));
        if (!dataPath || !key) return response;
        const headers = new Headers(response.headers);
        headers.set("etag", await BlobsServer.generateETag(dataPath));
        return new Response(response.body, { status: response.status, headers });
      });
    };

  const { put, get, head } = BlobsServer.prototype;
  BlobsServer.prototype.put = function serialisedPut(req) {
    return serial(() => put.call(this, req));
  };
  BlobsServer.prototype.get = withETag(get);
  BlobsServer.prototype.head = withETag(head);
  BlobsServer.prototype[PATCHED] = true;
}
