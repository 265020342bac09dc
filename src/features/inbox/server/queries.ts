import type { BlobStore } from "../../../../netlify/lib/storage";
import { enquiryReference } from "../../forms/reference";
import type { UnreadableRecord } from "../api-contract";
import { inBatches } from "./cas";
import { ENQUIRY_STATUSES, type EnquiryKind, type EnquiryStatus, type ListedEnquiry } from "./enquiry-schema";
import {
  type InboxStores,
  type KeyedEntry,
  type RecordState,
  readIndex,
  readRecordState,
  readRows,
  rowIsCurrent,
  writeBackRows,
} from "./index-store";
import { listOutboxKeys } from "./notify/outbox";
import { entryKind, type FullRecord, fold, keyId, keyTime, monthOf, textMatches } from "./storage-layout";

export interface QueryStores extends InboxStores {
  outbox: BlobStore;
}

export type Counts = Record<EnquiryStatus, number>;

export interface Filter {
  /** null: both kinds. */
  kind: EnquiryKind | null;
  /** null: every status but spam, which only its own folder lists. */
  status: EnquiryStatus | null;
  /** Matched case- and accent-insensitively within any one of the searchable fields; "" matches all. */
  q: string;
}

/** One enquiry as the admin API answers it. */
export const toItem = (record: FullRecord, notified: boolean): ListedEnquiry => ({
  // Export copies written before sample requests existed carry no kind: they are contact messages.
  kind: record.kind ?? "contact",
  language: record.language ?? "en",
  id: record.id,
  created_at: record.created_at,
  name: record.name,
  email: record.email,
  phone: record.phone,
  company: record.company,
  message: record.message,
  address: record.address ?? null,
  finishes: record.finishes ?? [],
  status: record.status,
  note: record.note,
  updated_at: record.updated_at,
  spam: record.spam ?? null,
  notified: notified && record.withheld !== true,
  replies: record.replies ?? [],
});

/** Enquiries per status of the chosen kind (both when null), whatever the status and search (the tab counts). */
export function countStatuses(entries: KeyedEntry[], kind: EnquiryKind | null = null): Counts {
  const counts = Object.fromEntries(ENQUIRY_STATUSES.map((status) => [status, 0])) as Counts;
  for (const { entry } of entries) if (kind === null || entryKind(entry) === kind) counts[entry.s] += 1;
  return counts;
}

/** A search for a reference as the visitor quotes it ("AA-7K3Q", "aa 7k3q"). */
const REFERENCE_QUERY = /^aa[-\s]?([0-9a-z]{4})$/i;

/** The reference a search names: read as Crockford's base 32 reads it (O as 0, I and L as 1). */
function referenceOf(query: string): string | null {
  const digits = REFERENCE_QUERY.exec(query.trim())?.[1];
  return digits ? `AA-${digits.toUpperCase().replace(/O/g, "0").replace(/[IL]/g, "1")}` : null;
}

/**
 * Whether a search matches an entry: within one of its searchable fields, or as the enquiry's
 * reference (worked out from its id, which is in its key, so no stored text has to hold it).
 */
function matches({ key, entry }: KeyedEntry, folded: string, reference: string | null): boolean {
  if (textMatches(entry.t, folded)) return true;
  return reference !== null && enquiryReference(keyId(key)) === reference;
}

/**
 * The entries a filter selects, in index order (newest first). Without a status, spam is left out
 * unless `withSpam` (the exports, which hold every enquiry stored).
 */
export function select(entries: KeyedEntry[], filter: Filter, withSpam = false): KeyedEntry[] {
  const folded = fold(filter.q);
  const reference = referenceOf(filter.q);
  return entries.filter(
    (keyed) =>
      (filter.kind === null || entryKind(keyed.entry) === filter.kind) &&
      (filter.status === null ? withSpam || keyed.entry.s !== "spam" : keyed.entry.s === filter.status) &&
      matches(keyed, folded, reference),
  );
}

/** The outbox's keys, read with one list call: an enquiry with an entry has not been notified yet. */
async function pendingNotifications(outbox: BlobStore): Promise<Set<string>> {
  return new Set(await listOutboxKeys(outbox));
}

export type Unreadable = UnreadableRecord;

export interface Page {
  submissions: ListedEnquiry[];
  next_cursor: string | null;
  counts: Counts;
  /** The page's submissions that could not be read: left out, named here for staff to see. */
  unreadable: Unreadable[];
}

/** The unreadable ones among records read, each logged once with its key and reason. */
function unreadableAmong(
  keys: string[],
  states: RecordState[],
  log: (message: string) => void,
): { found: Map<string, FullRecord>; unreadable: Unreadable[] } {
  const found = new Map<string, FullRecord>();
  const unreadable: Unreadable[] = [];
  keys.forEach((key, i) => {
    const state = states[i];
    if (state?.state === "ok") found.set(key, state.record);
    else if (state?.state === "broken") {
      unreadable.push({ key, reason: state.reason });
      log(`unreadable submission ${key} (${state.reason}): left out; npm run inbox:doctor lists and repairs it`);
    }
  });
  return { found, unreadable };
}

/**
 * One page of enquiries, newest first: the index shards say which keys the filter selects and the
 * counts, and only the page's own submissions are read. The cursor is the last key of the previous
 * page. A selected entry whose submission is not stored (being written or deleted right now) is left
 * out of the page.
 */
export async function listPage(
  stores: QueryStores,
  filter: Filter & { cursor: string | null; limit: number },
  log: (message: string) => void = console.error,
): Promise<Page> {
  const [entries, pending] = await Promise.all([
    readIndex(stores.index, stores.submissions),
    pendingNotifications(stores.outbox),
  ]);
  const cursor = filter.cursor;
  const selected = select(entries, filter).filter(({ key }) => cursor === null || key > cursor);
  const page = selected.slice(0, filter.limit);
  const keys = page.map(({ key }) => key);
  const states = await Promise.all(keys.map((key) => readRecordState(stores.submissions, key)));
  const { found, unreadable } = unreadableAmong(keys, states, log);
  const submissions = keys.flatMap((key) => {
    const record = found.get(key);
    return record ? [toItem(record, !pending.has(key))] : [];
  });
  const last = page.at(-1);
  return {
    submissions,
    next_cursor: selected.length > filter.limit && last ? last.key : null,
    counts: countStatuses(entries, filter.kind),
    unreadable,
  };
}

/**
 * Every enquiry a filter selects, newest first, for the CSV export. Records come from the export
 * copies where they are current and from their blobs otherwise (read in parallel batches); the copies
 * of each month that needed blob reads are then written back, so the next export reads fewer blobs.
 * A failure to write them back is only logged. A submission that cannot be read is left out and named
 * in `unreadable`.
 */
export async function exportItems(
  stores: QueryStores,
  filter: Filter,
  log: (message: string, error?: unknown) => void,
): Promise<{ items: ListedEnquiry[]; unreadable: Unreadable[] }> {
  const [entries, pending] = await Promise.all([
    readIndex(stores.index, stores.submissions),
    pendingNotifications(stores.outbox),
  ]);
  const selected = select(entries, filter, true);
  const rows = await readRows(
    stores.index,
    selected.map(({ key }) => monthOf(keyTime(key))),
  );
  const stale = selected.filter(({ key, entry }) => !rowIsCurrent(rows.get(key), entry));
  const staleKeys = stale.map(({ key }) => key);
  const states = await inBatches(staleKeys, 32, (key) => readRecordState(stores.submissions, key));
  const { found: read, unreadable } = unreadableAmong(staleKeys, states, log);
  const items = selected.flatMap(({ key, entry }) => {
    const row = rows.get(key);
    const record = rowIsCurrent(row, entry) ? row : read.get(key);
    return record ? [toItem(record, !pending.has(key))] : [];
  });
  const months = [...new Set([...read.keys()].map((key) => monthOf(keyTime(key))))];
  await Promise.all(
    months.map((month) =>
      writeBackRows(stores.index, month, read).catch((error: unknown) =>
        log(`could not write back the export copies of ${month}`, error),
      ),
    ),
  );
  return { items, unreadable };
}
