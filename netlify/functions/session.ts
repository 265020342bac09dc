import type { Config, Context } from "@netlify/functions";
import { siteOrigins } from "../lib/env";
import { createSessionHandler } from "../lib/staff-session";
import { chooseVerifier } from "../lib/token-verifier";

let handler: ReturnType<typeof createSessionHandler> | undefined;

/** Staff session cookie for the admin page: see staff-session.ts. */
export default async (request: Request, context: Context) => {
  handler ??= createSessionHandler({ verify: chooseVerifier(context), allowedOrigins: siteOrigins() });
  return handler(request);
};

export const config: Config = { path: "/api/session" };
