import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import http2 from "node:http2";
import type { AddressInfo, Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTlsFront } from "../../../scripts/lib/tls-front.mjs";

// The audit's HTTPS front: HTTP/2 to the upstream's answers with their headers, a plain-HTTP listener
// that redirects, and the response headers named in `drop` left out (and only those).
const servers: Server[] = [];
const run = {
  server: <S extends Server>(server: S) => {
    servers.push(server);
    return server;
  },
};
const folder = mkdtempSync(join(tmpdir(), "tls-front-"));
let upstream: http.Server;
const fronts: Record<string, { origin: string; cert: string }> = {};
const ports: Record<string, number> = {};

/** A free port on the loopback interface. */
async function freePort() {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

beforeAll(async () => {
  upstream = http.createServer((_req, res) => {
    res.writeHead(200, {
      "content-type": "text/plain",
      "cross-origin-opener-policy": "same-origin",
      "x-content-type-options": "nosniff",
    });
    res.end("hello");
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  const target = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  for (const [name, drop] of [
    ["plain", []],
    ["without COOP", ["cross-origin-opener-policy"]],
  ] as const) {
    const [port, redirectPort] = [await freePort(), await freePort()];
    ports[name] = redirectPort;
    fronts[name] = await startTlsFront(run, {
      folder: mkdtempSync(join(folder, "front-")),
      upstream: target,
      port,
      redirectPort,
      drop: [...drop],
    });
  }
});

afterAll(async () => {
  await Promise.all([upstream, ...servers].map((s) => new Promise((resolve) => s.close(resolve))));
  rmSync(folder, { recursive: true, force: true });
});

/** An HTTP/2 GET through a front, trusting only its certificate: status, headers and body. */
async function get(front: { origin: string; cert: string }, path: string) {
  const session = http2.connect(front.origin, { ca: readFileSync(front.cert) });
  try {
    return await new Promise<{ headers: http2.IncomingHttpHeaders; body: string }>((resolve, reject) => {
      const request = session.request({ ":path": path });
      let body = "";
      let headers: http2.IncomingHttpHeaders = {};
      request.on("response", (h) => {
        headers = h;
      });
      request.setEncoding("utf8");
      request.on("data", (chunk) => {
        body += chunk;
      });
      request.on("end", () => resolve({ headers, body }));
      request.on("error", reject);
      request.end();
    });
  } finally {
    session.close();
  }
}

describe("the audit's HTTPS front", () => {
  it("answers over HTTP/2 with the upstream's status, headers and body", async () => {
    const { headers, body } = await get(fronts.plain as { origin: string; cert: string }, "/about");
    expect(headers[":status"]).toBe(200);
    expect(headers["cross-origin-opener-policy"]).toBe("same-origin");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(body).toBe("hello");
  });

  it("leaves out the response headers it is told to drop, and no others", async () => {
    const { headers, body } = await get(fronts["without COOP"] as { origin: string; cert: string }, "/about");
    expect(headers[":status"]).toBe(200);
    expect(headers["cross-origin-opener-policy"]).toBeUndefined();
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(body).toBe("hello");
  });

  it("redirects plain HTTP to HTTPS, keeping the path", async () => {
    const location = await new Promise<string | undefined>((resolve, reject) => {
      http
        .get(`http://127.0.0.1:${ports.plain}/about?x=1`, (res) => {
          res.resume();
          resolve(res.statusCode === 301 ? res.headers.location : `status ${res.statusCode}`);
        })
        .on("error", reject);
    });
    expect(location).toBe(`${fronts.plain?.origin}/about?x=1`);
  });
});
