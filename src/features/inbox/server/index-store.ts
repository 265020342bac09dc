import { type BlobStore, guard, readStoredJSON, StorageUnavailableError } from "../../../../netlify/lib/storage";
import type { UnreadableRecord } from "../api-contract";
import { backoff, inBatches, MAX_ATTEMPTS, updateJSON } from "./cas";
import { type Enquiry, EnquirySchema } from "./enquiry-schema";
import {
  type FullRecord,
  fullRecord,
  INDEX_VERSION,
  type IndexEntry,
  indexEntry,
  isEnquiryKey,
  keyId,
  keyTime,
  META_KEY,
  monthOf,
  PENDING_PREFIX,
  pendingKey,
  pointerKey,
  type RowsDoc,
  rowsKey,
  SHARD_PREFIX,
  type ShardDoc,
  shardKey,
} from "./storage-layout";

/** The stores the inbox reads and changes. */
export interface InboxStores {
  submissions: BlobStore;
  index: BlobStore;
}

/** One index entry with its submission key. */
export interface KeyedEntry {
  key: string;
  entry: IndexEntry;
}

const MONTH_DOC = /^(shard|rows)\/\d{4}-\d{2}$/;
const monthOfKey = (key: string) => monthOf(keyTime(key));

/** Keys grouped by the month of the shard they belong to. */
function byMonth<T>(items: T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const month = monthOfKey(keyOf(item));
    const group = groups.get(month) ?? [];
    group.push(item);
    groups.set(month, group);
  }
  return groups;
}

/** The months that have a document under `prefix`, newest first: one list call over the index store. */
export async function months(index: BlobStore, prefix: string): Promise<string[]> {
  const { blobs } = await guard("listing the index", () => index.list({ prefix }));
  return blobs
    .map((blob) => blob.key)
    .filter((key) => MONTH_DOC.test(key) && key.startsWith(prefix))
    .map((key) => key.slice(prefix.length))
    .sort()
    .reverse();
}

async function readShard(index: BlobStore, month: string): Promise<Record<string, IndexEntry>> {
  const doc = (await guard("reading the index", () =>
    index.get(shardKey(month), { type: "json", consistency: "strong" }),
  )) as ShardDoc | null;
  return doc?.items ?? {};
}

/** Whether a stored value is an index entry (a pending one may be cut off or written by hand). */
function isIndexEntry(value: unknown): value is IndexEntry {
  const entry = value as Partial<IndexEntry> | null;
  return (
    typeof entry === "object" &&
    entry !== null &&
    typeof entry.s === "string" &&
    typeof entry.u === "number" &&
    typeof entry.t === "string"
  );
}

/** The keys of the entries not yet compacted into their shards: one list call. */
export async function pendingKeys(index: BlobStore): Promise<string[]> {
  const { blobs } = await guard("listing new index entries", () => index.list({ prefix: PENDING_PREFIX }));
  return blobs.map((blob) => blob.key.slice(PENDING_PREFIX.length)).filter(isEnquiryKey);
}

/** The entries not yet compacted; an unreadable one is left out (its submission is read on its own). */
async function readPending(index: BlobStore): Promise<KeyedEntry[]> {
  const keys = await pendingKeys(index);
  const read = await inBatches(keys, 32, async (key) => {
    const stored = await readStoredJSON(index, pendingKey(key), "reading a new index entry");
    return stored.state === "ok" && isIndexEntry(stored.value) ? { key, entry: stored.value } : null;
  });
  return read.filter((entry): entry is KeyedEntry => entry !== null);
}

/** The new entries, with `submissions` only those whose submission is stored (readable or not). */
async function readStoredPending(index: BlobStore, submissions?: BlobStore): Promise<KeyedEntry[]> {
  const pending = await readPending(index);
  if (!submissions || pending.length === 0) return pending;
  const stored = await inBatches(pending, 32, async ({ key }) => {
    const read = await readStoredJSON(submissions, key, "reading a submission");
    return read.state !== "missing";
  });
  return pending.filter((_, i) => stored[i]);
}

/**
 * Every index entry, newest first (ascending key order): every month shard and the entries not yet
 * compacted into them, read in parallel. Where a key is in both (while it is being compacted), the
 * entry of the later change counts. With `submissions`, a new entry counts only once its submission
 * is stored: lists and counts never show a post still being written, or one whose function was
 * stopped half-way (its entry is removed by compaction, see ORPHAN_GRACE_MS).
 */
export async function readIndex(index: BlobStore, submissions?: BlobStore): Promise<KeyedEntry[]> {
  const [list, pending] = await Promise.all([months(index, SHARD_PREFIX), readStoredPending(index, submissions)]);
  const shards = await Promise.all(list.map((month) => readShard(index, month)));
  const byKey = new Map<string, IndexEntry>();
  for (const items of shards) for (const [key, entry] of Object.entries(items)) byKey.set(key, entry);
  for (const { key, entry } of pending) {
    const current = byKey.get(key);
    if (!current || current.u < entry.u) byKey.set(key, entry);
  }
  return [...byKey.keys()].sort().map((key) => ({ key, entry: byKey.get(key) as IndexEntry }));
}

/** Applies `change` to the items of one month's shard with a conditional write; it returns whether it changed them. */
async function changeShard(
  index: BlobStore,
  month: string,
  change: (items: Record<string, IndexEntry>) => boolean,
): Promise<void> {
  await updateJSON<ShardDoc>(
    index,
    shardKey(month),
    (doc) => {
      const items = { ...(doc?.items ?? {}) };
      return change(items) ? { v: INDEX_VERSION, items } : "unchanged";
    },
    `the index of ${month}`,
  );
}

/** Adds entries to their shards; an entry already there stays unless the new one is of a later change. */
export async function addEntries(index: BlobStore, entries: KeyedEntry[]): Promise<void> {
  await Promise.all(
    [...byMonth(entries, (e) => e.key)].map(([month, group]) =>
      changeShard(index, month, (items) => {
        let changed = false;
        for (const { key, entry } of group) {
          const current = items[key];
          if (current && current.u >= entry.u) continue;
          items[key] = entry;
          changed = true;
        }
        return changed;
      }),
    ),
  );
}

/** A new submission's own index entry (see PENDING_PREFIX): one write of a key nobody else writes. */
export async function writePending(index: BlobStore, key: string, entry: IndexEntry): Promise<void> {
  await guard("writing an index entry", () => index.setJSON(pendingKey(key), entry));
}

export async function deletePending(index: BlobStore, keys: string[]): Promise<void> {
  await inBatches(keys, 16, (key) => guard("deleting a new index entry", () => index.delete(pendingKey(key))));
}

/**
 * Brings a submission's entry up to its stored record, but only over an older one: changes applied
 * in another order than they were stored still leave the newest in the index. An entry that is not
 * there (its submission deleted meanwhile) is not brought back.
 */
export async function syncEntry(index: BlobStore, key: string, record: Enquiry): Promise<void> {
  const fresh = indexEntry(record);
  const newer = (current: IndexEntry | null | undefined): current is IndexEntry =>
    isIndexEntry(current) && current.u < fresh.u;
  await changeShard(index, monthOfKey(key), (items) => {
    const current = items[key];
    if (!newer(current)) return false;
    items[key] = { ...current, s: fresh.s, u: fresh.u };
    return true;
  });
  // Not compacted yet: its own entry changes too (compaction re-reads the submission after it moves
  // an entry, so a change that finds neither is still not lost).
  await updateJSON<IndexEntry>(
    index,
    pendingKey(key),
    (current) => (newer(current) ? { ...current, s: fresh.s, u: fresh.u } : "unchanged"),
    "a new index entry",
  ).catch((error: unknown) => {
    if (!(error instanceof StorageUnavailableError) || !(error.cause instanceof SyntaxError)) throw error;
  });
}

export async function removeEntries(index: BlobStore, keys: string[]): Promise<void> {
  await Promise.all(
    [...byMonth(keys, (key) => key)].map(([month, group]) =>
      changeShard(index, month, (items) => {
        let changed = false;
        for (const key of group) {
          if (!(key in items)) continue;
          delete items[key];
          changed = true;
        }
        return changed;
      }),
    ),
  );
}

/**
 * How long a deletion holds its claim on an id. A deletion that stopped half-way (its function ended)
 * leaves its claim; after this long the enquiry can be changed and deleted again.
 */
export const DELETION_LEASE_MS = 60_000;

interface Pointer {
  key?: unknown;
  /** When a deletion claimed the id: while the claim holds, the id counts as gone. */
  deleting?: unknown;
}

const pointedKey = (data: Pointer | null, id: string, now: number): string | null => {
  const key = data?.key;
  if (typeof key !== "string" || !isEnquiryKey(key) || keyId(key) !== id) return null;
  const claimed = typeof data?.deleting === "number" && data.deleting > now - DELETION_LEASE_MS;
  return claimed ? null : key;
};

/** The key an id points to, or null (none, an unreadable pointer, or a deletion has claimed it). */
export async function readPointer(index: BlobStore, id: string, now = Date.now()): Promise<string | null> {
  const stored = await readStoredJSON(index, pointerKey(id), "reading an id pointer");
  return stored.state === "ok" ? pointedKey(stored.value as Pointer | null, id, now) : null;
}

/**
 * Claims an id for its deletion: the pointer is marked with a conditional write, so of several
 * deletions of one enquiry at once exactly one gets its key, and the others find it gone. Null when
 * there is no such id or another deletion holds it.
 */
export async function claimDeletion(index: BlobStore, id: string, now: number): Promise<string | null> {
  const found = await guard("reading an id pointer", () =>
    index.getWithMetadata(pointerKey(id), { type: "text", consistency: "strong" }),
  );
  let data: Pointer | null = null;
  try {
    data = JSON.parse(found?.data ?? "null") as Pointer | null;
  } catch {
    // An unreadable pointer points nowhere.
  }
  const key = pointedKey(data, id, now);
  if (!found || !key) return null;
  const write = await guard("claiming an id pointer", () =>
    index.setJSON(pointerKey(id), { key, deleting: now }, { onlyIfMatch: found.etag ?? "missing-etag" }),
  );
  return write.modified ? key : null;
}

/** Writes an id's pointer unless one exists; true when this call wrote it. */
export async function writePointer(index: BlobStore, id: string, key: string): Promise<boolean> {
  const write = await guard("writing an id pointer", () => index.setJSON(pointerKey(id), { key }, { onlyIfNew: true }));
  return write.modified;
}

/**
 * Gives back a deletion's claim that could not finish (its storage failed): the pointer loses its
 * mark while it still holds this claim, so a retry need not wait out DELETION_LEASE_MS. Best effort:
 * when the storage is down this fails too, and the claim runs out by itself.
 */
export async function releaseDeletion(index: BlobStore, id: string, key: string, claimedAt: number): Promise<void> {
  const found = await guard("reading an id pointer", () =>
    index.getWithMetadata(pointerKey(id), { type: "json", consistency: "strong" }),
  );
  const data = found?.data as Pointer | null | undefined;
  if (!found || data?.key !== key || data.deleting !== claimedAt) return;
  await guard("releasing an id pointer", () =>
    index.setJSON(pointerKey(id), { key }, { onlyIfMatch: found.etag ?? "missing-etag" }),
  );
}

/**
 * The key of a deletion that was claimed and whose enquiry is gone, but whose pointer is still there:
 * a deletion that stopped half-way. Null for anything else (no pointer, or an enquiry still stored).
 */
export async function abandonedDeletion(stores: InboxStores, id: string): Promise<string | null> {
  const stored = await readStoredJSON(stores.index, pointerKey(id), "reading an id pointer");
  if (stored.state !== "ok") return null;
  const data = stored.value as Pointer | null;
  const key = data?.key;
  if (typeof key !== "string" || !isEnquiryKey(key) || keyId(key) !== id || typeof data?.deleting !== "number") {
    return null;
  }
  const state = await readRecordState(stores.submissions, key);
  return state.state === "missing" ? key : null;
}

export async function deletePointer(index: BlobStore, id: string): Promise<void> {
  await guard("deleting an id pointer", () => index.delete(pointerKey(id)));
}

/** Why a stored submission cannot be read: empty, cut off (not JSON), or not shaped as a submission. */
export type BrokenReason = UnreadableRecord["reason"];

/** A stored submission as read: none, one with every inbox field, or an unreadable one and why. */
export type RecordState =
  | { state: "missing" }
  | { state: "ok"; record: FullRecord }
  | { state: "broken"; reason: BrokenReason };

/**
 * A stored submission, read so that an unreadable one never fails the caller: it is reported as
 * broken with its reason, for lists and exports to answer with everything else and name it.
 */
export async function readRecordState(submissions: BlobStore, key: string): Promise<RecordState> {
  const stored = await readStoredJSON(submissions, key, "reading a submission");
  if (stored.state !== "ok") return stored;
  const parsed = EnquirySchema.safeParse(stored.value);
  return parsed.success
    ? { state: "ok", record: fullRecord(parsed.data) }
    : { state: "broken", reason: "not a submission" };
}

/** A stored submission with every inbox field, or null when there is none (or it cannot be read). */
export async function readRecord(submissions: BlobStore, key: string): Promise<FullRecord | null> {
  const read = await readRecordState(submissions, key);
  return read.state === "ok" ? read.record : null;
}

/** The export copies of the given months, by key. */
export async function readRows(index: BlobStore, wanted: Iterable<string>): Promise<Map<string, FullRecord>> {
  const docs = await Promise.all(
    [...new Set(wanted)].map(
      (month) =>
        guard("reading export copies", () => index.get(rowsKey(month), { type: "json" })) as Promise<RowsDoc | null>,
    ),
  );
  const rows = new Map<string, FullRecord>();
  for (const doc of docs) for (const [key, row] of Object.entries(doc?.items ?? {})) rows.set(key, row);
  return rows;
}

/** A copy counts only while it is the version the index names. */
export const rowIsCurrent = (row: FullRecord | undefined, entry: IndexEntry): row is FullRecord =>
  row !== undefined && Date.parse(row.updated_at) === entry.u;

/**
 * Rewrites a month's export copies from records just read: the document keeps exactly the current
 * copies of the submissions in the month's shard. The copies are read before the shard, and every
 * removal of a copy changes the document's `rev`: so when a submission is deleted while this runs,
 * either the shard read here no longer holds it, or the removal comes after that read and makes the
 * conditional write below fail (and the next attempt reads the shard without it).
 */
export async function writeBackRows(index: BlobStore, month: string, read: Map<string, FullRecord>): Promise<void> {
  const key = rowsKey(month);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const found = await guard("reading export copies", () =>
      index.getWithMetadata(key, { type: "json", consistency: "strong" }),
    );
    const shard = await readShard(index, month);
    const doc = found?.data as RowsDoc | undefined;
    const old = doc?.items ?? {};
    const items: Record<string, FullRecord> = {};
    for (const [k, entry] of Object.entries(shard)) {
      const row = [read.get(k), old[k]].find((candidate) => rowIsCurrent(candidate, entry));
      if (row) items[k] = row;
    }
    const same =
      Object.keys(items).length === Object.keys(old).length &&
      Object.entries(items).every(([k, row]) => old[k]?.updated_at === row.updated_at);
    if (same && (found || Object.keys(items).length === 0)) return;
    const next: RowsDoc = { v: INDEX_VERSION, rev: (doc?.rev ?? 0) + 1, items };
    const write = await guard("writing export copies", () =>
      found
        ? index.setJSON(key, next, { onlyIfMatch: found.etag ?? "missing-etag" })
        : index.setJSON(key, next, { onlyIfNew: true }),
    );
    if (write.modified) return;
    await backoff(attempt);
  }
  throw new StorageUnavailableError(`the export copies of ${month} kept changing`);
}

/** Removes the copies of these submissions; always writes (a new `rev`), see writeBackRows. */
export async function removeRows(index: BlobStore, keys: string[]): Promise<void> {
  await Promise.all(
    [...byMonth(keys, (key) => key)].map(([month, group]) =>
      updateJSON<RowsDoc>(
        index,
        rowsKey(month),
        (doc) => {
          const items = { ...(doc?.items ?? {}) };
          for (const key of group) delete items[key];
          return { v: INDEX_VERSION, rev: (doc?.rev ?? 0) + 1, items };
        },
        `the export copies of ${month}`,
      ),
    ),
  );
}

/**
 * Indexes the stored submissions the index does not know (records stored before the index existed):
 * reads them, adds their entries and id pointers. Returns how many were added.
 */
export async function indexMissing(stores: InboxStores, storedKeys: string[], known: Set<string>): Promise<number> {
  const missing = storedKeys.filter((key) => isEnquiryKey(key) && !known.has(key));
  const records = await inBatches(missing, 16, (key) => readRecord(stores.submissions, key));
  const found = missing.flatMap((key, i) => {
    const record = records[i];
    return record ? [{ key, record }] : [];
  });
  await addEntries(
    stores.index,
    found.map(({ key, record }) => ({ key, entry: indexEntry(record) })),
  );
  await inBatches(found, 16, ({ key, record }) => writePointer(stores.index, record.id, key));
  return found.length;
}

/** Every key of the submissions store: a listing of the whole store, for maintenance only. */
export async function allStoredKeys(submissions: BlobStore): Promise<string[]> {
  const { blobs } = await guard("listing submissions", () => submissions.list());
  return blobs.map((blob) => blob.key).filter(isEnquiryKey);
}

/**
 * Makes sure every stored submission is in the index: the first call on an index without its `meta`
 * document indexes what is stored (one listing of the submissions store), then writes `meta`. Later
 * calls cost one small read, none once `state` remembers it.
 */
export async function ensureIndexed(stores: InboxStores, state: { indexed: boolean }, now: number): Promise<void> {
  if (state.indexed) return;
  const meta = await guard("reading the index", () => stores.index.get(META_KEY, { type: "json" }));
  if (meta === null) {
    const [stored, entries] = await Promise.all([allStoredKeys(stores.submissions), readIndex(stores.index)]);
    await indexMissing(stores, stored, new Set(entries.map((e) => e.key)));
    await guard("writing the index", () =>
      stores.index.setJSON(META_KEY, { v: INDEX_VERSION, indexed_at: new Date(now).toISOString() }),
    );
  }
  state.indexed = true;
}
