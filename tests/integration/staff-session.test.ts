import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SECURITY_HEADERS } from "../../netlify/lib/http";
import { authEmulatorHost, demoProjectId } from "../../scripts/lib/demo-accounts.mjs";
import { createSessionHandler, SESSION_COOKIE } from "../../src/features/auth/server/session";
import { emulatorTokenVerifier } from "../../src/features/auth/server/tokens";
import { createSubmissionsHandler } from "../../src/features/inbox/server/handler";
import { startBlobs } from "../support/blobs";
import { emulatorSignIn } from "../support/emulator-sign-in";

const SITE = "https://aural.example";
let blobs: Awaited<ReturnType<typeof startBlobs>>;
let adminToken = "";
let userToken = "";

async function signIn(email: string, password: string): Promise<string> {
  return (await emulatorSignIn(email, password)).idToken;
}

beforeAll(async () => {
  blobs = await startBlobs();
  adminToken = await signIn("admin@example.com", "admin-demo-123");
  userToken = await signIn("user@example.com", "user-demo-123");
});
afterAll(async () => {
  await blobs.stop();
});

const verify = emulatorTokenVerifier({ host: authEmulatorHost, projectId: demoProjectId });
const session = createSessionHandler({ verify, log: () => {} });
let run = 0;
function inbox() {
  run += 1;
  return createSubmissionsHandler({
    submissions: blobs.store(`session-submissions-${run}`),
    index: blobs.store(`session-index-${run}`),
    outbox: blobs.store(`session-outbox-${run}`),
    audit: blobs.store(`session-audit-${run}`),
    verify,
    log: () => {},
  });
}

function request(
  path: string,
  method: string,
  { bearer, cookie, origin = SITE, body }: { bearer?: string; cookie?: string; origin?: string | null; body?: unknown },
) {
  const headers = new Headers();
  if (bearer) headers.set("authorization", `Bearer ${bearer}`);
  if (cookie !== undefined) headers.set("cookie", `theme=calm; ${SESSION_COOKIE}=${cookie}`);
  if (origin) headers.set("origin", origin);
  if (body !== undefined) headers.set("content-type", "application/json");
  return new Request(`${SITE}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** The attributes of the Set-Cookie an answer carries, by lower-cased name (the value under "value"). */
function setCookie(response: Response): Record<string, string> {
  const header = response.headers.get("set-cookie");
  expect(header, "a Set-Cookie header").not.toBeNull();
  const [pair, ...attributes] = (header ?? "").split(";").map((part) => part.trim());
  const [name, ...value] = (pair ?? "").split("=");
  expect(name).toBe(SESSION_COOKIE);
  const result: Record<string, string> = { value: value.join("=") };
  for (const attribute of attributes) {
    const [key, ...rest] = attribute.split("=");
    result[(key ?? "").toLowerCase()] = rest.join("=") || "true";
  }
  return result;
}

async function errorCode(response: Response) {
  return ((await response.json()) as { error: { code: string } }).error.code;
}

describe("/api/session", () => {
  it("checks a token posted from the site and sets an HttpOnly, Secure, SameSite=Strict cookie for /api, until the token ends", async () => {
    const response = await session(request("/api/session", "POST", { bearer: adminToken }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ email: "admin@example.com", admin: true });
    const cookie = setCookie(response);
    expect(cookie).toMatchObject({ value: adminToken, path: "/api", httponly: "true", secure: "true" });
    expect(cookie.samesite).toBe("Strict");
    const maxAge = Number(cookie["max-age"]);
    expect(maxAge).toBeGreaterThan(3000);
    expect(maxAge).toBeLessThanOrEqual(3600);
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(response.headers.get(name)).toBe(value);
  });

  it("answers who is signed in for the cookie, admin or not", async () => {
    const admin = await session(request("/api/session", "GET", { cookie: adminToken, origin: null }));
    expect(admin.status).toBe(200);
    expect(await admin.json()).toEqual({ email: "admin@example.com", admin: true });
    const user = await session(request("/api/session", "GET", { cookie: userToken, origin: null }));
    expect(await user.json()).toEqual({ email: "user@example.com", admin: false });
  });

  it("answers 401 without a cookie, and clears a cookie whose token is not valid", async () => {
    const none = await session(request("/api/session", "GET", { origin: null }));
    expect(none.status).toBe(401);
    expect(await errorCode(none)).toBe("unauthenticated");
    expect(none.headers.get("set-cookie")).toBeNull();
    // A token of no one: the admin token's header with an empty claim set.
    const noOne = `${adminToken.split(".")[0]}.e30.`;
    const stale = await session(request("/api/session", "GET", { cookie: noOne, origin: null }));
    expect(stale.status).toBe(401);
    expect(await errorCode(stale)).toBe("invalid_token");
    expect(setCookie(stale)).toMatchObject({ value: "", "max-age": "0" });
  });

  it("refuses to start a session from another site, without an origin, without a token or with a forged one", async () => {
    const elsewhere = await session(
      request("/api/session", "POST", { bearer: adminToken, origin: "https://evil.example" }),
    );
    expect(elsewhere.status).toBe(403);
    expect(await errorCode(elsewhere)).toBe("cross_site");
    expect(elsewhere.headers.get("set-cookie")).toBeNull();
    const noOrigin = await session(request("/api/session", "POST", { bearer: adminToken, origin: null }));
    expect(noOrigin.status).toBe(403);
    const noToken = await session(request("/api/session", "POST", { cookie: adminToken }));
    expect(noToken.status).toBe(401);
    expect(noToken.headers.get("set-cookie")).toBeNull();
    const forged = await session(request("/api/session", "POST", { bearer: `${adminToken.slice(0, -4)}abcd` }));
    expect(forged.status).toBe(401);
  });

  it("accepts the site's other addresses it is told of (the deploy's URLs) as its own", async () => {
    const handle = createSessionHandler({ verify, log: () => {}, allowedOrigins: ["https://www.aural.example"] });
    const fromWww = await handle(
      request("/api/session", "POST", { bearer: adminToken, origin: "https://www.aural.example" }),
    );
    expect(fromWww.status).toBe(200);
    const elsewhere = await handle(
      request("/api/session", "POST", { bearer: adminToken, origin: "https://evil.example" }),
    );
    expect(elsewhere.status).toBe(403);
  });

  it("signs out from the site (the cookie cleared), not from elsewhere; other methods 405", async () => {
    const out = await session(request("/api/session", "DELETE", {}));
    expect(out.status).toBe(204);
    expect(setCookie(out)).toMatchObject({ value: "", "max-age": "0", path: "/api" });
    const elsewhere = await session(request("/api/session", "DELETE", { origin: "https://evil.example" }));
    expect(elsewhere.status).toBe(403);
    const put = await session(request("/api/session", "PUT", {}));
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("GET, POST, DELETE");
  });
});

describe("the admin API with the session cookie", () => {
  it("lists for an admin's cookie and refuses a non-admin's (403)", async () => {
    const handle = inbox();
    const list = await handle(request("/api/contact-submissions", "GET", { cookie: adminToken, origin: null }));
    expect(list.status).toBe(200);
    const denied = await handle(request("/api/contact-submissions", "GET", { cookie: userToken, origin: null }));
    expect(denied.status).toBe(403);
    expect(await errorCode(denied)).toBe("forbidden");
  });

  it("makes a change asked for with the cookie only from the site's own pages; a bearer token needs no origin", async () => {
    const handle = inbox();
    const erase = (options: Parameters<typeof request>[2]) =>
      handle(request("/api/contact-submissions/erase", "POST", { body: { email: "nobody@example.ee" }, ...options }));
    const fromSite = await erase({ cookie: adminToken });
    expect(fromSite.status).toBe(200);
    expect(await fromSite.json()).toEqual({ erased: 0 });
    for (const origin of ["https://evil.example", null]) {
      const refused = await erase({ cookie: adminToken, origin });
      expect(refused.status).toBe(403);
      expect(await errorCode(refused)).toBe("cross_site");
    }
    const script = await erase({ bearer: adminToken, origin: null });
    expect(script.status).toBe(200);
  });
});
