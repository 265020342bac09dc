import type { Config, Context } from "@netlify/functions";
import { siteOrigins } from "../lib/env";
import { lazyStore, STORES } from "../lib/storage";
import { createSubmissionsHandler } from "../lib/submissions-handler";
import { chooseVerifier } from "../lib/token-verifier";

let handler: ReturnType<typeof createSubmissionsHandler> | undefined;

export default async (request: Request, context: Context) => {
  handler ??= createSubmissionsHandler({
    submissions: lazyStore(STORES.submissions),
    index: lazyStore(STORES.index),
    outbox: lazyStore(STORES.outbox),
    audit: lazyStore(STORES.audit),
    verify: chooseVerifier(context),
    allowedOrigins: siteOrigins(),
  });
  return handler(request);
};

export const config: Config = {
  path: ["/api/contact-submissions", "/api/contact-submissions/*"],
};
