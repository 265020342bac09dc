import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { authEmulatorHost, demoProjectId } from "../../scripts/lib/demo-accounts.mjs";
import { emulatorTokenVerifier, firebaseTokenVerifier } from "../../src/features/auth/server/tokens";
import { createSubmissionsHandler } from "../../src/features/inbox/server/handler";
import { enquiryKey, saveEnquiry } from "../../src/features/inbox/server/listing";
import { startBlobs } from "../support/blobs";
import { emulatorSignIn } from "../support/emulator-sign-in";

const URL_BASE = "https://aural.example/api/contact-submissions";
let blobs: Awaited<ReturnType<typeof startBlobs>>;
let store: ReturnType<typeof blobs.store>;
/** The stores of the admin API; submissions are saved below the way older records were, without the index. */
let stores: () => {
  submissions: ReturnType<typeof blobs.store>;
  index: ReturnType<typeof blobs.store>;
  outbox: ReturnType<typeof blobs.store>;
  audit: ReturnType<typeof blobs.store>;
};

async function signIn(email: string, password: string): Promise<string> {
  return (await emulatorSignIn(email, password)).idToken;
}

const get = (token?: string, query = "", init: RequestInit = {}) =>
  new Request(`${URL_BASE}${query}`, { ...init, headers: token ? { authorization: `Bearer ${token}` } : {} });

beforeAll(async () => {
  blobs = await startBlobs();
  store = blobs.store("submissions-admin");
  stores = () => ({
    submissions: store,
    index: blobs.store("index-admin"),
    outbox: blobs.store("outbox-admin"),
    audit: blobs.store("audit-admin"),
  });
  // 120 submissions, one a minute, so that paging can be checked.
  for (let i = 0; i < 120; i++) {
    const created = new Date(Date.UTC(2025, 0, 5, 12, i));
    await saveEnquiry(store, {
      id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      created_at: created.toISOString(),
      name: `Visitor ${i}`,
      email: `v${i}@example.ee`,
      phone: i % 2 ? null : "+372 5555 0000",
      company: null,
      message: i === 119 ? "<script>alert(1)</script>" : `Message ${i}`,
    });
  }
});
afterAll(async () => {
  await blobs.stop();
});

describe("contact-submissions with the Auth emulator", () => {
  const handler = () =>
    createSubmissionsHandler({
      ...stores(),
      verify: emulatorTokenVerifier({ host: authEmulatorHost, projectId: demoProjectId }),
      log: () => {},
    });

  it("answers 401 without a token or with a malformed header", async () => {
    const handle = handler();
    expect((await handle(get())).status).toBe(401);
    for (const header of ["Basic abc", "Bearer", "Bearer not-a-jwt", "bearer a.b.c", "Bearer a.b.c extra"]) {
      const res = await handle(new Request(URL_BASE, { headers: { authorization: header } }));
      expect(res.status, header).toBe(401);
    }
  });

  it("answers 401 for a token signed by a key of its own, and for an expired token", async () => {
    const { privateKey } = await generateKeyPair("RS256");
    const forged = await new SignJWT({ admin: true, user_id: "x" })
      .setProtectedHeader({ alg: "RS256", kid: "forged" })
      .setIssuer(`https://securetoken.google.com/${demoProjectId}`)
      .setAudience(demoProjectId)
      .setSubject("x")
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(privateKey);
    expect((await handler()(get(forged))).status).toBe(401);

    const adminToken = await signIn("admin@example.com", "admin-demo-123");
    const later = createSubmissionsHandler({
      ...stores(),
      verify: emulatorTokenVerifier({
        host: authEmulatorHost,
        projectId: demoProjectId,
        now: () => Date.now() + 2 * 3600_000,
      }),
      log: () => {},
    });
    expect((await later(get(adminToken))).status).toBe(401);
  });

  it("answers 403 to a signed-in user without the admin claim", async () => {
    const token = await signIn("user@example.com", "user-demo-123");
    const res = await handler()(get(token));
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: { code: "forbidden", message: "Admin access required" } });
  });

  it("answers 200 to an admin with 50 submissions, newest first, and a cursor for the next page", async () => {
    const token = await signIn("admin@example.com", "admin-demo-123");
    const handle = handler();
    const first = await handle(get(token));
    expect(first.status).toBe(200);
    const page1 = await first.json();
    expect(page1.submissions).toHaveLength(50);
    expect(page1.submissions[0].name).toBe("Visitor 119");
    expect(page1.submissions[0].message).toBe("<script>alert(1)</script>");
    const times = page1.submissions.map((s: { created_at: string }) => s.created_at);
    expect(times).toEqual([...times].sort().reverse());
    expect(page1.next_cursor).toBe(enquiryKey(new Date(times.at(-1)), page1.submissions.at(-1).id));

    const page2 = await (await handle(get(token, `?cursor=${page1.next_cursor}`))).json();
    expect(page2.submissions[0].name).toBe("Visitor 69");
    const page3 = await (await handle(get(token, `?cursor=${page2.next_cursor}`))).json();
    expect(page3.submissions).toHaveLength(20);
    expect(page3.next_cursor).toBeNull();
  });

  it("rejects other methods, a bad cursor and a bad limit", async () => {
    const token = await signIn("admin@example.com", "admin-demo-123");
    const handle = handler();
    expect((await handle(get(token, "", { method: "POST" }))).status).toBe(405);
    expect((await handle(get(token, "?cursor=../../etc"))).status).toBe(400);
    expect((await handle(get(token, "?limit=5000"))).status).toBe(400);
  });

  it("sees a revoked admin claim at once", async () => {
    // An account of this test's own, so that other tests using the demo accounts are not disturbed.
    const api = (path: string, body: object) =>
      fetch(`http://${authEmulatorHost}/identitytoolkit.googleapis.com/v1/projects/${demoProjectId}/${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: "Bearer owner" },
        body: JSON.stringify(body),
      }).then((r) => r.json() as Promise<{ localId?: string; users?: { localId: string }[] }>);
    const email = "revoked-admin@example.com";
    const found = await api("accounts:lookup", { email: [email] });
    const localId = found.users?.[0]?.localId ?? (await api("accounts", { email, password: "revoked-123" })).localId;
    await api("accounts:update", {
      localId,
      password: "revoked-123",
      customAttributes: JSON.stringify({ admin: true }),
    });
    const token = await signIn(email, "revoked-123");
    expect((await handler()(get(token))).status).toBe(200);
    await api("accounts:update", { localId, customAttributes: JSON.stringify({}) });
    expect((await handler()(get(token))).status).toBe(403);
  });
});

describe("contact-submissions as deployed (Google's signing keys)", () => {
  const projectId = "aural-prod";
  const keys = (async () => {
    const trusted = await generateKeyPair("RS256");
    const other = await generateKeyPair("RS256");
    const jwk = { ...(await exportJWK(trusted.publicKey)), kid: "key-1", alg: "RS256", use: "sig" };
    return { trusted, other, keySet: createLocalJWKSet({ keys: [jwk] }) };
  })();

  async function token(
    options: { key?: "trusted" | "other"; admin?: boolean; expiresIn?: string; aud?: string; email?: string } = {},
  ) {
    const k = await keys;
    const signer = options.key === "other" ? k.other.privateKey : k.trusted.privateKey;
    const now = Math.floor(Date.now() / 1000);
    const email = options.email ? { email: options.email } : {};
    return new SignJWT({ admin: options.admin ?? true, auth_time: now - 60, ...email })
      .setProtectedHeader({ alg: "RS256", kid: "key-1" })
      .setIssuer(`https://securetoken.google.com/${projectId}`)
      .setAudience(options.aud ?? projectId)
      .setSubject("uid-1")
      .setIssuedAt(now - 60)
      .setExpirationTime(options.expiresIn ?? "1h")
      .sign(signer);
  }

  const handler = async () =>
    createSubmissionsHandler({
      ...stores(),
      verify: firebaseTokenVerifier({ projectId, keys: (await keys).keySet }),
      log: () => {},
    });

  it("answers 200 to a properly signed admin token and 403 without the claim", async () => {
    const handle = await handler();
    expect((await handle(get(await token()))).status).toBe(200);
    expect((await handle(get(await token({ admin: false })))).status).toBe(403);
  });

  it("answers 401 to a token signed by another key, an expired one, or one for another project", async () => {
    const handle = await handler();
    expect((await handle(get(await token({ key: "other" })))).status).toBe(401);
    expect((await handle(get(await token({ expiresIn: "-1m" })))).status).toBe(401);
    expect((await handle(get(await token({ aud: "someone-else" })))).status).toBe(401);
  });

  it("guards every route of the admin API the same way, and records the admin's uid and email", async () => {
    const handle = await handler();
    const id = "00000000-0000-4000-8000-000000000005";
    const routes: [string, string, object?][] = [
      ["GET", "/export.csv"],
      ["GET", "/audit"],
      ["POST", "/erase", { email: "v5@example.ee" }],
      ["PATCH", `/${id}`, { status: "read" }],
      ["DELETE", `/${id}`],
    ];
    const call = (method: string, path: string, auth: string, body?: object) =>
      handle(
        new Request(`${URL_BASE}${path}`, {
          method,
          headers: { authorization: `Bearer ${auth}`, "content-type": "application/json" },
          ...(body ? { body: JSON.stringify(body) } : {}),
        }),
      );
    for (const [method, path, body] of routes) {
      expect((await call(method, path, await token({ key: "other" }), body)).status, `${method} ${path}`).toBe(401);
      expect((await call(method, path, await token({ admin: false }), body)).status, `${method} ${path}`).toBe(403);
    }
    const patched = await call("PATCH", `/${id}`, await token({ email: "staff@aural.example" }), { status: "replied" });
    expect(patched.status).toBe(200);
    const { entries } = await (await call("GET", "/audit", await token())).json();
    expect(entries[0]).toMatchObject({
      admin: { uid: "uid-1", email: "staff@aural.example" },
      action: "status",
      id,
      status: "replied",
    });
  });

  it("never trusts an emulator token", async () => {
    const emulatorToken = await signIn("admin@example.com", "admin-demo-123");
    expect((await (await handler())(get(emulatorToken))).status).toBe(401);
  });

  it("refuses an emulator token for its own project before fetching any of Google's keys", async () => {
    const emulatorToken = await signIn("admin@example.com", "admin-demo-123");
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    try {
      const handle = createSubmissionsHandler({
        ...stores(),
        verify: firebaseTokenVerifier({ projectId: demoProjectId }),
        log: () => {},
      });
      const res = await handle(get(emulatorToken));
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: { code: "invalid_token", message: "Invalid or expired token" } });
      expect(fetchSpy).not.toHaveBeenCalled();
    } finally {
      fetchSpy.mockRestore();
    }
  });
});
