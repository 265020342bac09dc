import type { Config, Context } from "@netlify/functions";
import { RESULT_PAGES } from "../../src/features/contact/messages";
import { createContactHandler } from "../lib/contact-handler";
import { rateLimitSalt, siteOrigins } from "../lib/env";
import { refuseUnconfigured } from "../lib/form-handler";
import { siteNotifier } from "../lib/notify";
import { lazyStore, STORES } from "../lib/storage";

const allowedOrigins = siteOrigins();
let handler: ReturnType<typeof createContactHandler> | undefined;

export default async (request: Request, context: Context) => {
  const salt = rateLimitSalt(process.env, context);
  if (salt.salt === null) {
    return refuseUnconfigured(request, salt.problem, {
      fn: "submit-contact-form",
      label: "contact form",
      errorPage: RESULT_PAGES.error.path,
    });
  }
  handler ??= createContactHandler({
    submissions: lazyStore(STORES.submissions),
    index: lazyStore(STORES.index),
    rateLimits: lazyStore(STORES.rateLimit),
    salt: salt.salt,
    allowedOrigins,
    notifier: siteNotifier(),
  });
  // The notification mail is sent after the answer, kept alive by waitUntil where the platform has it.
  return handler(request, { ip: context.ip, waitUntil: (promise) => context.waitUntil?.(promise) });
};

export const config: Config = {
  path: "/api/submit-contact-form",
};
