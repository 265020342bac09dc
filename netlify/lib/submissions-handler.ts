import { bearerToken, InvalidTokenError, type TokenVerifier } from "./auth";
import { errorResponse, json } from "./http";
import { type BlobStore, StorageUnavailableError } from "./storage";
import { isSubmissionKey, listSubmissions, PAGE_SIZE } from "./submissions";

export interface SubmissionsDeps {
  store: BlobStore;
  verify: TokenVerifier;
  log?: (message: string, error?: unknown) => void;
}

/** GET /api/contact-submissions: newest first, a page at a time, for admins only. */
export function createSubmissionsHandler(deps: SubmissionsDeps) {
  const log = deps.log ?? ((message: string, error?: unknown) => console.error(message, error));
  return async function handle(request: Request): Promise<Response> {
    if (request.method !== "GET")
      return errorResponse(405, "method_not_allowed", "Method not allowed", {}, { allow: "GET" });

    const token = bearerToken(request.headers.get("authorization"));
    if (!token) return errorResponse(401, "unauthenticated", "Sign in required", {}, { "www-authenticate": "Bearer" });
    let user: Awaited<ReturnType<TokenVerifier>>;
    try {
      user = await deps.verify(token);
    } catch (error) {
      if (error instanceof InvalidTokenError) {
        return errorResponse(
          401,
          "invalid_token",
          "Invalid or expired token",
          {},
          { "www-authenticate": 'Bearer error="invalid_token"' },
        );
      }
      log("token verification failed", error);
      return errorResponse(503, "auth_unavailable", "Could not verify the sign-in, please try again");
    }
    if (!user.admin) return errorResponse(403, "forbidden", "Admin access required");

    const url = new URL(request.url);
    const cursor = url.searchParams.get("cursor");
    if (cursor !== null && !isSubmissionKey(cursor)) return errorResponse(400, "invalid_query", "Invalid cursor");
    const limitParam = url.searchParams.get("limit");
    const limit = limitParam === null ? PAGE_SIZE : Number(limitParam);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100)
      return errorResponse(400, "invalid_query", "limit must be 1-100");

    try {
      return json(await listSubmissions(deps.store, { cursor, limit }), 200, { vary: "authorization" });
    } catch (error) {
      if (!(error instanceof StorageUnavailableError)) throw error;
      log("listing submissions failed", error);
      return errorResponse(503, "storage_unavailable", "Storage unavailable, please try again later");
    }
  };
}
