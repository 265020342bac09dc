import type { Env } from "../env";
import { lazyStore, STORES } from "../storage";
import { notifyConfig } from "./config";
import { createNotifier } from "./notifier";

export { type NotifyConfig, notifyConfig } from "./config";
export { notificationMail } from "./message";
export { type ContactNotifier, createNotifier, type DrainSummary, type Notifier, runAfterAnswer } from "./notifier";
export { deleteOutboxEntry, listOutboxKeys, type OutboxEntry, readOutboxEntry } from "./outbox";

/** The notifier of the deployed functions: the site's stores, configured from the environment. */
export function siteNotifier(env: Env = process.env) {
  return createNotifier({
    outbox: lazyStore(STORES.outbox),
    submissions: lazyStore(STORES.submissions),
    config: notifyConfig(env),
  });
}
