import { getStore } from "@netlify/blobs";
import type { Config, Context } from "@netlify/functions";
import { createContactHandler } from "../lib/contact-handler";
import { isDeployed, readServerEnv } from "../lib/env";
import { STORES } from "../lib/storage";

const env = readServerEnv();
let handler: ReturnType<typeof createContactHandler> | undefined;

export default async (request: Request, context: Context) => {
  if (!handler) {
    if (env.usingDevelopmentSalt && isDeployed(context)) {
      console.warn("RATE_LIMIT_SALT is not set: rate-limit keys use the development salt");
    }
    // Stores need the Blobs context of the invocation, so they are created on the first request.
    handler = createContactHandler({
      submissions: getStore({ name: STORES.submissions, consistency: "strong" }),
      rateLimits: getStore({ name: STORES.rateLimit, consistency: "strong" }),
      salt: env.rateLimitSalt,
      allowedOrigins: env.siteOrigins,
    });
  }
  return handler(request, { ip: context.ip });
};

export const config: Config = {
  path: "/api/submit-contact-form",
};
