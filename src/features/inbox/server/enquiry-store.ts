import { createHash } from "node:crypto";
import { type BlobStore, guard, StorageUnavailableError } from "../../../../netlify/lib/storage";
import { z } from "../../../lib/zod";
import { backoff, inBatches, MAX_ATTEMPTS, sleep } from "./cas";
import { type Enquiry, type EnquiryPatch, EnquirySchema, type EnquiryStatus, type StoredReply } from "./enquiry-schema";
import {
  abandonedDeletion,
  claimDeletion,
  deletePending,
  deletePointer,
  type InboxStores,
  readIndex,
  readPointer,
  readRecord,
  releaseDeletion,
  removeEntries,
  removeRows,
  syncEntry,
  writePending,
  writePointer,
} from "./index-store";
import { saveEnquiry } from "./listing";
import { deleteEnquiryMails } from "./notify/outbox";
import {
  enquiryKey,
  type FullRecord,
  fold,
  fullRecord,
  indexEntry,
  keyId,
  keyTime,
  textMatches,
} from "./storage-layout";

/**
 * A submission whose last write failed and which cannot be read back either: it may be stored or
 * not. The visitor is answered 503 all the same (never 201 without the stored enquiry); what belongs
 * to it stays, for compaction and the outbox's drain to finish or remove once the storage answers.
 */
export class MaybeStoredError extends StorageUnavailableError {
  constructor(cause: unknown) {
    super("the submission may or may not be stored", { cause });
    this.name = "MaybeStoredError";
  }
}

/** The inbox's stores together with the outbox, whose entries go with their submissions. */
export interface RecordStores extends InboxStores {
  outbox: BlobStore;
}

type Log = (message: string, error?: unknown) => void;

/**
 * Stores a new submission so that it is never missing from the index: its own index entry
 * (`pending/<key>`, moved into the month's shard later by compaction) and then its id pointer are
 * written first, then the submission itself. So a pointer never exists without its entry, and
 * compaction, which removes an entry whose submission never came, removes such a pointer with it. Every write is of a key of its own, so any number of posts at once
 * never contend for one. When that last write fails, what was written before
 * is removed again, unless the submission turns out to be stored after all (then it counts as stored).
 * When even that cannot be found out, the index entry stays: a list skips an entry without a stored
 * submission, and the daily maintenance removes it. Without an index store (the contact form's own
 * tests) the submission is stored alone, and the daily maintenance indexes it.
 *
 * True when it stays stored; false when an erasure of its address ran while it was being stored, in
 * which case it has deleted itself again (see ERASURE_MARK_MS).
 */
export async function saveIndexedEnquiry(
  stores: {
    submissions: BlobStore;
    index?: BlobStore | undefined;
    outbox?: BlobStore | undefined;
    log?: Log | undefined;
  },
  submission: Enquiry,
): Promise<boolean> {
  const { index } = stores;
  if (!index) {
    await saveEnquiry(stores.submissions, submission);
    return true;
  }
  const log = stores.log ?? ((message: string, error?: unknown) => console.error(message, error));
  const key = enquiryKey(new Date(submission.created_at), submission.id);
  await writePending(index, key, indexEntry(submission));
  try {
    if (!(await writePointer(index, submission.id, key))) {
      throw new StorageUnavailableError("submission id already taken");
    }
    await saveEnquiry(stores.submissions, submission);
  } catch (error) {
    const stored = await stores.submissions.get(key, { type: "json", consistency: "strong" }).then(
      (value) => value !== null,
      () => null,
    );
    if (stored === true) return keepUnlessErased();
    if (stored === null) throw new MaybeStoredError(error);
    if (stored === false) {
      // The pointer before the entry: an entry left behind is found by compaction, pointer and all.
      await deletePointer(index, submission.id)
        .then(() => deletePending(index, [key]))
        .catch((rollbackError: unknown) => log(`could not roll back the index entry of ${key}`, rollbackError));
    }
    throw error;
  }
  return keepUnlessErased();

  async function keepUnlessErased(): Promise<boolean> {
    if (!index || !(await erasedWhileStored(index, submission, Date.now()))) return true;
    await deleteKeys({ submissions: stores.submissions, index, outbox: stores.outbox }, [key]);
    return false;
  }
}

/** JSON text as a value; null when it is not JSON. */
function parseOrNull(text: string | undefined): unknown {
  try {
    return text === undefined ? null : JSON.parse(text);
  } catch {
    return null;
  }
}

export interface Update {
  key: string;
  record: FullRecord;
  changed: { status: boolean; note: boolean };
  /** The status before the change. */
  before: EnquiryStatus;
  /**
   * True for the one change that took a spam enquiry with a withheld mail out of spam: its mail is
   * now due, and no other change will ever report it again.
   */
  released: boolean;
}

/**
 * One stored submission rewritten with a conditional write on its blob, retried on fresh data when
 * another change came first, so concurrent changes are all kept; then the index entry follows.
 * `change` gives the next record from the current one, or null for nothing to write (the index entry
 * is still brought up to the record, should an earlier call have stopped short). `updated_at` grows
 * with every write, so the index only ever moves to a newer version. "unknown" when the id is not
 * indexed; "gone" when its submission cannot be read (deleted or erased meanwhile, or unreadable).
 */
async function rewriteEnquiry(
  stores: InboxStores,
  id: string,
  now: () => number,
  change: (current: FullRecord) => FullRecord | null,
): Promise<{ key: string; current: FullRecord; next: FullRecord | null } | "unknown" | "gone"> {
  const key = await readPointer(stores.index, id, now());
  if (!key) return "unknown";
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const found = await guard("reading a submission", () =>
      stores.submissions.getWithMetadata(key, { type: "text", consistency: "strong" }),
    );
    const parsed = EnquirySchema.safeParse(parseOrNull(found?.data));
    if (!found || !parsed.success) return "gone";
    const current = fullRecord(parsed.data);
    const next = change(current);
    if (!next) {
      await syncEntry(stores.index, key, current);
      return { key, current, next: null };
    }
    next.updated_at = new Date(Math.max(now(), Date.parse(current.updated_at) + 1)).toISOString();
    const write = await guard("changing a submission", () =>
      stores.submissions.setJSON(key, next, { onlyIfMatch: found.etag ?? "missing-etag" }),
    );
    if (write.modified) {
      await syncEntry(stores.index, key, next);
      return { key, current, next };
    }
    await backoff(attempt);
  }
  throw new StorageUnavailableError("the submission kept changing");
}

/**
 * Applies an admin's change (a status, a note) to one submission (see rewriteEnquiry). Null when the
 * id is unknown or its submission cannot be read. A change that changes nothing writes nothing.
 */
export async function updateEnquiry(
  stores: InboxStores,
  id: string,
  patch: EnquiryPatch,
  now: () => number,
): Promise<Update | null> {
  const rewrite = await rewriteEnquiry(stores, id, now, (current) => {
    const next: FullRecord = {
      ...current,
      ...(patch.status !== undefined ? { status: patch.status } : {}),
      ...(patch.note !== undefined ? { note: patch.note } : {}),
    };
    if (next.status === current.status && next.note === current.note) return null;
    // Out of spam, a withheld mail is due: the write that clears the mark is the one that sends it.
    if (current.withheld === true && next.status !== "spam") delete next.withheld;
    return next;
  });
  if (typeof rewrite === "string") return null;
  const { key, current, next } = rewrite;
  const record = next ?? current;
  return {
    key,
    record,
    changed: { status: record.status !== current.status, note: record.note !== current.note },
    before: current.status,
    released: current.withheld === true && record.withheld !== true,
  };
}

/** What became of a reply: kept with its enquiry, or refused (unknown id, erased, filed as spam). */
export type ReplyOutcome =
  | { kind: "added"; key: string; record: FullRecord; before: EnquiryStatus }
  | { kind: "unknown" | "erased" | "spam" };

/**
 * Keeps a reply with its enquiry and marks the enquiry replied, in one conditional write (see
 * rewriteEnquiry). Refused for an enquiry filed as spam, and for one whose submission is gone while
 * its id is still indexed: erased or deleted as the reply was written.
 */
export async function addReply(
  stores: InboxStores,
  id: string,
  reply: StoredReply,
  now: () => number,
): Promise<ReplyOutcome> {
  const rewrite = await rewriteEnquiry(stores, id, now, (current) =>
    current.status === "spam" ? null : { ...current, status: "replied", replies: [...(current.replies ?? []), reply] },
  );
  if (rewrite === "unknown") return { kind: "unknown" };
  if (rewrite === "gone") return { kind: "erased" };
  const { key, current, next } = rewrite;
  if (!next) return { kind: "spam" };
  return { kind: "added", key, record: next, before: current.status };
}

/**
 * Deletes submissions with everything that belongs to them: the submissions first (so none is ever
 * stored without its index entry), then their new index entries, export copies, id pointers and
 * outbox entries, and their entries in the month shards last. A deletion that stops half-way thus
 * leaves a shard entry, by which a retry (or an erasure by the same address) finds the rest, and
 * which the daily maintenance removes once its submission is gone. The export copies are removed
 * once more after the shard entries: an export that read the shard before then may be writing its
 * copies back, and that write either lands before this removal or fails on the changed document
 * (see writeBackRows), so no copy of a deleted submission comes back.
 */
export async function deleteKeys(
  stores: InboxStores & { outbox?: BlobStore | undefined },
  keys: string[],
): Promise<void> {
  if (keys.length === 0) return;
  await inBatches(keys, 16, (key) => guard("deleting a submission", () => stores.submissions.delete(key)));
  await deletePending(stores.index, keys);
  await removeRows(stores.index, keys);
  await inBatches(keys, 16, (key) =>
    Promise.all([
      deletePointer(stores.index, keyId(key)),
      stores.outbox ? deleteEnquiryMails(stores.outbox, key) : undefined,
    ]),
  );
  await removeEntries(stores.index, keys);
  await removeRows(stores.index, keys);
}

/**
 * Deletes one submission by id; false when there is no such submission, or another deletion of it
 * came first (see claimDeletion), so two deletions at once answer one true and one false.
 */
export async function deleteEnquiry(stores: RecordStores, id: string, now = Date.now()): Promise<boolean> {
  const key = await claimDeletion(stores.index, id, now);
  if (!key) {
    // What a deletion that stopped half-way left (its enquiry gone, the rest not yet) goes now.
    const abandoned = await abandonedDeletion(stores, id);
    if (abandoned) await deleteKeys(stores, [abandoned]);
    return false;
  }
  try {
    // Read as text: an unreadable submission is deleted like any other.
    const stored = await guard("reading a submission", () =>
      stores.submissions.get(key, { type: "text", consistency: "strong" }),
    );
    if (stored === null) {
      await deleteKeys(stores, [key]);
      return false;
    }
    await deleteKeys(stores, [key]);
    return true;
  } catch (error) {
    await releaseDeletion(stores.index, id, key, now).catch(() => {});
    throw error;
  }
}

/** The address as erasure compares it: trimmed and lower-cased. */
const erasable = (email: string) => email.trim().toLowerCase();

/**
 * An erasure leaves a mark under a hash of the address (never the address) for ERASURE_MARK_MS: when
 * it began and, once done, when it ended. A submission from that address whose storing overlapped the
 * erasure deletes itself once stored (see saveIndexedEnquiry), so an erasure never leaves behind an
 * enquiry that was being stored while it ran. The retention pass deletes old marks.
 */
export const ERASURE_MARK_MS = 15 * 60 * 1000;
export const ERASURE_PREFIX = "erased/";
const erasureKey = (email: string) => `${ERASURE_PREFIX}${createHash("sha256").update(erasable(email)).digest("hex")}`;

const ErasureMark = z.object({ at: z.number(), done: z.optional(z.number()) });

/** Whether a submission created at `createdAt` was being stored while an erasure of its address ran. */
async function erasedWhileStored(index: BlobStore, submission: Enquiry, now: number): Promise<boolean> {
  const mark = ErasureMark.safeParse(
    await guard("reading an erasure mark", () =>
      index.get(erasureKey(submission.email), { type: "json", consistency: "strong" }),
    ),
  );
  if (!mark.success || mark.data.at < now - ERASURE_MARK_MS) return false;
  const { done } = mark.data;
  return done === undefined || Date.parse(submission.created_at) <= done;
}

/** How long an erasure waits for a submission whose index entry is written but not yet the submission. */
const IN_FLIGHT_WAIT_MS = 5_000;

/**
 * Deletes every submission from an address, compared case-insensitively after trimming. Candidates
 * come from the index (their folded text holds the folded address); each is confirmed on its stored
 * record before it is deleted. Returns how many were deleted.
 */
export async function eraseByEmail(stores: RecordStores, email: string, now: () => number = Date.now): Promise<number> {
  const wanted = erasable(email);
  const folded = fold(wanted);
  const mark = erasureKey(email);
  const at = now();
  await guard("writing an erasure mark", () => stores.index.setJSON(mark, { at }));
  const candidates = (await readIndex(stores.index)).filter(({ entry }) => textMatches(entry.t, folded));
  const records = await inBatches(candidates, 16, async ({ key }) => {
    // An entry without its submission is one being stored (its entry goes first): wait for it a little.
    // It may also delete itself on finding this erasure's mark, which takes its pointer away.
    for (let waited = 0; ; waited += 100) {
      const record = await readRecord(stores.submissions, key);
      if (record || waited >= IN_FLIGHT_WAIT_MS || keyTime(key) < at - IN_FLIGHT_WAIT_MS * 12) return record;
      if (!(await readPointer(stores.index, keyId(key), at))) return null;
      await sleep(100);
    }
  });
  const keys = candidates.flatMap(({ key }, i) => {
    const record = records[i];
    return record && erasable(record.email) === wanted ? [key] : [];
  });
  await deleteKeys(stores, keys);
  await guard("writing an erasure mark", () => stores.index.setJSON(mark, { at, done: now() }));
  return keys.length;
}

/** Deletes the erasure marks older than ERASURE_MARK_MS; how many. */
export async function pruneErasureMarks(index: BlobStore, now: number): Promise<number> {
  const { blobs } = await guard("listing erasure marks", () => index.list({ prefix: ERASURE_PREFIX }));
  const old = await inBatches(blobs, 16, async ({ key }) => {
    const mark = ErasureMark.safeParse(await guard("reading an erasure mark", () => index.get(key, { type: "json" })));
    return !mark.success || mark.data.at < now - ERASURE_MARK_MS ? key : null;
  });
  const gone = old.filter((key): key is string => key !== null);
  await inBatches(gone, 16, (key) => guard("deleting an erasure mark", () => index.delete(key)));
  return gone.length;
}
