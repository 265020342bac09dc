import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { authEmulatorHost, demoProjectId } from "../../scripts/lib/demo-accounts.mjs";

const run = promisify(execFile);
const grant = (...args: string[]) =>
  run(process.execPath, ["scripts/admin-grant.mjs", ...args], {
    env: { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: authEmulatorHost, FIREBASE_SERVICE_ACCOUNT: "" },
  });

async function claimsOf(email: string): Promise<Record<string, unknown>> {
  const res = await fetch(
    `http://${authEmulatorHost}/identitytoolkit.googleapis.com/v1/projects/${demoProjectId}/accounts:lookup`,
    {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer owner" },
      body: JSON.stringify({ email: [email] }),
    },
  );
  const json = (await res.json()) as { users?: { customAttributes?: string }[] };
  return JSON.parse(json.users?.[0]?.customAttributes ?? "{}");
}

describe("admin:grant against the Auth emulator", () => {
  it("seeds the admin demo account with the claim and the user account without it", async () => {
    expect(await claimsOf("admin@example.com")).toEqual({ admin: true });
    expect(await claimsOf("user@example.com")).toEqual({});
  });

  it("grants and revokes the admin claim by email", async () => {
    const email = "user@example.com";
    const granted = await grant(email);
    expect(granted.stdout).toContain(`Granted admin for ${email}`);
    expect(await claimsOf(email)).toEqual({ admin: true });

    const revoked = await grant(email, "--revoke");
    expect(revoked.stdout).toContain(`Revoked admin for ${email}`);
    expect(await claimsOf(email)).toEqual({});
  });

  it("fails clearly for an unknown email and for a missing argument", async () => {
    await expect(grant("nobody@example.com")).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("No user with the email nobody@example.com"),
    });
    await expect(grant()).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining("Usage") });
  });

  it("says what to start when the emulator is not running, instead of a raw connection error", async () => {
    const nowhere = promisify(execFile)(process.execPath, ["scripts/admin-grant.mjs", "user@example.com"], {
      env: { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9", FIREBASE_SERVICE_ACCOUNT: "" },
    });
    await expect(nowhere).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(
        "The Auth emulator is not running at 127.0.0.1:9. Start the site with `npm start`",
      ),
    });
    await expect(nowhere).rejects.toMatchObject({ stderr: expect.not.stringContaining("ECONNREFUSED") });
  });
});
