import { type BlobStore, guard } from "../../../../netlify/lib/storage";

/**
 * The staff's spam decisions (the Blobs store `spam-labels`), one per enquiry, the last one kept:
 * "Spam" and "Not spam" in the inbox, and a reply (an enquiry staff answer is legitimate). An
 * archived enquiry says nothing either way. A label holds the enquiry's storage key and the decision,
 * never its text: the nightly retraining reads the text from the enquiry itself, so an enquiry that is
 * erased or deleted is no longer learned from.
 */
export interface SpamLabel {
  key: string;
  spam: boolean;
  at: string;
}

const labelKey = (id: string) => `label/${id}`;

/** Records a staff decision on the enquiry `id` stored under `key`. */
export async function recordLabel(store: BlobStore, id: string, key: string, spam: boolean, now: number) {
  const label: SpamLabel = { key, spam, at: new Date(now).toISOString() };
  await guard("writing a spam label", () => store.setJSON(labelKey(id), label));
}

/** What a status change teaches: spam, legitimate (out of spam, or replied), or nothing. */
export function labelOfChange(before: string, after: string): boolean | null {
  if (after === "spam" && before !== "spam") return true;
  if (before === "spam" && after !== "spam") return false;
  if (after === "replied") return false;
  return null;
}
