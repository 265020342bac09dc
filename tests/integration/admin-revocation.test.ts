import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { promisify } from "node:util";
import { deleteApp, initializeApp } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authEmulatorHost, demoProjectId } from "../../scripts/lib/demo-accounts.mjs";
import {
  CLAIMS_CACHE_MS,
  cachedAccounts,
  deployedAccountLookup,
  firebaseAccountLookup,
} from "../../src/features/auth/server/current-claims";
import { createSessionHandler, SESSION_COOKIE } from "../../src/features/auth/server/session";
import { firebaseTokenVerifier } from "../../src/features/auth/server/tokens";
import { createSubmissionsHandler } from "../../src/features/inbox/server/handler";
import { startBlobs } from "../support/blobs";

// The deployed staff check, end to end: tokens signed as Google signs them (RS256, a key of our own
// in place of Google's), verified by the deployed verifier, with the account's current claims read by
// firebase-admin, here from the Auth emulator (firebase-admin's own emulator support) instead of the
// real project. The role is granted and revoked with `npm run admin:grant`, as staff would.

const SITE = "https://aural.example";
const run = promisify(execFile);
const adminGrant = (...args: string[]) =>
  run(process.execPath, ["scripts/admin-grant.mjs", ...args], {
    env: { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: authEmulatorHost, FIREBASE_SERVICE_ACCOUNT: "" },
  });

let blobs: Awaited<ReturnType<typeof startBlobs>>;
let app: ReturnType<typeof initializeApp>;
let sign: (uid: string, claims: Record<string, unknown>, authTime: number) => Promise<string>;
let keys: ReturnType<typeof createLocalJWKSet>;
const email = `revoked-${randomUUID().slice(0, 8)}@example.com`;
let uid = "";

beforeAll(async () => {
  blobs = await startBlobs();
  process.env.FIREBASE_AUTH_EMULATOR_HOST = authEmulatorHost;
  app = initializeApp({ projectId: demoProjectId }, `revocation-${randomUUID()}`);
  uid = (await getAuth(app).createUser({ email, password: "revoked-demo-123" })).uid;
  const { privateKey, publicKey } = await generateKeyPair("RS256");
  keys = createLocalJWKSet({ keys: [{ ...(await exportJWK(publicKey)), kid: "test-key", alg: "RS256" }] });
  sign = (subject, claims, authTime) =>
    new SignJWT({ ...claims, email, auth_time: Math.floor(authTime / 1000) })
      .setProtectedHeader({ alg: "RS256", kid: "test-key" })
      .setIssuer(`https://securetoken.google.com/${demoProjectId}`)
      .setAudience(demoProjectId)
      .setSubject(subject)
      .setIssuedAt(Math.floor(authTime / 1000))
      .setExpirationTime(Math.floor(authTime / 1000) + 3600)
      .sign(privateKey);
});
afterAll(async () => {
  await getAuth(app)
    .deleteUser(uid)
    .catch(() => {});
  await deleteApp(app);
  await blobs.stop();
});

/** The deployed functions' check with a clock the test moves. */
function deployed() {
  const clock = { at: Date.now() };
  const now = () => clock.at;
  const accounts = cachedAccounts(
    firebaseAccountLookup(async () => getAuth(app)),
    { now },
  );
  const verify = firebaseTokenVerifier({ projectId: demoProjectId, keys, now, accounts });
  const stores = (name: string) => blobs.store(`revocation-${name}-${randomUUID()}`);
  const inbox = createSubmissionsHandler({
    submissions: stores("submissions"),
    index: stores("index"),
    outbox: stores("outbox"),
    audit: stores("audit"),
    verify,
    now,
    log: () => {},
  });
  const session = createSessionHandler({ verify, now, log: () => {} });
  return { clock, inbox, session };
}

const list = (headers: Record<string, string>) =>
  new Request(`${SITE}/api/contact-submissions`, { headers: { origin: SITE, ...headers } });

describe("a revoked admin, deployed", () => {
  it(`is refused with 403 within ${CLAIMS_CACHE_MS / 1000} s, by bearer token and by session cookie alike`, async () => {
    const { clock, inbox, session } = deployed();
    await adminGrant(email);
    // Signed in after the grant: the token carries the claim, as Firebase issues it.
    const token = await sign(uid, { admin: true }, clock.at);
    expect((await inbox(list({ authorization: `Bearer ${token}` }))).status).toBe(200);
    const signedIn = await session(
      new Request(`${SITE}/api/session`, {
        method: "POST",
        headers: { origin: SITE, authorization: `Bearer ${token}` },
      }),
    );
    expect(signedIn.status).toBe(200);
    const cookie = `${SESSION_COOKIE}=${/aural_session=([^;]+)/.exec(signedIn.headers.get("set-cookie") ?? "")?.[1]}`;
    expect((await inbox(list({ cookie }))).status).toBe(200);

    await adminGrant(email, "--revoke");
    clock.at += CLAIMS_CACHE_MS;
    // The token and the cookie still say admin: the account no longer does.
    const byToken = await inbox(list({ authorization: `Bearer ${token}` }));
    expect(byToken.status).toBe(403);
    expect(await byToken.json()).toMatchObject({ error: { code: "forbidden" } });
    expect((await inbox(list({ cookie }))).status).toBe(403);
    expect(await (await session(new Request(`${SITE}/api/session`, { headers: { cookie } }))).json()).toMatchObject({
      admin: false,
    });
  });

  it("is refused with 401 for a token from before its sign-ins were revoked, even once the role is given back", async () => {
    const { clock, inbox } = deployed();
    await adminGrant(email);
    const before = await sign(uid, { admin: true }, clock.at);
    expect((await inbox(list({ authorization: `Bearer ${before}` }))).status).toBe(200);
    // Revocation times are whole seconds: revoke in a later second than the sign-in.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await adminGrant(email, "--revoke"); // also revokes the account's sign-ins
    await adminGrant(email);
    const revokedAt = (await getAuth(app).getUser(uid)).tokensValidAfterTime;
    expect(Date.parse(revokedAt ?? "")).toBeGreaterThan(clock.at);
    clock.at = Math.max(clock.at, Date.parse(revokedAt ?? "")) + CLAIMS_CACHE_MS;
    expect((await inbox(list({ authorization: `Bearer ${before}` }))).status).toBe(401);
    // Signing in again gives a token the account accepts.
    const after = await sign(uid, { admin: true }, clock.at);
    expect((await inbox(list({ authorization: `Bearer ${after}` }))).status).toBe(200);
  });

  it("is refused for a disabled account and an unknown user, whatever their token says", async () => {
    const { clock, inbox } = deployed();
    const stranger = await sign("no-such-user", { admin: true }, clock.at);
    expect((await inbox(list({ authorization: `Bearer ${stranger}` }))).status).toBe(401);
    await adminGrant(email);
    await getAuth(app).updateUser(uid, { disabled: true });
    try {
      const token = await sign(uid, { admin: true }, clock.at);
      expect((await inbox(list({ authorization: `Bearer ${token}` }))).status).toBe(401);
    } finally {
      await getAuth(app).updateUser(uid, { disabled: false });
    }
  });

  it("grants nothing when the accounts cannot be read: 503, not the token's word", async () => {
    const clock = { at: Date.now() };
    const now = () => clock.at;
    const accounts = deployedAccountLookup({ FIREBASE_SERVICE_ACCOUNT: "" }, demoProjectId);
    const verify = firebaseTokenVerifier({ projectId: demoProjectId, keys, now, accounts });
    const logged: string[] = [];
    const inbox = createSubmissionsHandler({
      submissions: blobs.store("revocation-none"),
      index: blobs.store("revocation-none-index"),
      outbox: blobs.store("revocation-none-outbox"),
      audit: blobs.store("revocation-none-audit"),
      verify,
      now,
      log: (message, error) => logged.push(`${message} ${error instanceof Error ? error.message : ""}`),
    });
    const token = await sign(uid, { admin: true }, clock.at);
    expect((await inbox(list({ authorization: `Bearer ${token}` }))).status).toBe(503);
    expect(logged.join("\n")).toContain("FIREBASE_SERVICE_ACCOUNT is not set");
    const emulatorSet = deployedAccountLookup(
      { FIREBASE_SERVICE_ACCOUNT: "{}", FIREBASE_AUTH_EMULATOR_HOST: authEmulatorHost },
      demoProjectId,
    );
    await expect(emulatorSet(uid)).rejects.toThrow("FIREBASE_AUTH_EMULATOR_HOST must not be set");
  });
});
