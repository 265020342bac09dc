import type { Env, InvocationContext } from "../../../../netlify/lib/env";
import { errorResponse, json } from "../../../../netlify/lib/http";
import { altchaKey, newChallenge } from "./proof";

/**
 * GET /api/challenge: a new proof-of-work challenge, as altcha-lib creates it, signed with
 * ALTCHA_HMAC_KEY and valid for 10 minutes. Never cached: each visitor solves one of their own.
 * Deployed without a usable key it answers 503, as the forms then do.
 */
export async function answerChallenge(request: Request, env: Env, context: InvocationContext): Promise<Response> {
  if (request.method !== "GET" && request.method !== "HEAD") {
    return errorResponse(405, "method_not_allowed", "Method not allowed", {}, { allow: "GET" });
  }
  const key = altchaKey(env, context);
  if (key.key === null) {
    console.error(`challenge refuses every request: ${key.problem}`);
    return errorResponse(503, "misconfigured", "The spam check is not available, please try again later");
  }
  return json(await newChallenge(key.key), 200, { "cache-control": "no-store" });
}
