// Serves the production build the way Netlify does: static files with pretty URLs, _headers and
// _redirects, Functions from netlify/functions with Blobs, and the 404 page with status 404.
import { promises as fsPromises } from "node:fs";
import { createServer } from "node:http";
import { join, sep } from "node:path";
import { Readable } from "node:stream";
import { constants, createBrotliCompress, createGzip } from "node:zlib";
import { NetlifyDev } from "@netlify/dev";
import "./atomic-blobs.mjs";

/**
 * @param {{ port: number, host?: string, root?: string, log?: (line: string) => void }} options
 */
export async function serveNetlify({ port, host = "127.0.0.1", root = process.cwd(), log = console.log }) {
  const keepBuilds = keepFunctionBuildsInUse(join(root, ".netlify", "functions-serve"));
  const netlify = new NetlifyDev({
    projectRoot: root,
    blobs: { enabled: true },
    functions: { enabled: true },
    edgeFunctions: { enabled: false },
    environmentVariables: { enabled: true },
    geolocation: { enabled: false },
    headers: { enabled: true },
    images: { enabled: false },
    redirects: { enabled: true },
    staticFiles: { enabled: true },
    aiGateway: { enabled: false },
    database: { enabled: false },
    serverAddress: `http://localhost:${port}`,
    skipGitignore: true,
  });
  await netlify.start();

  /** Netlify answers unknown paths with the site's 404.html, status 404, under the same header rules. */
  async function notFound(ruleHeaders) {
    const page = await netlify.handle(new Request(`http://localhost:${port}/404.html`), {
      headersCollector: (key, value) => ruleHeaders.push([key, value]),
    });
    const body = page ? await page.text() : "Not found";
    return new Response(body, { status: 404, headers: { "content-type": "text/html; charset=utf-8" } });
  }

  const server = createServer(async (req, res) => {
    const started = performance.now();
    /** @type {[string, string][]} */
    const ruleHeaders = [];
    // Like Netlify's edge, the client address comes from the connection, never from a header the
    // client could send: functions see it as context.ip.
    delete req.headers["x-nf-client-connection-ip"];
    req.headers["x-forwarded-for"] = req.socket.remoteAddress ?? "";
    try {
      const match = await netlify.handleAndIntrospectNodeRequest(req, {
        headersCollector: (key, value) => ruleHeaders.push([key, value]),
      });
      const response = match?.response ?? (await notFound(ruleHeaders));
      const headers = new Headers(response.headers);
      for (const [key, value] of ruleHeaders) if (!headers.has(key)) headers.set(key, value);
      // Like Netlify's CDN, compress text responses for clients that accept it.
      const encoding = compressible(headers, req.headers["accept-encoding"]);
      if (encoding) {
        headers.set("content-encoding", encoding);
        headers.delete("content-length");
        headers.append("vary", "Accept-Encoding");
      }
      res.writeHead(response.status, Object.fromEntries(headers));
      if (response.body && req.method !== "HEAD") {
        const body = Readable.fromWeb(response.body);
        if (encoding === "br")
          body.pipe(createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })).pipe(res);
        else if (encoding === "gzip") body.pipe(createGzip()).pipe(res);
        else body.pipe(res);
      } else res.end();
      if (response.status === 404) log(`404 ${req.method} ${req.url}`);
      else if (process.env.PREVIEW_VERBOSE)
        log(`${response.status} ${req.method} ${req.url} ${(performance.now() - started).toFixed(1)}ms`);
    } catch (error) {
      log(`500 ${req.method} ${req.url}: ${error instanceof Error ? error.stack : String(error)}`);
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
      res.end("Internal error");
    }
  });

  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(undefined));
  });

  return {
    url: `http://localhost:${port}`,
    async close() {
      await new Promise((resolve) => server.close(() => resolve(undefined)));
      await netlify.stop();
      await keepBuilds.flush();
    },
  };
}

const TEXT = /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg\+xml)/;

/** The encoding to answer with: brotli or gzip for uncompressed text bodies, nothing otherwise. */
function compressible(headers, acceptEncoding = "") {
  if (headers.has("content-encoding") || !TEXT.test(headers.get("content-type") ?? "")) return null;
  const accepted = String(acceptEncoding);
  if (/\bbr\b/.test(accepted)) return "br";
  if (/\bgzip\b/.test(accepted)) return "gzip";
  return null;
}

/**
 * The local Netlify server builds a function into a temporary folder for each request and deletes
 * the folder when that request ends, but concurrent requests share one build (the first one's
 * folder): a burst of requests then fails with "Cannot find module" once the first finishes. Deleting
 * those folders a little later keeps every request's build in place; nothing of this runs on Netlify.
 */
function keepFunctionBuildsInUse(servePath) {
  const remove = fsPromises.rm;
  const pending = new Map();
  fsPromises.rm = function deferredRm(path, options) {
    if (typeof path === "string" && path.startsWith(`${servePath}${sep}_`)) {
      const timer = setTimeout(() => {
        pending.delete(path);
        remove.call(fsPromises, path, options).catch(() => {});
      }, 30_000);
      timer.unref();
      pending.set(path, { timer, options });
      return Promise.resolve();
    }
    return remove.call(fsPromises, path, options);
  };
  return {
    async flush() {
      for (const [path, { timer, options }] of pending) {
        clearTimeout(timer);
        await remove.call(fsPromises, path, options).catch(() => {});
      }
      pending.clear();
    },
  };
}
