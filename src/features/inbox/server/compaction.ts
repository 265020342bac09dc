import { inBatches } from "./cas";
import {
  addEntries,
  deletePending,
  deletePointer,
  type InboxStores,
  pendingKeys,
  readPointer,
  readRecordState,
  removeEntries,
  syncEntry,
} from "./index-store";
import { type FullRecord, indexEntry, keyId, keyTime } from "./storage-layout";

/**
 * Compaction: the one writer of additions to the month shards. A post writes its own index entry
 * (`pending/<key>`, see storage-layout.ts); this moves those entries into their shards, from the scheduled
 * `compact-inbox` function every minute and before every admin read.
 */

/** How many new entries one compaction moves at most; the next one moves the rest. */
export const COMPACT_BATCH = 1000;

/**
 * A new entry whose submission is still not stored this long after it was created belongs to a post
 * that never finished (its function stopped or failed between its writes): compaction removes the
 * entry and its id pointer. Far longer than any function may run.
 */
export const ORPHAN_GRACE_MS = 5 * 60 * 1000;

/**
 * Moves new entries into their month's shards, the one writer of additions to the shards. Each entry
 * is made from its stored submission as it is now (read before the shard write and once more after
 * it): a submission changed after the first read is synced again, one deleted is taken out again, so
 * a change or deletion running meanwhile is never undone (whichever comes last, the other sees it).
 * An entry whose submission cannot be read stays (lists name it), as does one whose submission is
 * not stored yet, until ORPHAN_GRACE_MS after its post: then it goes, with its id pointer.
 * Returns how many entries it moved.
 */
export async function compactPending(stores: InboxStores, now = Date.now()): Promise<number> {
  const keys = (await pendingKeys(stores.index)).slice(0, COMPACT_BATCH);
  if (keys.length === 0) return 0;
  const first = await inBatches(keys, 16, (key) => readRecordState(stores.submissions, key));
  const orphans = keys.filter((key, i) => first[i]?.state === "missing" && keyTime(key) < now - ORPHAN_GRACE_MS);
  await inBatches(orphans, 16, async (key) => {
    // The pointer first, only while it still names this key (an id is never reused, but a pointer is
    // checked): should the entry's deletion fail, the next compaction finds the entry again.
    if ((await readPointer(stores.index, keyId(key), now)) === key) await deletePointer(stores.index, keyId(key));
    await deletePending(stores.index, [key]);
  });
  const found = keys.flatMap((key, i) => {
    const read = first[i];
    return read?.state === "ok" ? [{ key, record: read.record }] : [];
  });
  await addEntries(
    stores.index,
    found.map(({ key, record }) => ({ key, entry: indexEntry(record) })),
  );
  const again = await inBatches(found, 16, ({ key }) => readRecordState(stores.submissions, key));
  const gone: string[] = [];
  const changed: { key: string; record: FullRecord }[] = [];
  found.forEach(({ key, record }, i) => {
    const now = again[i];
    if (now?.state === "missing") gone.push(key);
    else if (now?.state === "ok" && now.record.updated_at !== record.updated_at)
      changed.push({ key, record: now.record });
  });
  await removeEntries(stores.index, gone);
  await Promise.all(changed.map(({ key, record }) => syncEntry(stores.index, key, record)));
  await deletePending(
    stores.index,
    found.map(({ key }) => key),
  );
  return found.length;
}
