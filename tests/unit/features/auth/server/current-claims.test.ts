import { describe, expect, it } from "vitest";
import {
  CLAIMS_CACHE_MS,
  type CurrentAccount,
  cachedAccounts,
  firebaseAccountLookup,
} from "../../../../../src/features/auth/server/current-claims";

describe("cachedAccounts", () => {
  it(`reads an account once per ${CLAIMS_CACHE_MS / 1000} s per user, and again after`, async () => {
    const reads: string[] = [];
    let admin = true;
    const clock = { at: 0 };
    const lookup = cachedAccounts(
      async (uid): Promise<CurrentAccount> => {
        reads.push(uid);
        return { admin, disabled: false, validSince: null };
      },
      { now: () => clock.at },
    );
    expect((await lookup("a"))?.admin).toBe(true);
    admin = false;
    clock.at = CLAIMS_CACHE_MS - 1;
    expect((await lookup("a"))?.admin).toBe(true);
    expect((await lookup("b"))?.admin).toBe(false);
    clock.at = CLAIMS_CACHE_MS;
    expect((await lookup("a"))?.admin).toBe(false);
    expect(reads).toEqual(["a", "b", "a"]);
  });

  it("keeps no failure: the next call reads again", async () => {
    let calls = 0;
    const lookup = cachedAccounts(async () => {
      calls += 1;
      if (calls === 1) throw new Error("unreachable");
      return null;
    });
    await expect(lookup("a")).rejects.toThrow("unreachable");
    await expect(lookup("a")).resolves.toBeNull();
  });
});

describe("firebaseAccountLookup", () => {
  const reader = (user: object | Error) => async () => ({
    getUser: async () => {
      if (user instanceof Error) throw user;
      return user as { disabled: boolean };
    },
  });

  it("reads the admin claim, the disabled flag and the revocation time as they are now", async () => {
    const lookup = firebaseAccountLookup(
      reader({
        disabled: true,
        customClaims: { admin: true },
        tokensValidAfterTime: "Thu, 26 Nov 2026 10:00:00 GMT",
      }),
    );
    expect(await lookup("a")).toEqual({ admin: true, disabled: true, validSince: Date.UTC(2026, 10, 26, 10) });
    const plain = firebaseAccountLookup(reader({ disabled: false, customClaims: { admin: "yes" } }));
    expect(await plain("a")).toEqual({ admin: false, disabled: false, validSince: null });
  });

  it("answers null for an unknown user and rejects on any other failure", async () => {
    const missing = Object.assign(new Error("no user"), { code: "auth/user-not-found" });
    expect(await firebaseAccountLookup(reader(missing))("a")).toBeNull();
    await expect(firebaseAccountLookup(reader(new Error("network")))("a")).rejects.toThrow("network");
  });
});
