import type { Config } from "@netlify/functions";
import { FORM_RATE_LIMIT } from "../../src/features/forms/schema";
import { retentionMonths, spamRetentionDays } from "../../src/features/inbox/retention-settings";
import { applyRetention } from "../../src/features/inbox/server/retention-job";
import { pruneUsedProofs } from "../../src/features/spam/server/proof";
import { pruneDeliveryLog } from "../../src/features/spam/server/repeat-address";
import { pruneRateLimits } from "../lib/rate-limit";
import { lazyStore, STORES } from "../lib/storage";

/**
 * Daily: deletes the rate-limit records whose window has passed, the repeat-address check's delivery
 * records older than 30 days, the used proofs of work whose challenge has expired, enquiries older than SUBMISSION_RETENTION_MONTHS (24 unless set) and spam
 * older than SPAM_RETENTION_DAYS (30 unless set), each with everything that belongs to it, and keeps
 * the inbox index true to the store. An invalid setting deletes no enquiry.
 */
export default async () => {
  const now = Date.now();
  await pruneRateLimits(lazyStore(STORES.rateLimit), FORM_RATE_LIMIT.windowMs, now).then(
    (count) => console.log(`retention: ${count} rate-limit records past their window deleted`),
    (error: unknown) => console.error("retention could not prune the rate-limit records", error),
  );
  await pruneDeliveryLog(lazyStore(STORES.rateLimit), now).then(
    (count) => console.log(`retention: ${count} delivery address records past 30 days deleted`),
    (error: unknown) => console.error("retention could not prune the delivery address records", error),
  );
  await pruneUsedProofs(lazyStore(STORES.proofs), now).then(
    (count) => console.log(`retention: ${count} used proofs of work past their challenge's expiry deleted`),
    (error: unknown) => console.error("retention could not prune the used proofs of work", error),
  );
  let months: number;
  let spamDays: number;
  try {
    months = retentionMonths(process.env.SUBMISSION_RETENTION_MONTHS);
    spamDays = spamRetentionDays(process.env.SPAM_RETENTION_DAYS);
  } catch (error) {
    console.error(`retention skipped: ${(error as Error).message}`);
    return;
  }
  const result = await applyRetention(
    {
      submissions: lazyStore(STORES.submissions),
      index: lazyStore(STORES.index),
      outbox: lazyStore(STORES.outbox),
    },
    { months, spamDays, now },
  );
  console.log(
    `retention (${months} months, before ${result.cutoff}): ${result.deleted} deleted, ` +
      `${result.spam} spam older than ${spamDays} days deleted, ` +
      `${result.ghosts} stale index entries removed, ${result.indexed} added to the index, ` +
      `${result.erasureMarks} erasure marks past their time deleted`,
  );
};

export const config: Config = {
  schedule: "@daily",
};
