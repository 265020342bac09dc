// Serves the production build the way Netlify does: static files with pretty URLs, _headers and
// _redirects, Functions from netlify/functions with Blobs, scheduled functions on their schedule, and
// the 404 page with status 404. In front of the local Netlify server it answers as Netlify's CDN does
// where that server does not: methods the CDN refuses, malformed Host headers, undecodable paths, the
// rule files themselves, scheduled functions called by URL, internal headers and failures' details.
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { createServer, STATUS_CODES } from "node:http";
import { join } from "node:path";
import { Readable } from "node:stream";
import { constants, createBrotliCompress, createGzip } from "node:zlib";
import { NetlifyDev } from "@netlify/dev";
import { FunctionsHandler } from "@netlify/functions-dev";
import "../local-fixes/netlify-blobs-server.mjs";
import "../local-fixes/netlify-dev-shadowed-headers.mjs";
import "../local-fixes/netlify-redirects-rewrite-status.mjs";
import { keepFunctionBuildsInUse } from "../local-fixes/netlify-dev-function-builds.mjs";
import { runOnSchedule, scheduledFunctions } from "./scheduled-functions.mjs";
import { warmInstances } from "./warm-functions.mjs";

/** Methods the CDN serves nothing for (TRACE would echo the request, headers and cookies included). */
const REFUSED_METHODS = new Set(["TRACE", "CONNECT", "TRACK"]);
/** The methods pages and functions are reached with; each function still refuses those it does not take. */
const ALLOWED_METHODS = "GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE";
/** Netlify reads these files from the publish folder and applies them; it never serves them. */
const RULE_FILES = new Set(["/_headers", "/_redirects"]);
/** Node's own answers to requests it cannot parse (any other parse error is a 400). */
const PARSE_ERRORS = {
  HPE_HEADER_OVERFLOW: 431,
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 413,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};
/**
 * A Host header's value: a host name or an IP literal and an optional port, as RFC 9110 defines it.
 * Anything else answers 400, as does a value the URL parser refuses (a port past 65535).
 */
const HOST = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9\-._~!$&'()*+,;=%]+)(?::\d*)?$/;
/** Marks the preview's own runs of scheduled functions; its value is known to this process only. */
const SCHEDULED_RUN = "x-preview-scheduled-run";

/**
 * Like a deploy, the preview builds each function once and runs that build for every request, in warm
 * instances (warm-functions.mjs). The local server would otherwise bundle the function again for each
 * request and run it in a fresh worker, which is right while its source changes
 * under `npm start` but only slows a preview of a finished build. The first request to a function
 * builds it into a folder that stays; later ones pass no build folder, which makes the server run the
 * build it has. Requests that arrive while that first one runs wait for it: building the function
 * again into the same folder would replace its files under code already running from them (a module
 * the function imports later, such as the mailer, would be missing for a moment).
 * A request `refuse` answers never reaches the function, nor builds it.
 * @param {string} root
 * @param {(request: Request, func: { name: string }) => Response | null} refuse
 */
function buildFunctionsOnce(root, refuse) {
  const original = FunctionsHandler.prototype.invoke;
  const folder = join(root, ".netlify", "functions-serve", "_preview");
  /** @type {WeakSet<object>} */
  const built = new WeakSet();
  /** @type {WeakMap<object, Promise<unknown>>} */
  const firstRuns = new WeakMap();
  /** @type {Set<() => Promise<void>>} */
  const stops = new Set();
  FunctionsHandler.prototype.invoke = async function invoke(request, route, func, _buildDirectory) {
    const refusal = refuse(request, func);
    if (refusal) return refusal;
    stops.add(warmInstances(func.runtime));
    for (let running = firstRuns.get(func); running; running = firstRuns.get(func)) await running.catch(() => {});
    if (built.has(func)) return original.call(this, request, route, func, "");
    const first = original.call(this, request, route, func, folder);
    firstRuns.set(func, first);
    try {
      const response = await first;
      if (!func.buildError) built.add(func);
      return response;
    } finally {
      firstRuns.delete(func);
    }
  };
  return async () => {
    FunctionsHandler.prototype.invoke = original;
    await Promise.all([...stops].map((stop) => stop()));
  };
}

/**
 * What the steps of one preview server share: the local Netlify server, the project's root and port,
 * the log, the scheduled functions' names, the token of the preview's own runs of them, and the
 * refusals of calls to them by URL.
 * @typedef {{
 *   netlify: NetlifyDev,
 *   root: string,
 *   port: number,
 *   log: (line: string) => void,
 *   scheduledNames: Set<string>,
 *   runToken: string,
 *   refusals: WeakSet<Response>,
 * }} Preview
 */

/**
 * @param {{ port: number, host?: string, root?: string, log?: (line: string) => void }} options
 */
export async function serveNetlify({ port, host = "127.0.0.1", root = process.cwd(), log = console.log }) {
  const netlify = localNetlify(root, port);
  // Netlify runs a scheduled function on its schedule only: called by URL, it is not found. The
  // preview's own runs carry a token no client knows.
  /** @type {Preview} */
  const preview = {
    netlify,
    root,
    port,
    log,
    scheduledNames: new Set(),
    runToken: randomUUID(),
    refusals: new WeakSet(),
  };
  const restoreBuilds = buildFunctionsOnce(root, (request, func) => refuseScheduled(preview, request, func));
  await netlify.start();
  const keepBuilds = keepFunctionBuildsInUse(root);
  const scheduled = await findScheduled(preview);
  const server = previewServer(preview);
  await listen(server, port, host);
  const stopSchedules = runOnSchedule(scheduled, (name, next) => runScheduled(preview, name, next), { log });

  return {
    url: `http://localhost:${port}`,
    async close() {
      await new Promise((resolve) => server.close(() => resolve(undefined)));
      await stopSchedules();
      await netlify.stop();
      await keepBuilds.release();
      await restoreBuilds();
    },
  };
}

/**
 * The local Netlify server for the project in `root`, with what a deploy of this site uses: Blobs,
 * Functions, environment variables, header and redirect rules and static files.
 * @param {string} root
 * @param {number} port
 */
function localNetlify(root, port) {
  return new NetlifyDev({
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
}

/**
 * Refuses a call of a scheduled function by URL with a 404 the server later answers as not found;
 * the preview's own runs, which carry its token, pass. The token's header never reaches the function.
 * @param {Preview} preview
 * @param {Request} request
 * @param {{ name: string }} func
 */
function refuseScheduled(preview, request, func) {
  if (!preview.scheduledNames.has(func.name)) return null;
  const scheduledRun = request.headers.get(SCHEDULED_RUN) === preview.runToken;
  request.headers.delete(SCHEDULED_RUN);
  if (scheduledRun) return null;
  const refusal = new Response(null, { status: 404 });
  preview.refusals.add(refusal);
  return refusal;
}

/**
 * The site's scheduled functions, read from its functions folder; their names join those that are
 * refused when called by URL.
 * @param {Preview} preview
 */
async function findScheduled(preview) {
  const { config } = await preview.netlify.getConfig();
  const functionsDirectory = config.functionsDirectory ?? join(preview.root, "netlify", "functions");
  const scheduled = existsSync(functionsDirectory)
    ? await scheduledFunctions(functionsDirectory, config.functions ?? {})
    : [];
  for (const { name } of scheduled) preview.scheduledNames.add(name);
  return scheduled;
}

/**
 * The site's 404.html and the header rules it gets, which are those of every page.
 * @param {Preview} preview
 */
async function notFoundPage(preview) {
  /** @type {[string, string][]} */
  const rules = [];
  const page = await preview.netlify.handle(new Request(`http://localhost:${preview.port}/404.html`), {
    headersCollector: (key, value) => rules.push([key, value]),
  });
  return { body: page ? await page.text() : "Not found", rules };
}

/**
 * Netlify answers unknown paths with the site's 404.html, status 404, under the same header rules.
 * @param {Preview} preview
 * @param {[string, string][]} ruleHeaders
 */
async function notFound(preview, ruleHeaders) {
  const { body, rules } = await notFoundPage(preview);
  ruleHeaders.push(...rules);
  return new Response(body, { status: 404, headers: { "content-type": "text/html; charset=utf-8" } });
}

/**
 * A malformed request answers 400, under every page's header rules.
 * @param {Preview} preview
 * @param {[string, string][]} ruleHeaders
 */
async function badRequest(preview, ruleHeaders) {
  ruleHeaders.push(...(await notFoundPage(preview)).rules);
  return new Response("Bad request\n", { status: 400, headers: { "content-type": "text/plain; charset=utf-8" } });
}

/**
 * Like Netlify's CDN, a failure shows no detail: a 5xx gets every page's header rules it lacks, and
 * its body, unless it is the JSON of one of the site's functions, becomes a plain "Internal error".
 * The detail (a function's stack, say) goes to the server log only.
 * @param {Preview} preview
 * @param {Response} response
 * @param {string} label
 * @param {[string, string][]} ruleHeaders
 */
async function withoutDetail(preview, response, label, ruleHeaders) {
  ruleHeaders.push(...(await notFoundPage(preview)).rules);
  const type = (response.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
  if (type === "application/json") return response;
  const detail = await response.text().catch((error) => String(error));
  preview.log(`${response.status} ${label}: ${detail}`);
  return new Response("Internal error\n", {
    status: response.status,
    headers: { "content-type": "text/plain; charset=utf-8" },
  });
}

/**
 * A refused method answers 405 with the methods that are served, under every page's header rules.
 * @param {Preview} preview
 * @param {[string, string][]} ruleHeaders
 */
async function methodNotAllowed(preview, ruleHeaders) {
  ruleHeaders.push(...(await notFoundPage(preview)).rules);
  return new Response("Method not allowed\n", {
    status: 405,
    headers: { allow: ALLOWED_METHODS, "content-type": "text/plain; charset=utf-8" },
  });
}

/**
 * The answer to a request, before the CDN's last steps.
 * @param {Preview} preview
 * @param {import("node:http").IncomingMessage} req
 * @param {[string, string][]} ruleHeaders
 */
async function answer(preview, req, ruleHeaders) {
  if (!validHost(req.headers.host)) return badRequest(preview, ruleHeaders);
  if (REFUSED_METHODS.has(req.method ?? "")) return methodNotAllowed(preview, ruleHeaders);
  const path = decodedPath(req.url);
  // A path that does not decode names no file or function, nor do the rule files.
  if (path === null || RULE_FILES.has(path)) return notFound(preview, ruleHeaders);
  const match = await preview.netlify.handleAndIntrospectNodeRequest(req, {
    headersCollector: (key, value) => ruleHeaders.push([key, value]),
  });
  if (!match || preview.refusals.has(match.response)) return notFound(preview, ruleHeaders);
  return match.response;
}

/**
 * Writes the answer with the header rules it lacks, without Netlify's internal headers, and
 * compressed as the CDN compresses it.
 * @param {import("node:http").IncomingMessage} req
 * @param {import("node:http").ServerResponse} res
 * @param {Response} response
 * @param {[string, string][]} ruleHeaders
 */
function send(req, res, response, ruleHeaders) {
  const headers = new Headers(response.headers);
  for (const [key, value] of ruleHeaders) if (!headers.has(key)) headers.set(key, value);
  // Netlify's layers hand each other state in x-nf-* headers (function fetch timings name internal
  // addresses); the CDN removes them before answering.
  for (const name of [...headers.keys()]) if (name.startsWith("x-nf-")) headers.delete(name);
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
}

/**
 * The preview's HTTP server: every request goes to the handler, and the requests Node answers itself
 * (CONNECT, and those its parser refuses) are answered as the CDN answers them.
 * @param {Preview} preview
 */
function previewServer(preview) {
  const server = createServer((req, res) => handleRequest(preview, req, res));
  // Node hands CONNECT to this event rather than to the handler (and closes the connection unanswered
  // when nothing listens), with the socket's error handling removed.
  server.on("connect", (_req, socket) => {
    socket.on("error", () => socket.destroy());
    return answerOnSocket(preview, socket, 405, { allow: ALLOWED_METHODS });
  });
  // Node's parser refuses methods it does not know (TRACK among them) before the handler runs: those
  // answer 501 with the methods that are served. Other parse errors get Node's usual answers.
  server.on("clientError", (error, socket) => {
    const code = /** @type {NodeJS.ErrnoException} */ (error).code ?? "";
    if (!socket.writable || socket.bytesWritten > 0) return socket.destroy();
    if (code === "HPE_INVALID_METHOD") return answerOnSocket(preview, socket, 501, { allow: ALLOWED_METHODS });
    const status = PARSE_ERRORS[code] ?? 400;
    socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n\r\n`);
  });
  return server;
}

/**
 * Answers one request as the CDN does, logs it, and answers a failure with a plain 500 (or drops the
 * connection when the answer had already begun).
 * @param {Preview} preview
 * @param {import("node:http").IncomingMessage} req
 * @param {import("node:http").ServerResponse} res
 */
async function handleRequest(preview, req, res) {
  const { log } = preview;
  const started = performance.now();
  /** @type {[string, string][]} */
  const ruleHeaders = [];
  // Like Netlify's edge, the client address comes from the connection, never from a header the
  // client could send: functions see it as context.ip.
  delete req.headers["x-nf-client-connection-ip"];
  delete req.headers[SCHEDULED_RUN];
  req.headers["x-forwarded-for"] = req.socket.remoteAddress ?? "";
  const label = `${req.method} ${req.url}`;
  try {
    let response = await answer(preview, req, ruleHeaders);
    if (response.status >= 500) response = await withoutDetail(preview, response, label, ruleHeaders);
    send(req, res, response, ruleHeaders);
    if (response.status === 404) log(`404 ${label}`);
    else if (process.env.PREVIEW_VERBOSE)
      log(`${response.status} ${label} ${(performance.now() - started).toFixed(1)}ms`);
  } catch (error) {
    log(`500 ${label}: ${error instanceof Error ? error.stack : String(error)}`);
    if (res.headersSent) return void res.destroy();
    try {
      ruleHeaders.length = 0;
      ruleHeaders.push(...(await notFoundPage(preview)).rules);
      const failure = new Response("Internal error\n", {
        status: 500,
        headers: { "content-type": "text/plain; charset=utf-8" },
      });
      send(req, res, failure, ruleHeaders);
    } catch (failed) {
      log(`500 ${label}: no answer sent: ${String(failed)}`);
      res.destroy();
    }
  }
}

/**
 * Answers on the bare socket, for requests that never reach the request handler.
 * @param {Preview} preview
 * @param {import("node:stream").Duplex} socket
 * @param {number} status
 * @param {Record<string, string>} headers
 */
async function answerOnSocket(preview, socket, status, headers) {
  const rules = await notFoundPage(preview).then(
    (page) => page.rules,
    () => [],
  );
  if (!socket.writable) return socket.destroy();
  const body = `${STATUS_CODES[status]}\n`;
  const lines = [`HTTP/1.1 ${status} ${STATUS_CODES[status]}`];
  for (const [key, value] of [...rules, ...Object.entries(headers)]) lines.push(`${key}: ${value}`);
  lines.push("content-type: text/plain; charset=utf-8", `content-length: ${body.length}`, "connection: close");
  socket.end(`${lines.join("\r\n")}\r\n\r\n${body}`);
}

/**
 * Starts the server listening; rejects when it cannot (the port is taken, say).
 * @param {import("node:http").Server} server
 * @param {number} port
 * @param {string} host
 */
async function listen(server, port, host) {
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(undefined));
  });
}

/**
 * Runs a scheduled function as Netlify's scheduler does: a POST naming the next run, which passes
 * the refusal of calls by URL. Resolves with the answer's status (and the detail of a failure).
 * @param {Preview} preview
 * @param {string} name
 * @param {Date} next
 */
async function runScheduled(preview, name, next) {
  const response = await preview.netlify.handle(
    new Request(`http://localhost:${preview.port}/.netlify/functions/${name}`, {
      method: "POST",
      headers: { "content-type": "application/json", [SCHEDULED_RUN]: preview.runToken },
      body: JSON.stringify({ next_run: next.toISOString() }),
    }),
  );
  if (!response) return "not found";
  const body = await response.text();
  return response.status >= 500 ? `${response.status} ${body.trim().split("\n")[0]}` : response.status;
}

/** Whether a Host header is well formed; a request without one (HTTP/1.0) is served as localhost's. */
function validHost(host) {
  if (host === undefined) return true;
  return HOST.test(host) && URL.canParse(`http://${host}/`);
}

/** The request's path, decoded and without a trailing slash; null when it does not decode. */
function decodedPath(url = "/") {
  try {
    const path = decodeURIComponent(new URL(url, "http://localhost").pathname);
    return path.length > 1 ? path.replace(/\/+$/, "") : path;
  } catch {
    return null;
  }
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
