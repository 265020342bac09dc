// Trains the learned spam filter on every corpus in src/features/spam/corpora/ and writes the model to
// build/spam-model.json (the build runs this; see integrations/spam-model.mjs). Prints one line.
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import "./lib/typescript-imports.mjs";

const { BUILT_MODEL_PATH } = await import("../src/features/spam/server/model-source.ts");
const { packModel } = await import("../src/features/spam/server/model-format.ts");
const { trainModel, trainingExamples } = await import("../src/features/spam/server/training.ts");

const started = performance.now();
const examples = trainingExamples();
const model = trainModel(examples);
const file = join(process.cwd(), BUILT_MODEL_PATH);
await mkdir(dirname(file), { recursive: true });
await writeFile(file, JSON.stringify(packModel(model)));
console.log(
  `spam filter trained on ${examples.length} enquiries: ${Object.keys(model.weights).length} weights in ${BUILT_MODEL_PATH} (${(performance.now() - started).toFixed(0)} ms)`,
);
