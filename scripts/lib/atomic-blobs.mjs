// Makes the local Blobs emulator keep the promises Netlify Blobs makes, so conditional writes can be
// relied on in local runs and tests as they are in production:
// - writes are atomic: the emulator checks onlyIfNew / onlyIfMatch and then writes with awaits in
//   between, so two racing conditional writes could both succeed; here requests run one at a time;
// - reads return the entry's ETag (Netlify does; the emulator sends none), so onlyIfMatch can be used;
// - ETags come from the content, not the file's modification time, which two quick writes can share.
// Load this module before the emulator starts: the preview, `npm start` and the tests do.
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
