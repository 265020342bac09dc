import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { type BlobStore, guard } from "../../../../netlify/lib/storage";
import type { LearnedModel } from "./learned";
import { readModel } from "./model-format";

/** Where the build writes the model it trained on the repository's corpora (netlify.toml ships it). */
export const BUILT_MODEL_PATH = "build/spam-model.json";
/** The key of the newest model the nightly retraining stored, in the Blobs store `spam-model`. */
export const MODEL_KEY = "current";
/** How long an instance keeps the model it read before it looks for a newer one. */
export const MODEL_REFRESH_MS = 10 * 60 * 1000;

export type ModelSource = () => Promise<LearnedModel | null>;

/**
 * The model a function classifies with: the newest one the nightly retraining stored in Blobs, read
 * at most every MODEL_REFRESH_MS, or else the one the build trained. Null when neither can be read:
 * the other checks then decide alone. Never throws.
 */
export function modelSource({
  store,
  file = join(process.cwd(), BUILT_MODEL_PATH),
  now = Date.now,
  log = (message: string, error?: unknown) => console.error(message, error ?? ""),
}: {
  store?: BlobStore | undefined;
  file?: string;
  now?: () => number;
  log?: (message: string, error?: unknown) => void;
}): ModelSource {
  let built: Promise<LearnedModel | null> | undefined;
  let stored: { model: LearnedModel | null; at: number } | undefined;
  const readBuilt = () => {
    built ??= readFile(file, "utf8").then(
      (text) => {
        const model = readModel(JSON.parse(text));
        if (!model) log(`the built spam model (${BUILT_MODEL_PATH}) is not a whole model; the rules decide alone`);
        return model;
      },
      (error: unknown) => {
        log(`the built spam model (${BUILT_MODEL_PATH}) cannot be read; the rules decide alone`, error);
        return null;
      },
    );
    return built;
  };
  const readStored = async () => {
    if (!store) return null;
    if (stored && now() - stored.at < MODEL_REFRESH_MS) return stored.model;
    const value = await guard("reading the spam model", () => store.get(MODEL_KEY, { type: "json" })).catch(
      (error: unknown) => {
        log("the retrained spam model cannot be read; the built one is used", error);
        return null;
      },
    );
    stored = { model: readModel(value), at: now() };
    return stored.model;
  };
  return async () => (await readStored()) ?? (await readBuilt());
}
