import { type BlobStore, guard } from "../../../../netlify/lib/storage";
import type { Example, LearnedModel } from "../../spam/server/learned";
import { packModel } from "../../spam/server/model-format";
import { MODEL_KEY } from "../../spam/server/model-source";
import { learnedInput } from "../../spam/server/screen";
import { trainingExamples, trainModel } from "../../spam/server/training";
import { EnquirySchema } from "./enquiry-schema";

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

/**
 * The staff's labels as training examples: each enquiry read as it is stored now. A label whose
 * enquiry is gone (erased, deleted, past its retention) is removed, and nothing of it is learned.
 */
export async function labelledExamples(
  labels: BlobStore,
  submissions: BlobStore,
): Promise<{ examples: Example[]; removed: number }> {
  const { blobs } = await guard("listing the spam labels", () => labels.list({ prefix: "label/" }));
  const examples: Example[] = [];
  let removed = 0;
  for (const { key } of blobs) {
    const label = (await guard("reading a spam label", () => labels.get(key, { type: "json" }))) as SpamLabel | null;
    const stored = label
      ? await guard("reading a labelled enquiry", () => submissions.get(label.key, { type: "json" }))
      : null;
    const parsed = EnquirySchema.safeParse(stored);
    if (!label || !parsed.success) {
      await guard("removing a spam label", () => labels.delete(key));
      removed += 1;
      continue;
    }
    examples.push({ input: learnedInput(parsed.data), spam: label.spam, group: parsed.data.language ?? "en" });
  }
  return { examples, removed };
}

/** The nightly retraining: the repository's corpora and the staff's labels; the model goes to `models`. */
export async function retrain(stores: { labels: BlobStore; submissions: BlobStore; models: BlobStore }) {
  const corpus = trainingExamples();
  const { examples, removed } = await labelledExamples(stores.labels, stores.submissions);
  const model: LearnedModel = trainModel([...corpus, ...examples]);
  await guard("storing the spam model", () => stores.models.setJSON(MODEL_KEY, packModel(model)));
  return { corpus: corpus.length, labels: examples.length, removed, weights: Object.keys(model.weights).length };
}
