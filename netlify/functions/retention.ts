import type { Config } from "@netlify/functions";
import { FORM_RATE_LIMIT } from "../../src/features/forms/schema";
import { retentionMonths } from "../../src/features/inbox/retention";
import { applyRetention } from "../../src/features/inbox/server/retention";
import { pruneRateLimits } from "../lib/rate-limit";
import { lazyStore, STORES } from "../lib/storage";

/**
 * Daily: deletes the rate-limit records whose window has passed, and enquiries older than
 * SUBMISSION_RETENTION_MONTHS (24 unless set) with everything that belongs to them, and keeps the
 * inbox index true to the store. An invalid setting deletes no enquiry.
 */
export default async () => {
  const now = Date.now();
  await pruneRateLimits(lazyStore(STORES.rateLimit), FORM_RATE_LIMIT.windowMs, now).then(
    (count) => console.log(`retention: ${count} rate-limit records past their window deleted`),
    (error: unknown) => console.error("retention could not prune the rate-limit records", error),
  );
  let months: number;
  try {
    months = retentionMonths(process.env.SUBMISSION_RETENTION_MONTHS);
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
    { months, now },
  );
  console.log(
    `retention (${months} months, before ${result.cutoff}): ${result.deleted} deleted, ` +
      `${result.ghosts} stale index entries removed, ${result.indexed} added to the index, ` +
      `${result.erasureMarks} erasure marks past their time deleted`,
  );
};

export const config: Config = {
  schedule: "@daily",
};
