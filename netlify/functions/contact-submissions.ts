import type { Config, Context } from "@netlify/functions";
import { chooseVerifier } from "../../src/features/auth/server/verifier";
import { createSubmissionsHandler } from "../../src/features/inbox/server/handler";
import { siteNotifier } from "../../src/features/inbox/server/notify";
import { siteOrigins } from "../lib/env";
import { ADMIN_STORAGE_BUDGET_MS, lazyStore, STORES, withStorageBudget } from "../lib/storage";

let handler: ReturnType<typeof createSubmissionsHandler> | undefined;

export default async (request: Request, context: Context) => {
  handler ??= createSubmissionsHandler({
    submissions: lazyStore(STORES.submissions),
    index: lazyStore(STORES.index),
    outbox: lazyStore(STORES.outbox),
    audit: lazyStore(STORES.audit),
    labels: lazyStore(STORES.spamLabels),
    verify: chooseVerifier(context),
    notifier: siteNotifier(),
    allowedOrigins: siteOrigins(),
  });
  const handle = handler;
  return withStorageBudget(ADMIN_STORAGE_BUDGET_MS, () => handle(request));
};

export const config: Config = {
  path: ["/api/contact-submissions", "/api/contact-submissions/*"],
};
