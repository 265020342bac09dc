import { type BlobStore, guard } from "../../../../netlify/lib/storage";
import { SubmissionSchema } from "../../inbox/server/submission-schema";
import type { SpamLabel } from "./labels";
import type { Example, LearnedModel } from "./learned";
import { MODEL_KEY } from "./model-source";
import { learnedInput } from "./screen";
import { trainingExamples, trainModel } from "./training";

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
    const parsed = SubmissionSchema.safeParse(stored);
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
  await guard("storing the spam model", () => stores.models.setJSON(MODEL_KEY, model));
  return { corpus: corpus.length, labels: examples.length, removed, weights: Object.keys(model.weights).length };
}
