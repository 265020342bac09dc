// A local HTTPS front for the preview, as Netlify serves a deployed site: TLS with a certificate made
// for the run, HTTP/2 (HTTP/1.1 for clients that ask for it), and a plain-HTTP listener that redirects
// to it. Lighthouse measures pages through it, so its simulated slow 4G models the connection a
// visitor really gets (one TLS handshake, then every request on the same HTTP/2 connection) rather
// than the preview's plain HTTP/1.1, which opens a new connection for each parallel request.
import { execFileSync } from "node:child_process";
import { createHash, X509Certificate } from "node:crypto";
import { readFile } from "node:fs/promises";
import http from "node:http";
import http2 from "node:http2";
import { join } from "node:path";

/** Connection-level headers HTTP/2 forbids; the front drops them both ways. */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade"]);

/** @param {Record<string, unknown>} headers */
const endToEnd = (headers) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !name.startsWith(":") && !HOP_BY_HOP.has(name)));

/**
 * Starts the front on `port` (and the redirect on `redirectPort`) for the server at `upstream`.
 * @param {{ server: <S extends import("node:net").Server>(server: S) => S }} run keeps the servers to close them
 * @param {{ folder: string, upstream: string, port: number, redirectPort: number, drop?: string[] }} options
 *   `drop`: response headers (lower case) the front leaves out, to measure what one of them costs
 * @returns {Promise<{ origin: string, cert: string, spki: string }>} the front's origin, the certificate's
 *   file and its public key's SHA-256 (what Chromium's --ignore-certificate-errors-spki-list trusts)
 */
export async function startTlsFront(run, { folder, upstream, port, redirectPort, drop = [] }) {
  const key = join(folder, "key.pem");
  const cert = join(folder, "cert.pem");
  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "1"],
      ...["-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost"],
    ],
    { stdio: "ignore" },
  );
  const target = new URL(upstream);
  const certificate = await readFile(cert);
  const front = http2.createSecureServer(
    { key: await readFile(key), cert: certificate, allowHTTP1: true },
    (req, res) => {
      const forward = http.request(
        {
          host: target.hostname,
          port: target.port,
          path: req.url,
          method: req.method,
          headers: { ...endToEnd(req.headers), host: target.host },
        },
        (answer) => {
          const headers = Object.entries(endToEnd(answer.headers)).filter(([name]) => !drop.includes(name));
          res.writeHead(answer.statusCode ?? 502, Object.fromEntries(headers));
          answer.pipe(res);
        },
      );
      forward.on("error", () => {
        if (!res.headersSent) res.writeHead(502);
        res.end();
      });
      req.pipe(forward);
    },
  );
  const redirect = http.createServer((req, res) => {
    res.writeHead(301, { location: `https://localhost:${port}${req.url}` }).end();
  });
  await Promise.all([
    new Promise((resolve) => run.server(front).listen(port, resolve)),
    new Promise((resolve) => run.server(redirect).listen(redirectPort, resolve)),
  ]);
  const publicKey = new X509Certificate(certificate).publicKey.export({ type: "spki", format: "der" });
  return {
    origin: `https://localhost:${port}`,
    cert,
    spki: createHash("sha256").update(publicKey).digest("base64"),
  };
}
