import { errorResponse, json, respond } from "../../../../netlify/lib/http";
import { bearerToken, InvalidTokenError, type TokenVerifier, type VerifiedUser } from "./tokens";

/**
 * How staff are signed in to the API. A request carries a Firebase ID token either as
 * `Authorization: Bearer <token>` (scripts, tests) or in the session cookie that POST /api/session sets
 * after checking a token (the admin page, which so needs no Firebase code of its own). The cookie holds
 * that same token: HttpOnly, so page scripts cannot read it; Secure; SameSite=Strict and sent to /api
 * only; it ends when the token does (at most an hour), and each use is verified like a header token,
 * so a revoked role is refused as before. A change asked for with the cookie must also come from the
 * site's own pages (its Origin is the site's), whatever the browser's SameSite support.
 */
export const SESSION_COOKIE = "aural_session";
const COOKIE_PATH = "/api";
const MAX_AGE_S = 3600;

type Via = "bearer" | "cookie";

function cookieToken(request: Request): string | null {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === SESSION_COOKIE) return bearerToken(`Bearer ${value.join("=")}`);
  }
  return null;
}

/** The token a request carries and how: the header wins over the cookie. */
export function requestToken(request: Request): { token: string; via: Via } | null {
  const header = bearerToken(request.headers.get("authorization"));
  if (header) return { token: header, via: "bearer" };
  const cookie = cookieToken(request);
  return cookie ? { token: cookie, via: "cookie" } : null;
}

const SAFE_METHODS = new Set(["GET", "HEAD"]);

/**
 * True when a request comes from a page of this site: its Origin is the one it was sent to, or one of
 * the site's addresses (`allowed`: the deploy's URLs, as the public forms accept).
 */
export function sameOrigin(request: Request, allowed: readonly string[] = []): boolean {
  const origin = request.headers.get("origin");
  return origin !== null && (origin === new URL(request.url).origin || allowed.includes(origin));
}

/** The cookie that signs a browser in until `expiresAt`, or signs it out (no `expiresAt`). */
export function sessionCookie(token: string | null, now: number, expiresAt?: number): string {
  const maxAge = token && expiresAt ? Math.max(0, Math.min(MAX_AGE_S, Math.floor((expiresAt - now) / 1000))) : 0;
  return `${SESSION_COOKIE}=${token ?? ""}; Path=${COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; Secure; SameSite=Strict`;
}

const invalidToken = (clear: boolean, now: number) =>
  errorResponse(
    401,
    "invalid_token",
    "Invalid or expired token",
    {},
    {
      "www-authenticate": 'Bearer error="invalid_token"',
      ...(clear ? { "set-cookie": sessionCookie(null, now) } : {}),
    },
  );

/**
 * The signed-in person, or the answer for a missing (401), invalid or expired (401; a stale cookie is
 * cleared) or unverifiable (503) token, or a cookie-carried change from elsewhere (403).
 */
export async function authenticateStaff(
  request: Request,
  verify: TokenVerifier,
  log: (message: string, error?: unknown) => void,
  now: number,
  allowedOrigins: readonly string[] = [],
): Promise<VerifiedUser | Response> {
  const found = requestToken(request);
  if (!found) return errorResponse(401, "unauthenticated", "Sign in required", {}, { "www-authenticate": "Bearer" });
  if (found.via === "cookie" && !SAFE_METHODS.has(request.method) && !sameOrigin(request, allowedOrigins)) {
    return errorResponse(403, "cross_site", "Changes are accepted from the site's own pages only");
  }
  try {
    return await verify(found.token);
  } catch (error) {
    if (error instanceof InvalidTokenError) return invalidToken(found.via === "cookie", now);
    log("token verification failed", error);
    return errorResponse(503, "auth_unavailable", "Could not verify the sign-in, please try again");
  }
}

export interface SessionDeps {
  verify: TokenVerifier;
  /** The site's addresses besides the one a request was sent to (see sameOrigin). */
  allowedOrigins?: readonly string[];
  now?: () => number;
  log?: (message: string, error?: unknown) => void;
}

/** What the session answers: who is signed in and whether they may use the inbox. */
export interface SessionInfo {
  email: string | null;
  admin: boolean;
}

const info = (user: VerifiedUser): SessionInfo => ({ email: user.email, admin: user.admin });

/**
 * /api/session:
 * - POST with `Authorization: Bearer <Firebase ID token>`: checks the token and sets the session cookie
 *   (200 with SessionInfo); from the site's own pages only.
 * - GET: SessionInfo for the cookie (or header) sent, 401 without a valid one.
 * - DELETE: clears the cookie (204); from the site's own pages only.
 * Other methods 405 with Allow.
 */
export function createSessionHandler(deps: SessionDeps) {
  const now = deps.now ?? Date.now;
  const log = deps.log ?? ((message: string, error?: unknown) => console.error(message, error));
  const allowed = deps.allowedOrigins ?? [];
  return async function handle(request: Request): Promise<Response> {
    switch (request.method) {
      case "GET": {
        const user = await authenticateStaff(request, deps.verify, log, now(), allowed);
        return user instanceof Response ? user : json(info(user));
      }
      case "POST": {
        if (!sameOrigin(request, allowed)) return errorResponse(403, "cross_site", "Sign in from the site's own pages");
        const token = bearerToken(request.headers.get("authorization"));
        if (!token)
          return errorResponse(401, "unauthenticated", "Sign in required", {}, { "www-authenticate": "Bearer" });
        const user = await authenticateStaff(request, deps.verify, log, now(), allowed);
        if (user instanceof Response) return user;
        return json(info(user), 200, { "set-cookie": sessionCookie(token, now(), user.expiresAt ?? now()) });
      }
      case "DELETE":
        if (!sameOrigin(request, allowed))
          return errorResponse(403, "cross_site", "Sign out from the site's own pages");
        return respond(null, 204, { "set-cookie": sessionCookie(null, now()) });
      default:
        return errorResponse(405, "method_not_allowed", "Method not allowed", {}, { allow: "GET, POST, DELETE" });
    }
  };
}
