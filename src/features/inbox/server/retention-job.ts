import { guard } from "../../../../netlify/lib/storage";
import { deleteKeys, pruneErasureMarks, type RecordStores } from "./enquiry-store";
import { allStoredKeys, indexMissing, months, readIndex } from "./index-store";
import { keyTime, monthOf, ROWS_PREFIX, rowsKey, SHARD_PREFIX, shardKey } from "./storage-layout";

/** An index entry without its submission is removed only after this long: a submission being stored has its entry first. */
export const GHOST_GRACE_MS = 60 * 60 * 1000;

/** The time `months` calendar months before `now` (UTC), on the same day or the month's last day. */
export function retentionCutoff(now: number, months: number): number {
  const date = new Date(now);
  const monthIndex = date.getUTCFullYear() * 12 + date.getUTCMonth() - months;
  const year = Math.floor(monthIndex / 12);
  const month = monthIndex - year * 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(
    year,
    month,
    Math.min(date.getUTCDate(), lastDay),
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
    date.getUTCMilliseconds(),
  );
}

export interface RetentionResult {
  cutoff: string;
  /** Enquiries deleted because they were older than the cutoff. */
  deleted: number;
  /** Spam deleted because it arrived more than `spamDays` days ago. */
  spam: number;
  /** Index entries removed because their submission was no longer stored. */
  ghosts: number;
  /** Stored submissions added to the index because it lacked them. */
  indexed: number;
  /** Erasure marks deleted because they had served their time. */
  erasureMarks: number;
}

/**
 * Deletes every submission created before `months` months ago, and every one filed as spam that
 * arrived more than `spamDays` days ago, each with its index entry, export copy,
 * id pointer and outbox entry, and the documents of the months that are now empty. It also keeps the
 * index true to the store: entries whose submission is gone are removed (after GHOST_GRACE_MS) and
 * stored submissions the index lacks are added; erasure marks past their time go. One listing of the
 * submissions store: a daily job.
 */
export async function applyRetention(
  stores: RecordStores,
  { months: keep, spamDays, now }: { months: number; spamDays: number; now: number },
): Promise<RetentionResult> {
  const cutoff = retentionCutoff(now, keep);
  const [stored, entries] = await Promise.all([allStoredKeys(stores.submissions), readIndex(stores.index)]);
  const storedSet = new Set(stored);
  const indexed = new Set(entries.map((e) => e.key));

  const expired = [...new Set([...stored, ...indexed])].filter((key) => keyTime(key) < cutoff);
  await deleteKeys(stores, expired);
  const expiredCount = expired.filter((key) => storedSet.has(key)).length;

  // Spam goes sooner: `spamDays` after it arrived, whatever its status was before.
  const spamCutoff = now - spamDays * 24 * 60 * 60 * 1000;
  const spam = entries
    .filter(({ key, entry }) => entry.s === "spam" && keyTime(key) >= cutoff && keyTime(key) < spamCutoff)
    .map(({ key }) => key);
  await deleteKeys(stores, spam);

  const ghosts = entries
    .map((e) => e.key)
    .filter((key) => !storedSet.has(key) && keyTime(key) >= cutoff && keyTime(key) < now - GHOST_GRACE_MS);
  await deleteKeys(stores, ghosts);

  const added = await indexMissing(
    stores,
    stored.filter((key) => keyTime(key) >= cutoff),
    indexed,
  );

  // Months wholly before the cutoff hold nothing now: their documents go too.
  const firstKept = monthOf(cutoff);
  const [shardMonths, rowMonths] = await Promise.all([
    months(stores.index, SHARD_PREFIX),
    months(stores.index, ROWS_PREFIX),
  ]);
  await Promise.all([
    ...shardMonths
      .filter((month) => month < firstKept)
      .map((month) => guard("deleting an index shard", () => stores.index.delete(shardKey(month)))),
    ...rowMonths
      .filter((month) => month < firstKept)
      .map((month) => guard("deleting export copies", () => stores.index.delete(rowsKey(month)))),
  ]);

  const erasureMarks = await pruneErasureMarks(stores.index, now);

  return {
    cutoff: new Date(cutoff).toISOString(),
    deleted: expiredCount,
    spam: spam.filter((key) => storedSet.has(key)).length,
    ghosts: ghosts.length,
    indexed: added,
    erasureMarks,
  };
}
