import type { ServiceAccount } from "firebase-admin/app";
import type { Env } from "../../../../netlify/lib/env";

/**
 * How long a deployed function trusts what it last read of a user's account (the `admin` claim,
 * whether the account is disabled, when its sign-ins were revoked). This is the bound on how long a
 * revoked admin keeps access: `npm run admin:grant -- EMAIL --revoke` is refused by every function
 * within this time, whatever its ID token or session cookie still says.
 */
export const CLAIMS_CACHE_MS = 60_000;

/** What the staff check needs of an account as it is now. */
export interface CurrentAccount {
  /** The `admin` custom claim as it is set now. */
  admin: boolean;
  disabled: boolean;
  /** Tokens issued before this time (ms) are revoked; null when they never were. */
  validSince: number | null;
}

/** The account as it is now, or null when there is no such user. */
export type AccountLookup = (uid: string) => Promise<CurrentAccount | null>;

/** The part of firebase-admin's Auth this reads. */
export interface UserReader {
  getUser(uid: string): Promise<{
    disabled: boolean;
    customClaims?: Record<string, unknown> | undefined;
    tokensValidAfterTime?: string | undefined;
  }>;
}

/** Looks a user up with firebase-admin: an unknown user is null, any other failure rejects. */
export function firebaseAccountLookup(auth: () => Promise<UserReader>): AccountLookup {
  return async (uid) => {
    try {
      const user = await (await auth()).getUser(uid);
      const validSince = user.tokensValidAfterTime ? Date.parse(user.tokensValidAfterTime) : Number.NaN;
      return {
        admin: user.customClaims?.admin === true,
        disabled: user.disabled,
        validSince: Number.isFinite(validSince) ? validSince : null,
      };
    } catch (error) {
      if ((error as { code?: unknown }).code === "auth/user-not-found") return null;
      throw error;
    }
  };
}

/**
 * A lookup whose answers are reused for `ttlMs` per user (CLAIMS_CACHE_MS), so a page of admin calls
 * costs one account read a minute, not one a call. Failures are not kept.
 */
export function cachedAccounts(
  lookup: AccountLookup,
  options: { ttlMs?: number; now?: () => number } = {},
): AccountLookup {
  const ttlMs = options.ttlMs ?? CLAIMS_CACHE_MS;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { at: number; account: Promise<CurrentAccount | null> }>();
  return (uid) => {
    const at = now();
    const kept = cache.get(uid);
    if (kept && at - kept.at < ttlMs) return kept.account;
    const account = lookup(uid);
    cache.set(uid, { at, account });
    account.catch(() => {
      if (cache.get(uid)?.account === account) cache.delete(uid);
    });
    // A function instance serves few staff: forget the oldest reads beyond a handful.
    if (cache.size > 100) cache.delete(cache.keys().next().value as string);
    return account;
  };
}

/** Why a deployed function cannot read accounts: refused with 503 (never granted on the token alone). */
export class AccountsUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "AccountsUnavailableError";
  }
}

/**
 * The deployed functions' account reader: firebase-admin with the service account in
 * FIREBASE_SERVICE_ACCOUNT (its JSON key), loaded on the first staff call only. Without a usable key,
 * or with FIREBASE_AUTH_EMULATOR_HOST set (firebase-admin would then ask that host), every staff call
 * is refused with 503 and the log says why.
 */
export function deployedAccountLookup(env: Env, projectId: string): AccountLookup {
  let reader: Promise<UserReader> | undefined;
  const load = async (): Promise<UserReader> => {
    if (env.FIREBASE_AUTH_EMULATOR_HOST?.trim()) {
      throw new AccountsUnavailableError("FIREBASE_AUTH_EMULATOR_HOST must not be set on a deployed site");
    }
    const key = env.FIREBASE_SERVICE_ACCOUNT?.trim();
    if (!key)
      throw new AccountsUnavailableError("FIREBASE_SERVICE_ACCOUNT is not set (the service account's JSON key)");
    let credentials: { project_id?: unknown; client_email?: unknown; private_key?: unknown };
    try {
      credentials = JSON.parse(key);
    } catch {
      throw new AccountsUnavailableError("FIREBASE_SERVICE_ACCOUNT is not a JSON key");
    }
    const { cert, getApps, initializeApp } = await import("firebase-admin/app");
    const { getAuth } = await import("firebase-admin/auth");
    const name = "staff-accounts";
    const app =
      getApps().find((existing) => existing.name === name) ??
      initializeApp({ credential: cert(credentials as ServiceAccount), ...(projectId ? { projectId } : {}) }, name);
    return getAuth(app);
  };
  return firebaseAccountLookup(() => {
    reader ??= load();
    reader.catch(() => {
      reader = undefined;
    });
    return reader;
  });
}
