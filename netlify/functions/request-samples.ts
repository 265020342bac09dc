import type { Config, Context } from "@netlify/functions";
import { SAMPLE_RESULT_PAGES } from "../../src/features/samples/messages";
import { rateLimitSalt, siteOrigins } from "../lib/env";
import { refuseUnconfigured } from "../lib/form-handler";
import { siteNotifier } from "../lib/notify";
import { readCatalogue } from "../lib/samples/catalogue";
import { createSamplesHandler } from "../lib/samples-handler";
import { lazyStore, STORES } from "../lib/storage";

const allowedOrigins = siteOrigins();
let handler: ReturnType<typeof createSamplesHandler> | undefined;
let catalogue: ReturnType<typeof readCatalogue> | undefined;

export default async (request: Request, context: Context) => {
  const salt = rateLimitSalt(process.env, context);
  if (salt.salt === null) {
    return refuseUnconfigured(request, salt.problem, {
      fn: "request-samples",
      label: "sample request form",
      errorPage: SAMPLE_RESULT_PAGES.error.path,
    });
  }
  handler ??= createSamplesHandler({
    submissions: lazyStore(STORES.submissions),
    index: lazyStore(STORES.index),
    rateLimits: lazyStore(STORES.rateLimit),
    salt: salt.salt,
    allowedOrigins,
    notifier: siteNotifier(),
    // Read once per instance; a failed read is tried again on the next request.
    catalogue: () => {
      catalogue ??= readCatalogue().catch((error: unknown) => {
        catalogue = undefined;
        throw error;
      });
      return catalogue;
    },
  });
  return handler(request, { ip: context.ip, waitUntil: (promise) => context.waitUntil?.(promise) });
};

export const config: Config = {
  path: "/api/request-samples",
};
