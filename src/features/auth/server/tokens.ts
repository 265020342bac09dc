// jose by module: a function loads only the parts it uses (its whole index costs a cold start ~30 ms).
import { decodeProtectedHeader } from "jose/decode/protected_header";
import * as errors from "jose/errors";
import { createRemoteJWKSet } from "jose/jwks/remote";
import { decodeJwt } from "jose/jwt/decode";
import { type JWTVerifyGetKey, jwtVerify } from "jose/jwt/verify";
import type { AccountLookup } from "./current-claims";

/** A token that is missing, malformed, forged or expired: answered with 401. */
export class InvalidTokenError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "InvalidTokenError";
  }
}

export interface VerifiedUser {
  uid: string;
  /** The `admin` custom claim, granted with `npm run admin:grant`. */
  admin: boolean;
  /** The account's email address, when it has one (recorded in the admin audit log). */
  email: string | null;
  /** When the token runs out (ms since the epoch); a session cookie holding it ends then too. */
  expiresAt?: number;
}

export type TokenVerifier = (token: string) => Promise<VerifiedUser>;

const JWT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/** The token of a strict `Authorization: Bearer <jwt>` header, or null. */
export function bearerToken(header: string | null): string | null {
  const match = /^Bearer ([^\s]+)$/.exec(header ?? "");
  const token = match?.[1];
  return token && JWT.test(token) ? token : null;
}

export const GOOGLE_SECURE_TOKEN_JWKS =
  "https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com";

/**
 * Verifies Firebase ID tokens as Firebase documents it: RS256, signed by one of Google's securetoken
 * keys, issued for this project, not expired, with a subject and a past auth_time.
 *
 * With `accounts`, the token proves who is signed in, and the account as it is now decides the rest
 * (an ID token keeps the claims it was issued with for its hour): `admin` is the account's current
 * claim, and a disabled account or a token issued before the account's sign-ins were revoked is
 * refused as invalid. A revoked role is so refused as soon as the lookup sees it (see CLAIMS_CACHE_MS).
 */
export function firebaseTokenVerifier(options: {
  projectId: string;
  keys?: JWTVerifyGetKey;
  now?: () => number;
  accounts?: AccountLookup;
}): TokenVerifier {
  const keys = options.keys ?? createRemoteJWKSet(new URL(GOOGLE_SECURE_TOKEN_JWKS));
  const now = options.now ?? Date.now;
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, keys, {
        algorithms: ["RS256"],
        issuer: `https://securetoken.google.com/${options.projectId}`,
        audience: options.projectId,
        currentDate: new Date(now()),
      });
      if (typeof payload.sub !== "string" || payload.sub === "") throw new InvalidTokenError("token has no subject");
      if (typeof payload.auth_time !== "number" || payload.auth_time * 1000 > now() + 60_000) {
        throw new InvalidTokenError("token has an invalid auth_time");
      }
      const email = typeof payload.email === "string" ? payload.email : null;
      const user: VerifiedUser = { uid: payload.sub, admin: payload.admin === true, email };
      if (options.accounts) {
        const account = await options.accounts(payload.sub);
        if (!account) throw new InvalidTokenError("no such user");
        if (account.disabled) throw new InvalidTokenError("the account is disabled");
        user.admin = account.admin;
        // A role taken away answers 403 (signed in, not allowed); a revoked sign-in of an admin, 401.
        if (account.admin && account.validSince !== null && payload.auth_time * 1000 < account.validSince) {
          throw new InvalidTokenError("the sign-in was revoked");
        }
      }
      if (typeof payload.exp === "number") user.expiresAt = payload.exp * 1000;
      return user;
    } catch (error) {
      if (error instanceof InvalidTokenError) throw error;
      if (error instanceof errors.JOSEError && !(error instanceof errors.JWKSTimeout)) {
        throw new InvalidTokenError(error.code, { cause: error });
      }
      throw error;
    }
  };
}

/**
 * For local runs only: the Auth emulator issues unsigned tokens, so the emulator itself is asked
 * whether a token is one of its own. Never used on a deployed site.
 */
export function emulatorTokenVerifier(options: { host: string; projectId: string; now?: () => number }): TokenVerifier {
  const now = options.now ?? Date.now;
  return async (token) => {
    let header: ReturnType<typeof decodeProtectedHeader>;
    let claims: ReturnType<typeof decodeJwt>;
    try {
      header = decodeProtectedHeader(token);
      claims = decodeJwt(token);
    } catch (error) {
      throw new InvalidTokenError("token cannot be decoded", { cause: error });
    }
    if (header.alg !== "none") throw new InvalidTokenError("not an emulator token");
    if (claims.aud !== options.projectId) throw new InvalidTokenError("token is for another project");
    if (typeof claims.exp !== "number" || claims.exp * 1000 <= now()) throw new InvalidTokenError("token expired");
    const response = await fetch(
      `http://${options.host}/identitytoolkit.googleapis.com/v1/accounts:lookup?key=emulator`,
      { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ idToken: token }) },
    );
    if (!response.ok) throw new InvalidTokenError("the emulator does not know this token");
    const body = (await response.json()) as {
      users?: { localId: string; email?: string; customAttributes?: string }[];
    };
    const user = body.users?.[0];
    if (!user || user.localId !== claims.sub) throw new InvalidTokenError("no such user");
    // Claims as they are now, so a revoked role takes effect at once.
    const attributes = JSON.parse(user.customAttributes || "{}") as { admin?: unknown };
    return {
      uid: user.localId,
      admin: attributes.admin === true,
      email: user.email ?? null,
      expiresAt: claims.exp * 1000,
    };
  };
}
