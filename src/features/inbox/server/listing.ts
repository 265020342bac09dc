import { type BlobStore, guard, StorageUnavailableError } from "../../../../netlify/lib/storage";
import type { Enquiry } from "./enquiry-schema";
import { enquiryKey, isEnquiryKey, MAX_TIME } from "./storage-layout";

export { enquiryKey, isEnquiryKey };

/** Writes one submission under a new key; a single write, so it is stored whole or not at all. */
export async function saveEnquiry(store: BlobStore, submission: Enquiry): Promise<void> {
  const key = enquiryKey(new Date(submission.created_at), submission.id);
  const result = await guard("storing the submission", () => store.setJSON(key, submission, { onlyIfNew: true }));
  if (!result.modified) throw new StorageUnavailableError("submission key already taken");
}

export const PAGE_SIZE = 50;

const KEY_DIGITS = 13;
/** The first window spans 10^9 ms (about 11.6 days); after an empty one, windows grow tenfold. */
const FIRST_WINDOW = 9;
const LARGEST_WINDOW = 12;

/**
 * Keys after `after`, in order, until `wanted` are found or none are left. Keys start with an
 * inverted 13-digit time, so a key prefix is a window of time: the listing walks forward window by
 * window with `list({ prefix })`, and after an empty window moves up to ten times wider ones once
 * its position is aligned to them, so windows never overlap. A page costs a few small list calls
 * however many submissions are stored, instead of a listing of the whole store.
 */
async function keysAfter(store: BlobStore, after: string, wanted: number): Promise<string[]> {
  const found: string[] = [];
  let last = after;
  let level = FIRST_WINDOW;
  let position = Math.floor(Number(after.slice(0, KEY_DIGITS).padEnd(KEY_DIGITS, "0")) / 10 ** level) * 10 ** level;
  while (found.length < wanted && position <= MAX_TIME) {
    const size = 10 ** level;
    const prefix = String(position / size).padStart(KEY_DIGITS - level, "0");
    const listed = await guard("listing submissions", () => store.list({ prefix }));
    const keys = listed.blobs
      .map((b) => b.key)
      .filter((key) => isEnquiryKey(key) && key > last)
      .sort();
    found.push(...keys);
    last = found.at(-1) ?? last;
    position += size;
    if (keys.length === 0 && level < LARGEST_WINDOW && position % (size * 10) === 0) level += 1;
  }
  return found;
}

/**
 * One page of the values of a store keyed like submissions (inverted time, then a uuid), newest
 * first. The cursor is the last key of the previous page; keys sort newest first, so the next page is
 * the keys after it. Without a cursor the page starts at the present (an hour ahead, to allow for
 * clock drift between function instances).
 */
export async function listNewest<T>(
  store: BlobStore,
  { cursor, limit = PAGE_SIZE, now = Date.now() }: { cursor?: string | null; limit?: number; now?: number },
): Promise<{ values: T[]; next_cursor: string | null }> {
  const start = cursor ?? String(Math.max(0, MAX_TIME - now - 60 * 60 * 1000)).padStart(KEY_DIGITS, "0");
  const keys = await keysAfter(store, start, limit + 1);
  const page = keys.slice(0, limit);
  const values = await Promise.all(
    page.map((key) => guard("reading a stored value", () => store.get(key, { type: "json" }) as Promise<T | null>)),
  );
  const last = page.at(-1);
  return {
    values: values.filter((v): v is Awaited<T> => v !== null),
    next_cursor: keys.length > limit && last ? last : null,
  };
}

/** One page of stored submissions, newest first, by their keys alone (see listNewest). */
export async function listEnquiries(
  store: BlobStore,
  options: { cursor?: string | null; limit?: number; now?: number },
): Promise<{ submissions: Enquiry[]; next_cursor: string | null }> {
  const { values, next_cursor } = await listNewest<Enquiry>(store, options);
  return { submissions: values, next_cursor };
}
