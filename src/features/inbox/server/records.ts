import { type BlobStore, guard, StorageUnavailableError } from "../../../../netlify/lib/storage";
import { backoff, inBatches, MAX_ATTEMPTS } from "./cas";
import { type FullRecord, fold, fullRecord, indexEntry, keyId, submissionKey, textMatches } from "./format";
import {
  addEntries,
  deletePointer,
  type InboxStores,
  readIndex,
  readPointer,
  readRecord,
  removeEntries,
  removeRows,
  syncEntry,
  writePointer,
} from "./index-store";
import { saveSubmission } from "./listing";
import { deleteOutboxEntry } from "./notify/outbox";
import { type Submission, type SubmissionPatch, SubmissionSchema } from "./submission-schema";

/** The inbox's stores together with the outbox, whose entries go with their submissions. */
export interface RecordStores extends InboxStores {
  outbox: BlobStore;
}

type Log = (message: string, error?: unknown) => void;

/**
 * Stores a new submission so that it is never missing from the index: its id pointer and index entry
 * are written first, then the submission itself. When that last write fails, what was written before
 * is removed again, unless the submission turns out to be stored after all (then it counts as stored).
 * When even that cannot be found out, the index entry stays: a list skips an entry without a stored
 * submission, and the daily maintenance removes it. Without an index store (the contact form's own
 * tests) the submission is stored alone, and the daily maintenance indexes it.
 */
export async function saveIndexedSubmission(
  stores: { submissions: BlobStore; index?: BlobStore | undefined; log?: Log | undefined },
  submission: Submission,
): Promise<void> {
  const { index } = stores;
  if (!index) return saveSubmission(stores.submissions, submission);
  const log = stores.log ?? ((message: string, error?: unknown) => console.error(message, error));
  const key = submissionKey(new Date(submission.created_at), submission.id);
  if (!(await writePointer(index, submission.id, key))) {
    throw new StorageUnavailableError("submission id already taken");
  }
  try {
    await addEntries(index, [{ key, entry: indexEntry(submission) }]);
    await saveSubmission(stores.submissions, submission);
  } catch (error) {
    const stored = await stores.submissions.get(key, { type: "json", consistency: "strong" }).then(
      (value) => value !== null,
      () => null,
    );
    if (stored === true) return;
    if (stored === false) {
      await Promise.all([removeEntries(index, [key]), deletePointer(index, submission.id)]).catch(
        (rollbackError: unknown) => log(`could not roll back the index entry of ${key}`, rollbackError),
      );
    }
    throw error;
  }
}

export interface Update {
  key: string;
  record: FullRecord;
  changed: { status: boolean; note: boolean };
}

/**
 * Applies an admin's change to one submission with a conditional write on its blob, retried on fresh
 * data when another change came first, so concurrent changes are all kept; then the index entry
 * follows. `updated_at` grows with every write, so the index only ever moves to a newer version.
 * Null when the id is unknown. A change that changes nothing writes nothing.
 */
export async function updateSubmission(
  stores: InboxStores,
  id: string,
  patch: SubmissionPatch,
  now: () => number,
): Promise<Update | null> {
  const key = await readPointer(stores.index, id);
  if (!key) return null;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const found = await guard("reading a submission", () =>
      stores.submissions.getWithMetadata(key, { type: "json", consistency: "strong" }),
    );
    const parsed = SubmissionSchema.safeParse(found?.data);
    if (!found || !parsed.success) return null;
    const current = fullRecord(parsed.data);
    const next: FullRecord = {
      ...current,
      ...(patch.status !== undefined ? { status: patch.status } : {}),
      ...(patch.note !== undefined ? { note: patch.note } : {}),
    };
    const changed = { status: next.status !== current.status, note: next.note !== current.note };
    if (!changed.status && !changed.note) {
      // Nothing to write; the index is still brought up to the record, should an earlier call have stopped short.
      await syncEntry(stores.index, key, current);
      return { key, record: current, changed };
    }
    next.updated_at = new Date(Math.max(now(), Date.parse(current.updated_at) + 1)).toISOString();
    const write = await guard("changing a submission", () =>
      stores.submissions.setJSON(key, next, { onlyIfMatch: found.etag ?? "missing-etag" }),
    );
    if (write.modified) {
      await syncEntry(stores.index, key, next);
      return { key, record: next, changed };
    }
    await backoff(attempt);
  }
  throw new StorageUnavailableError("the submission kept changing");
}

/**
 * Deletes submissions with everything that belongs to them: the submissions first (so none is ever
 * stored without its index entry), then their index entries, export copies, id pointers and outbox
 * entries.
 */
export async function deleteKeys(stores: RecordStores, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await inBatches(keys, 16, (key) => guard("deleting a submission", () => stores.submissions.delete(key)));
  await removeEntries(stores.index, keys);
  await removeRows(stores.index, keys);
  await inBatches(keys, 16, (key) =>
    Promise.all([deletePointer(stores.index, keyId(key)), deleteOutboxEntry(stores.outbox, key)]),
  );
}

/** Deletes one submission by id; false when there is no such submission. */
export async function deleteSubmission(stores: RecordStores, id: string): Promise<boolean> {
  const key = await readPointer(stores.index, id);
  if (!key) return false;
  const stored = await guard("reading a submission", () =>
    stores.submissions.get(key, { type: "json", consistency: "strong" }),
  );
  if (stored === null) return false;
  await deleteKeys(stores, [key]);
  return true;
}

/** The address as erasure compares it: trimmed and lower-cased. */
const erasable = (email: string) => email.trim().toLowerCase();

/**
 * Deletes every submission from an address, compared case-insensitively after trimming. Candidates
 * come from the index (their folded text holds the folded address); each is confirmed on its stored
 * record before it is deleted. Returns how many were deleted.
 */
export async function eraseByEmail(stores: RecordStores, email: string): Promise<number> {
  const wanted = erasable(email);
  const folded = fold(wanted);
  const candidates = (await readIndex(stores.index)).filter(({ entry }) => textMatches(entry.t, folded));
  const records = await inBatches(candidates, 16, ({ key }) => readRecord(stores.submissions, key));
  const keys = candidates.flatMap(({ key }, i) => {
    const record = records[i];
    return record && erasable(record.email) === wanted ? [key] : [];
  });
  await deleteKeys(stores, keys);
  return keys.length;
}
