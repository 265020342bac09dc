import { connect } from "node:net";
import { authEmulatorHost, demoAccounts } from "../../scripts/lib/demo-accounts.mjs";
import { expect, test } from "./fixtures";

// The local server stands in for Netlify's CDN, so it must answer the way the CDN does even to
// requests no browser sends: odd methods, undecodable paths, the rule files, internal headers.

const ORIGIN = new URL("http://localhost:8888");

/**
 * Sends one request line as written, over a plain socket: fetch-based clients refuse TRACE, CONNECT
 * and TRACK, and Node's own client treats CONNECT specially.
 */
function rawRequest(method: string, path: string): Promise<{ status: number; headers: Map<string, string> }> {
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
      const [head = ""] = text.split("\r\n\r\n");
      const [statusLine = "", ...lines] = head.split("\r\n");
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
      const headers = new Map<string, string>();
      for (const line of lines) {
        const colon = line.indexOf(":");
        if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
      }
      resolve({ status, headers });
    });
    socket.write(`${method} ${path} HTTP/1.1\r\nHost: ${ORIGIN.host}\r\nConnection: close\r\n\r\n`);
  });
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
});
