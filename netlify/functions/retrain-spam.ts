import type { Config } from "@netlify/functions";
import { retrain } from "../../src/features/inbox/server/spam-labels";
import { errorResponse, json } from "../lib/http";
import { lazyStore, STORES } from "../lib/storage";

/**
 * Nightly: trains the learned spam filter again on the repository's corpora and the staff's own
 * "Spam" and "Not spam" decisions and replies, and stores the model in Blobs, where the public forms'
 * functions pick it up within 10 minutes. When it fails, they keep the model they have.
 */
export default async () => {
  try {
    const summary = await retrain({
      labels: lazyStore(STORES.spamLabels),
      submissions: lazyStore(STORES.submissions),
      models: lazyStore(STORES.spamModel),
    });
    console.log(`retrain-spam: ${JSON.stringify(summary)}`);
    return json(summary);
  } catch (error) {
    console.error("retrain-spam could not train or store the model", error);
    return errorResponse(503, "storage_unavailable", "The spam model could not be retrained");
  }
};

export const config: Config = {
  schedule: "30 2 * * *",
};
