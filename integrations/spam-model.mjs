// @ts-check
import { spawnSync } from "node:child_process";

/**
 * Trains the learned spam filter on the repository's corpora at the start of every build
 * (scripts/train-spam-model.mjs, in a process of its own so that this config loads no TypeScript),
 * and writes the model to build/spam-model.json, which netlify.toml ships with the public forms'
 * functions. A failed training stops the build.
 * @returns {import("astro").AstroIntegration}
 */
export function spamModel() {
  return {
    name: "spam-model",
    hooks: {
      "astro:build:start": ({ logger }) => {
        const run = spawnSync(process.execPath, ["scripts/train-spam-model.mjs"], { encoding: "utf8" });
        if (run.status !== 0) throw new Error(`the spam filter could not be trained:\n${run.stderr}`);
        logger.info(run.stdout.trim());
      },
    },
  };
}
