import { type BlobStore, guard, StorageUnavailableError } from "../../../../netlify/lib/storage";
import { backoff, inBatches, MAX_ATTEMPTS, updateJSON } from "./cas";
import {
  type FullRecord,
  fullRecord,
  INDEX_VERSION,
  type IndexEntry,
  indexEntry,
  isSubmissionKey,
  keyId,
  keyTime,
  META_KEY,
  monthOf,
  pointerKey,
  type RowsDoc,
  rowsKey,
  SHARD_PREFIX,
  type ShardDoc,
  shardKey,
} from "./format";
import { type Submission, SubmissionSchema } from "./submission-schema";

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

/** Every index entry, newest first (ascending key order), read from every month shard in parallel. */
export async function readIndex(index: BlobStore): Promise<KeyedEntry[]> {
  const list = await months(index, SHARD_PREFIX);
  const shards = await Promise.all(list.map((month) => readShard(index, month)));
  const entries: KeyedEntry[] = [];
  for (const items of shards) {
    for (const key of Object.keys(items).sort()) entries.push({ key, entry: items[key] as IndexEntry });
  }
  return entries;
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

/** Adds entries that are not in the index yet (an existing entry is left as it is). */
export async function addEntries(index: BlobStore, entries: KeyedEntry[]): Promise<void> {
  await Promise.all(
    [...byMonth(entries, (e) => e.key)].map(([month, group]) =>
      changeShard(index, month, (items) => {
        let changed = false;
        for (const { key, entry } of group) {
          if (items[key]) continue;
          items[key] = entry;
          changed = true;
        }
        return changed;
      }),
    ),
  );
}

/**
 * Brings a submission's entry up to its stored record, but only over an older one: changes applied
 * in another order than they were stored still leave the newest in the index. An entry that is not
 * there (its submission deleted meanwhile) is not brought back.
 */
export async function syncEntry(index: BlobStore, key: string, record: Submission): Promise<void> {
  const fresh = indexEntry(record);
  await changeShard(index, monthOfKey(key), (items) => {
    const current = items[key];
    if (!current || current.u >= fresh.u) return false;
    items[key] = { ...current, s: fresh.s, u: fresh.u };
    return true;
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

/** The key an id points to, or null. */
export async function readPointer(index: BlobStore, id: string): Promise<string | null> {
  const data = (await guard("reading an id pointer", () =>
    index.get(pointerKey(id), { type: "json", consistency: "strong" }),
  )) as { key?: unknown } | null;
  const key = data?.key;
  return typeof key === "string" && isSubmissionKey(key) && keyId(key) === id ? key : null;
}

/** Writes an id's pointer unless one exists; true when this call wrote it. */
export async function writePointer(index: BlobStore, id: string, key: string): Promise<boolean> {
  const write = await guard("writing an id pointer", () => index.setJSON(pointerKey(id), { key }, { onlyIfNew: true }));
  return write.modified;
}

export async function deletePointer(index: BlobStore, id: string): Promise<void> {
  await guard("deleting an id pointer", () => index.delete(pointerKey(id)));
}

/** A stored submission with every inbox field, or null when there is none (or it is not a submission). */
export async function readRecord(submissions: BlobStore, key: string): Promise<FullRecord | null> {
  const data = await guard("reading a submission", () => submissions.get(key, { type: "json", consistency: "strong" }));
  if (data === null) return null;
  const parsed = SubmissionSchema.safeParse(data);
  return parsed.success ? fullRecord(parsed.data) : null;
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
  const missing = storedKeys.filter((key) => isSubmissionKey(key) && !known.has(key));
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
  return blobs.map((blob) => blob.key).filter(isSubmissionKey);
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
