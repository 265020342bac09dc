import type { Env } from "../../../../../netlify/lib/env";
import { notifyConfig } from "../../../../../netlify/lib/mail/config";
import { lazyStore, STORES } from "../../../../../netlify/lib/storage";
import { createNotifier } from "./notifier";

export { type NotifyConfig, notifyConfig } from "../../../../../netlify/lib/mail/config";
export { notificationMail } from "./message";
export { type ContactNotifier, createNotifier, type DrainSummary, type Notifier } from "./notifier";
export { deleteOutboxEntry, listOutboxKeys, type OutboxEntry, readOutboxEntry } from "./outbox";

/** The notifier of the deployed functions: the site's stores, configured from the environment. */
export function siteNotifier(env: Env = process.env) {
  return createNotifier({
    outbox: lazyStore(STORES.outbox),
    submissions: lazyStore(STORES.submissions),
    config: notifyConfig(env),
  });
}
