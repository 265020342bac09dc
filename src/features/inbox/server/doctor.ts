import { type BlobStore, guard, readStoredJSON } from "../../../../netlify/lib/storage";
import { inBatches } from "./cas";
import { EnquirySchema } from "./enquiry-schema";
import { deleteKeys } from "./enquiry-store";
import { type InboxStores, readRecordState, writePending, writePointer } from "./index-store";
import { enquiryKey, indexEntry, isEnquiryKey, keyId, PENDING_PREFIX, pointerKey } from "./storage-layout";

/**
 * The inbox's first aid, for `npm run inbox:doctor`: finds every stored value the inbox cannot read
 * (a write that never finished, a file changed by hand) and removes or restores it. Lists, searches
 * and exports already answer with everything else and name what they could not read; this makes the
 * store whole again.
 */

export interface DoctorStores extends InboxStores {
  outbox: BlobStore;
}

/** One unreadable value: which store, its key, and why. */
export interface Finding {
  store: "submissions" | "index" | "outbox";
  key: string;
  reason: string;
}

/** Every unreadable submission, new index entry, id pointer and outbox entry. */
export async function examine(stores: DoctorStores): Promise<Finding[]> {
  const list = async (store: BlobStore, prefix?: string) =>
    (await guard("listing a store", () => store.list(prefix ? { prefix } : {}))).blobs.map((blob) => blob.key);
  const [enquiryKeys, pending, pointers, outbox] = await Promise.all([
    list(stores.submissions),
    list(stores.index, PENDING_PREFIX),
    list(stores.index, "id/"),
    list(stores.outbox),
  ]);
  const submissions = await inBatches(enquiryKeys.filter(isEnquiryKey), 32, async (key) => {
    const read = await readRecordState(stores.submissions, key);
    return read.state === "broken" ? [{ store: "submissions" as const, key, reason: read.reason }] : [];
  });
  const json = (store: BlobStore, name: Finding["store"], keys: string[]) =>
    inBatches(keys, 32, async (key) => {
      const read = await readStoredJSON(store, key, "reading a stored value");
      return read.state === "broken" ? [{ store: name, key, reason: read.reason }] : [];
    });
  const others = await Promise.all([
    json(stores.index, "index", [...pending, ...pointers]),
    json(stores.outbox, "outbox", outbox),
  ]);
  return [...submissions, ...others.flat()].flat();
}

/**
 * Removes what `examine` found: an unreadable submission with everything that belongs to it (index
 * entries, export copy, id pointer, outbox entry), and any other unreadable value by itself. Only
 * values that are still unreadable are removed. Returns the findings removed.
 */
export async function removeUnreadable(stores: DoctorStores, findings: Finding[]): Promise<Finding[]> {
  const current = new Set((await examine(stores)).map((f) => `${f.store}\n${f.key}`));
  const still = findings.filter((f) => current.has(`${f.store}\n${f.key}`));
  await deleteKeys(
    stores,
    still.filter((f) => f.store === "submissions").map((f) => f.key),
  );
  await Promise.all(
    still
      .filter((f) => f.store !== "submissions")
      .map((f) => guard("deleting an unreadable value", () => stores[f.store].delete(f.key))),
  );
  return still;
}

/**
 * Puts a submission back from a copy (a backup, or the visitor's mail): the JSON must be a whole
 * submission. It is stored under its own key, replacing an unreadable value there (never a readable
 * one), and indexed like a new post. Returns its key.
 */
export async function restoreEnquiry(stores: DoctorStores, json: unknown): Promise<string> {
  const submission = EnquirySchema.parse(json);
  const key = enquiryKey(new Date(submission.created_at), submission.id);
  const existing = await readRecordState(stores.submissions, key);
  if (existing.state === "ok") throw new Error(`${key} is stored and readable: nothing to restore`);
  await guard("writing an id pointer", () => stores.index.delete(pointerKey(keyId(key))));
  await writePointer(stores.index, submission.id, key);
  await writePending(stores.index, key, indexEntry(submission));
  await guard("restoring a submission", () => stores.submissions.setJSON(key, submission));
  return key;
}
