import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { AstroIntegration } from "astro";
import { BUILT_MODEL_PATH } from "../src/features/spam/server/model-source";
import { trainingExamples, trainModel } from "../src/features/spam/server/training";

/**
 * Trains the learned spam filter on the repository's corpora at the start of every build, and writes
 * the model to build/spam-model.json, which netlify.toml ships with the public forms' functions.
 */
export function spamModel(): AstroIntegration {
  return {
    name: "spam-model",
    hooks: {
      "astro:build:start": async ({ logger }) => {
        const started = performance.now();
        const examples = trainingExamples();
        const model = trainModel(examples);
        const file = join(process.cwd(), BUILT_MODEL_PATH);
        await mkdir(dirname(file), { recursive: true });
        await writeFile(file, JSON.stringify(model));
        logger.info(
          `spam filter trained on ${examples.length} enquiries, ${Object.keys(model.weights).length} weights (${(performance.now() - started).toFixed(0)} ms)`,
        );
      },
    },
  };
}
