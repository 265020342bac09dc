import { connect } from "node:net";
import { authEmulatorHost, demoAccounts } from "../../scripts/lib/demo-accounts.mjs";
import { expect, test } from "./fixtures";

// The local server stands in for Netlify's CDN, so it must answer the way the CDN does even to
// requests no browser sends: odd methods, undecodable paths, the rule files, internal headers.

const ORIGIN = new URL("http://localhost:8888");

/**
 * Sends one request line and Host header as written, over a plain socket: fetch-based clients refuse
 * TRACE, CONNECT and TRACK and set the Host themselves, and Node's own client treats CONNECT specially.
 */
function rawRequest(
  method: string,
  path: string,
  host: string = ORIGIN.host,
): Promise<{ status: number; headers: Map<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(ORIGIN.port), ORIGIN.hostname);
    let text = "";
    socket.setEncoding("latin1");
    socket.setTimeout(10_000, () => socket.destroy(new Error(`${method} ${path}: no answer`)));
    socket.on("data", (chunk: string) => {
      text += chunk;
    });
    socket.on("error", reject);
    socket.on("close", () => {
      const split = text.indexOf("\r\n\r\n");
      const head = split < 0 ? text : text.slice(0, split);
      const [statusLine = "", ...lines] = head.split("\r\n");
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
      const headers = new Map<string, string>();
      for (const line of lines) {
        const colon = line.indexOf(":");
        if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
      }
      let body = split < 0 ? "" : text.slice(split + 4);
      if (/chunked/i.test(headers.get("transfer-encoding") ?? "")) body = unchunked(body);
      resolve({ status, headers, body });
    });
    socket.write(`${method} ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
  });
}

/** The data of a chunked body. */
function unchunked(body: string): string {
  let data = "";
  let at = 0;
  for (;;) {
    const end = body.indexOf("\r\n", at);
    const size = Number.parseInt(body.slice(at, end), 16);
    if (end < 0 || !(size > 0)) return data;
    data += body.slice(end + 2, end + 2 + size);
    at = end + 2 + size + 2;
  }
}

/** Sign-in token of the demo admin, from the Auth emulator the preview runs with. */
async function adminToken(request: import("@playwright/test").APIRequestContext): Promise<string> {
  const admin = demoAccounts.find((a) => a.claims.admin);
  const response = await request.post(
    `http://${authEmulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    { data: { email: admin?.email, password: admin?.password, returnSecureToken: true } },
  );
  const body = (await response.json()) as { idToken?: string };
  expect(body.idToken, "admin sign-in").toBeTruthy();
  return body.idToken ?? "";
}

/** The 404 page, status 404, under the same security headers as every page. */
async function expectNotFoundPage(response: import("@playwright/test").APIResponse, label: string) {
  expect(response.status(), label).toBe(404);
  expect(await response.text(), label).toContain("Page not found");
  const headers = response.headers();
  expect(headers["x-content-type-options"], label).toBe("nosniff");
  expect(headers["content-security-policy"], label).toContain("frame-ancestors 'none'");
  expect(headers["strict-transport-security"], label).toMatch(/max-age=\d{8,}/);
}

/** The security headers every page gets from the site's header rules. */
function expectSiteHeaders(headers: Record<string, string>, label: string) {
  expect(headers["x-content-type-options"], label).toBe("nosniff");
  expect(headers["x-frame-options"], label).toBe("DENY");
  expect(headers["content-security-policy"], label).toContain("frame-ancestors 'none'");
  expect(headers["strict-transport-security"], label).toMatch(/max-age=\d{8,}/);
}

/** No stack trace, file path or library name of the server in an answer. */
function expectNoInternals(body: string, label: string) {
  expect(body, label).not.toMatch(/\bat .+:\d+:\d+|file:\/\/|node_modules|\/work\/|@netlify|TypeError|Error:/);
}

test.describe("the local server answers as Netlify's CDN does", () => {
  test("TRACE, CONNECT and TRACK answer 405 or 501 with Allow; pages and functions keep their methods", async ({
    request,
  }) => {
    for (const method of ["TRACE", "CONNECT", "TRACK"]) {
      for (const path of ["/", "/contact", "/api/submit-contact-form", "/api/contact-submissions"]) {
        const { status, headers } = await rawRequest(method, path);
        expect([405, 501], `${method} ${path}`).toContain(status);
        expect(headers.get("allow"), `${method} ${path}`).toMatch(/\bGET\b.*\bHEAD\b/);
      }
    }
    expect((await request.get("/")).status()).toBe(200);
    expect((await request.head("/contact")).status()).toBe(200);
    // Each function still answers wrong methods itself, with its own Allow.
    const wrongMethod = await request.get("/api/submit-contact-form");
    expect(wrongMethod.status()).toBe(405);
    expect(wrongMethod.headers().allow).toBe("POST");
    expect((await request.put("/api/contact-submissions")).headers().allow).toBe("GET");
    expect((await request.get("/api/contact-submissions")).status()).toBe(401);
  });

  test("a path with malformed percent-encoding answers 400 or the 404 page, never 500", async ({ request }) => {
    for (const path of ["/%ff", "/%E0%A4%A", "/contact/%ff", "/api/%ff", "/_astro/%ff.js"]) {
      const response = await request.get(path);
      expect([400, 404], path).toContain(response.status());
      if (response.status() === 404) await expectNotFoundPage(response, path);
    }
  });

  test("the _headers and _redirects rule files are applied, never served", async ({ request }) => {
    for (const path of ["/_headers", "/_headers/", "/%5Fheaders", "/_redirects"]) {
      const response = await request.get(path);
      await expectNotFoundPage(response, path);
      expect(await response.text(), path).not.toContain("Strict-Transport-Security:");
    }
    // The rules themselves still apply.
    expect((await request.get("/")).headers()["x-frame-options"]).toBe("DENY");
  });

  test("the staff pages keep other sites' windows out (COOP); the public pages go without it", async ({ request }) => {
    const staff = ["/auth", "/auth/", "/auth.html", "/admin/contact-submissions", "/admin/contact-submissions.html"];
    for (const path of staff) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()["cross-origin-opener-policy"], path).toBe("same-origin");
      expectSiteHeaders(response.headers(), path);
    }
    // The editor signs in through a popup, which needs its opener.
    expect((await request.get("/cms/")).headers()["cross-origin-opener-policy"]).toBe("same-origin-allow-popups");
    for (const path of ["/", "/et/products", "/learning", "/contact", "/tools/room-acoustics-calculator"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()["cross-origin-opener-policy"], path).toBeUndefined();
      expectSiteHeaders(response.headers(), path);
    }
  });

  test("no internal x-nf-* header reaches the client, from pages or functions", async ({ request }) => {
    // Signed in, the function fetches from the Auth emulator and Blobs, and Netlify's runtime reports
    // each fetch, internal address included, in x-nf-fetch-timing.
    const token = await adminToken(request);
    const responses = {
      page: await request.get("/"),
      "404 page": await request.get("/missing-page"),
      "function, signed in": await request.get("/api/contact-submissions", {
        headers: { authorization: `Bearer ${token}` },
      }),
      "function, signed out": await request.get("/api/contact-submissions"),
    };
    for (const [label, response] of Object.entries(responses)) {
      const internal = Object.keys(response.headers()).filter((name) => name.startsWith("x-nf-"));
      expect(internal, label).toEqual([]);
    }
  });
  test("a query parameter named like an Object.prototype property is an ordinary parameter", async ({ request }) => {
    const calls: [string, (query: string) => Promise<import("@playwright/test").APIResponse>][] = [
      ["POST /api/submit-contact-form", (query) => request.post(`/api/submit-contact-form${query}`, { data: {} })],
      ["GET /api/submit-contact-form", (query) => request.get(`/api/submit-contact-form${query}`)],
      ["POST /api/request-samples", (query) => request.post(`/api/request-samples${query}`, { data: {} })],
      ["GET /api/contact-submissions", (query) => request.get(`/api/contact-submissions${query}`)],
      ["GET /api/session", (query) => request.get(`/api/session${query}`)],
    ];
    for (const [call, send] of calls) {
      const plain = await send("");
      const plainBody = await plain.text();
      expect(plain.status(), call).toBeLessThan(500);
      for (const name of ["__proto__", "constructor", "toString", "valueOf", "hasOwnProperty"]) {
        for (const query of [`?${name}=x`, `?${name}=1&${name}=2`]) {
          const label = `${call}${query}`;
          const response = await send(query);
          expect(response.status(), label).toBe(plain.status());
          expect(await response.text(), label).toBe(plainBody);
          expect(response.headers()["x-content-type-options"], label).toBe("nosniff");
        }
      }
    }
  });

  test("scheduled functions are not served by URL: any method gets the 404 page and nothing runs", async ({
    request,
  }) => {
    for (const name of ["notify-outbox", "retention", "daily-build"]) {
      const paths = [
        `/.netlify/functions/${name}`,
        `/.netlify/functions/${name}/`,
        `/.netlify/functions/${name}?next_run=2030-01-01T00:00:00Z`,
        `/.netlify/functions/${name}/more`,
        `/.netlify/builders/${name}`,
      ];
      for (const path of paths) {
        for (const method of ["GET", "POST", "PUT", "DELETE"]) {
          const label = `${method} ${path}`;
          const response = await request.fetch(path, {
            method,
            ...(method === "GET" ? {} : { data: { next_run: "2030-01-01T00:00:00Z" } }),
          });
          await expectNotFoundPage(response, label);
          expectSiteHeaders(response.headers(), label);
          // notify-outbox, run, answers with a summary of the outbox; retention with no body.
          expect(response.headers()["content-type"], label).toContain("text/html");
          expect(await response.text(), label).not.toContain('"queued"');
        }
        expect((await request.head(path)).status(), `HEAD ${path}`).toBe(404);
      }
    }
    // The functions that are served by URL still are.
    expect((await request.get("/api/contact-submissions")).status()).toBe(401);
  });

  test("a malformed Host header answers 400 under the site's security headers", async () => {
    for (const host of ["a b", "[", "localhost:99999", "user@localhost", ""]) {
      const label = `Host: ${host}`;
      const { status, headers, body } = await rawRequest("GET", "/", host);
      expect(status, label).toBe(400);
      expectSiteHeaders(Object.fromEntries(headers), label);
      expectNoInternals(body, label);
    }
  });

  test("a request the server fails on answers 500 under the site's security headers, without details", async () => {
    // Fetch refuses a URL with credentials, so the server cannot hand this request on to Netlify's layers.
    for (const path of [`http://user:secret@${ORIGIN.host}/`, `http://user@${ORIGIN.host}/api/session`]) {
      const { status, headers, body } = await rawRequest("GET", path);
      expect(status, path).toBe(500);
      expectSiteHeaders(Object.fromEntries(headers), path);
      expect(headers.get("content-type"), path).toMatch(/^text\/plain/);
      expect(body, path).toBe("Internal error\n");
      expectNoInternals(body, path);
    }
  });
});
