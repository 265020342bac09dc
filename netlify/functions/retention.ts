import type { Config } from "@netlify/functions";
import { retentionMonths } from "../../src/features/inbox/retention";
import { applyRetention } from "../../src/features/inbox/server/retention";
import { lazyStore, STORES } from "../lib/storage";

/**
 * Daily: deletes enquiries older than SUBMISSION_RETENTION_MONTHS (24 unless set) with everything that
 * belongs to them, and keeps the inbox index true to the store. An invalid setting deletes nothing.
 */
export default async () => {
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
    { months, now: Date.now() },
  );
  console.log(
    `retention (${months} months, before ${result.cutoff}): ${result.deleted} deleted, ` +
      `${result.ghosts} stale index entries removed, ${result.indexed} added to the index`,
  );
};

export const config: Config = {
  schedule: "@daily",
};
