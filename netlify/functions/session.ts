import type { Config, Context } from "@netlify/functions";
import { createSessionHandler } from "../../src/features/auth/server/session";
import { chooseVerifier } from "../../src/features/auth/server/verifier";
import { siteOrigins } from "../lib/env";

let handler: ReturnType<typeof createSessionHandler> | undefined;

/** Staff session cookie for the admin page: see src/features/auth/server/session.ts. */
export default async (request: Request, context: Context) => {
  handler ??= createSessionHandler({ verify: chooseVerifier(context), allowedOrigins: siteOrigins() });
  return handler(request);
};

export const config: Config = { path: "/api/session" };
