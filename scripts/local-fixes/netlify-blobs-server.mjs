// Library: @netlify/blobs 10.7.13 (the local emulator, BlobsServer from "@netlify/blobs/server").
//
// The emulator breaks promises Netlify Blobs keeps in production, and the rate limit relies on them:
// 1. Conditional writes are not atomic: put() checks onlyIfNew / onlyIfMatch, then awaits the body
//    and the file writes, so racing conditional writes all pass the check and all succeed.
// 2. Reads (get, head) carry no ETag, so a read-modify-write cannot use onlyIfMatch.
// 3. ETags come from the file's path and modification time, not its content: two writes within the
//    same millisecond share an ETag, so onlyIfMatch accepts a stale one.
// 4. Writes are not whole. put() never checks that the body arrived: when the client is gone before
//    the body is read (a function stopped mid-request while the server is busy), the body reads as
//    empty, and put() writes an empty blob and answers 200. It writes the metadata file in place, so a
//    server stopped mid-write leaves it partial (head then answers 500).
// Fix: writes (put, delete) run one at a time and never beside a read; reads run beside each other,
// as in the stock server, so a page of reads is not queued one by one. A read of one key gets an ETag,
// hashed from the very bytes it returns, and ETags are a hash of the content. A put reads its body
// before it queues and writes nothing, answering 400, unless all of it arrived: as many bytes as
// Content-Length says or, without one, the client still there when the read began. It writes the blob
// and its metadata to temporary files outside the stores, then renames them into place.
// The emulator runs inside the local Netlify server, which creates its BlobsServer itself, so the fix
// has to change the class. Load this module before an emulator starts: the preview, `npm start`, the
// seed script and the tests do. tests/integration/local-fixes-blobs.test.ts runs the stock class and
// fails once a release fixes all four: then delete this file and its imports.
import { createHash, randomUUID } from "node:crypto";
import { access, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
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

  /** The header that carries an entry's metadata, and its encoding, as the library has them. */
  const METADATA_HEADER = "x-amz-meta-user";
  const decodeMetadata = (header) =>
    header?.startsWith("b64;") ? JSON.parse(Buffer.from(header.slice("b64;".length), "base64").toString()) : {};

  /**
   * The body of a put, or null when not all of it arrived: the read failed, the byte count differs
   * from Content-Length or, without one, the client was gone before the read began (the body of a
   * closed connection reads as empty).
   */
  const wholeBody = async (req) => {
    const gone = req.signal.aborted;
    let body;
    try {
      body = Buffer.from(await req.arrayBuffer());
    } catch {
      return null;
    }
    const length = req.headers.get("content-length");
    return (length === null ? !gone : Number(length) === body.length) ? body : null;
  };

  /**
   * Writes each [path, data] whole or not at all: every file to a temporary one under `root`, outside
   * the stores, then each renamed over its path. A process stopped midway leaves only temporary files.
   */
  const writeWhole = async (root, files) => {
    const temporary = files.map(() => join(root, "uploads", randomUUID()));
    try {
      await mkdir(join(root, "uploads"), { recursive: true });
      for (const [index, [, data]] of files.entries()) await writeFile(temporary[index], data);
      for (const [index, [path]] of files.entries()) {
        await mkdir(dirname(path), { recursive: true });
        await rename(temporary[index], path);
      }
    } finally {
      await Promise.all(temporary.map((path) => rm(path, { force: true })));
    }
  };

  const { put, get, head } = BlobsServer.prototype;
  const remove = BlobsServer.prototype.delete;
  BlobsServer.prototype.put = async function wholePut(req) {
    // A put to the API path writes nothing: it answers with a signed URL to put to.
    if (this.parseAPIRequest(req)) return put.call(this, req);
    const { dataPath, key, metadataPath } = this.getLocalPaths(new URL(req.url ?? "", this.address));
    if (!dataPath || !key || !metadataPath) return new Response(null, { status: 400 });
    const body = await wholeBody(req);
    if (!body) {
      this.logDebug("Not all of the body arrived, nothing written:", key);
      return new Response(null, { status: 400 });
    }
    return exclusive(async () => {
      try {
        const exists = await access(dataPath).then(
          () => true,
          () => false,
        );
        const ifMatch = req.headers.get("if-match");
        if (req.headers.get("if-none-match") === "*" && exists) return new Response(null, { status: 412 });
        if (ifMatch && (!exists || ifMatch !== (await BlobsServer.generateETag(dataPath)))) {
          return new Response(null, { status: 412 });
        }
        const metadata = JSON.stringify(decodeMetadata(req.headers.get(METADATA_HEADER)));
        await writeWhole(this.directory, [
          [dataPath, body],
          [metadataPath, metadata],
        ]);
        return new Response(null, { status: 200, headers: { etag: await BlobsServer.generateETag(dataPath) } });
      } catch (error) {
        this.logDebug("Error when writing data:", error);
        return new Response(null, { status: 500 });
      }
    });
  };
  BlobsServer.prototype.delete = function exclusiveDelete(req) {
    return exclusive(() => remove.call(this, req));
  };
  BlobsServer.prototype.get = withETag(get);
  BlobsServer.prototype.head = withETag(head);
  BlobsServer.prototype[PATCHED] = true;
}
