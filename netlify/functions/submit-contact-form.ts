import type { Config, Context } from "@netlify/functions";
import { RESULT_PAGES } from "../../src/features/contact/messages";
import { createContactHandler, wantsPage } from "../lib/contact-handler";
import { rateLimitSalt, siteOrigins } from "../lib/env";
import { errorResponse, seeOther } from "../lib/http";
import { siteNotifier } from "../lib/notify";
import { lazyStore, STORES } from "../lib/storage";

const allowedOrigins = siteOrigins();
let handler: ReturnType<typeof createContactHandler> | undefined;

export default async (request: Request, context: Context) => {
  const salt = rateLimitSalt(process.env, context);
  if (salt.salt === null) {
    // Deployed without a usable secret: no submission is accepted until RATE_LIMIT_SALT is set.
    console.error(`submit-contact-form refuses every request: ${salt.problem}`);
    if (wantsPage(request)) return seeOther(RESULT_PAGES.error.path);
    return errorResponse(503, "misconfigured", "The contact form is not available, please try again later");
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
