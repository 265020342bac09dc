/**
 * How the inbox stores and finds submissions: their keys, the month shards of the index, the folded
 * search text. Pure and without imports of its own (types apart), so that the seed script runs this
 * very file and writes exactly what the functions read.
 *
 * Stores:
 * - `contact-submissions`: `<13-digit inverted time>-<uuid>` -> the submission (the record itself).
 * - `contact-index`:
 *   - `shard/YYYY-MM` -> the index of the submissions created in that month (UTC): per key its
 *     status, the time of its last change and its folded search text. Lists, searches, tabs and
 *     counts read these shards and then only the blobs of the page they answer.
 *   - `pending/<key>` -> a new submission's own index entry, written by the function that stores it.
 *     Lists, searches, tabs and counts read these beside the shards; compaction (one writer: the
 *     scheduled `compact-inbox` and each admin read) moves them into their month's shard. So a post
 *     writes only keys of its own, and posts at once never contend for a shard.
 *   - `id/<uuid>` -> `{ key }`, so that an id from a URL finds its blob.
 *   - `rows/YYYY-MM` -> copies of that month's records for the CSV export. A copy counts only while
 *     its `updated_at` equals the shard's time of last change; any other record is read from its blob
 *     and the copies are written back afterwards.
 *   - `meta` -> written once every stored submission has been indexed (older records are indexed on
 *     the first admin request that finds it missing).
 */
import type { Enquiry, EnquiryKind, EnquiryStatus } from "./enquiry-schema";

/** Keys sort newest first: Blobs lists keys in ascending order, so the time is inverted. */
export const MAX_TIME = 9_999_999_999_999;
const KEY = /^\d{13}-[0-9a-f-]{36}$/;

export function enquiryKey(createdAt: Date, id: string): string {
  return `${String(MAX_TIME - createdAt.getTime()).padStart(13, "0")}-${id}`;
}
export const isEnquiryKey = (key: string) => KEY.test(key);
/** The creation time (ms) a key encodes. */
export const keyTime = (key: string) => MAX_TIME - Number(key.slice(0, 13));
/** The id a key ends with. */
export const keyId = (key: string) => key.slice(14);

/** The UTC month of a time, `YYYY-MM`: the shard it belongs to. */
export const monthOf = (ms: number) => new Date(ms).toISOString().slice(0, 7);
export const SHARD_PREFIX = "shard/";
export const ROWS_PREFIX = "rows/";
export const shardKey = (month: string) => `${SHARD_PREFIX}${month}`;
export const rowsKey = (month: string) => `${ROWS_PREFIX}${month}`;
export const pointerKey = (id: string) => `id/${id}`;
export const PENDING_PREFIX = "pending/";
export const pendingKey = (key: string) => `${PENDING_PREFIX}${key}`;
export const META_KEY = "meta";
export const INDEX_VERSION = 1;

/**
 * Text as search compares it: lower-cased, decomposed (compatibility forms too), without combining
 * marks, final sigma as sigma, so "Kärt" and "KART" both read "kart". NUL, which cleaned text never
 * holds, is dropped: it separates the fields in the index.
 */
export function fold(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/ς/g, "σ")
    .replace(/\0/g, "");
}

const SEPARATOR = "\0";
export type Searchable = Pick<Enquiry, "name" | "email" | "company" | "phone" | "message" | "address" | "finishes">;

/**
 * The searchable fields, each folded, joined by NUL: a folded query matches within one field only.
 * A sample request's finishes and address are searchable too, each finish and address line on its own.
 */
export const searchText = (s: Searchable) =>
  [
    s.name,
    s.email,
    s.company ?? "",
    s.phone ?? "",
    s.message,
    ...(s.finishes ?? []).map((f) => `${f.product} ${f.name}`),
    ...(s.address ? [s.address.street, s.address.postal_code, s.address.city, s.address.country] : []),
  ]
    .map(fold)
    .join(SEPARATOR);

/** Whether a folded query occurs in an index entry's text ("" matches every entry). */
export const textMatches = (text: string, foldedQuery: string) => text.includes(foldedQuery);

/** One submission in its month's shard. */
export interface IndexEntry {
  /** Status. */
  s: EnquiryStatus;
  /** updated_at in ms: a change is applied to the index only over an older one. */
  u: number;
  /** Folded search text. */
  t: string;
  /** "samples" for a sample request; absent for a contact message. */
  k?: "samples";
}

export interface ShardDoc {
  v: typeof INDEX_VERSION;
  items: Record<string, IndexEntry>;
}

/** A record with every inbox field present, as the API and the export copies hold it. */
export type FullRecord = Enquiry & {
  kind: EnquiryKind;
  status: EnquiryStatus;
  note: string | null;
  updated_at: string;
};

export interface RowsDoc {
  v: typeof INDEX_VERSION;
  /** Grows with every write, so that a removal always changes the document. */
  rev: number;
  items: Record<string, FullRecord>;
}

/** A stored record with the inbox fields a record written by the contact form does not carry yet. */
export function fullRecord(stored: Enquiry): FullRecord {
  return {
    ...stored,
    kind: stored.kind ?? "contact",
    status: stored.status ?? "new",
    note: stored.note ?? null,
    updated_at: stored.updated_at ?? stored.created_at,
  };
}

export function indexEntry(stored: Enquiry): IndexEntry {
  const record = fullRecord(stored);
  const entry: IndexEntry = { s: record.status, u: Date.parse(record.updated_at), t: searchText(record) };
  if (record.kind === "samples") entry.k = "samples";
  return entry;
}

/** The kind of submission an index entry stands for. */
export const entryKind = (entry: IndexEntry): EnquiryKind => entry.k ?? "contact";
