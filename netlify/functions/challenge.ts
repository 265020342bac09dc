import type { Config, Context } from "@netlify/functions";
import { answerChallenge } from "../../src/features/spam/server/challenge-handler";

/** GET /api/challenge: a proof-of-work challenge for the public forms (see src/features/spam). */
export default (request: Request, context: Context) => answerChallenge(request, process.env, context);

// The path is written out: Netlify reads it from the source without running it. It is CHALLENGE_PATH.
export const config: Config = { path: "/api/challenge" };
