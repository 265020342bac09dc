// npm test: every quality gate in order; exits non-zero if any fails. Each gate's output goes to its
// log in reports/test/; the terminal gets one line per gate (its time and its runner's summary), and a
// gate's whole log only when that gate fails.
import { spawn } from "node:child_process";
import { createWriteStream, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

process.env.ASTRO_TELEMETRY_DISABLED = "1";
const LOGS = "reports/test";

/** Lines of a log that say how a gate went, colour codes taken out. */
const lines = (/** @type {RegExp} */ pattern) => (/** @type {string} */ log) =>
  log
    .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g"), "")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => pattern.test(line))
    .map((line) => line.replace(/^- /, "").replace(/^\d\d:\d\d:\d\d \[[\w-]+\] /, ""));

/** Each gate: its name, the script and arguments it runs on the project's Node, and its summary lines. */
const GATES = [
  {
    name: "types (astro check)",
    args: ["node_modules/astro/bin/astro.mjs", "check"],
    summary: lines(/^- \d+ (errors?|warnings?|hints?)$/),
  },
  {
    name: "lint and format (biome)",
    args: ["node_modules/@biomejs/biome/bin/biome", "ci", "--colors=off", "--error-on-warnings", "."],
    summary: lines(/^Checked \d+ files?/),
  },
  {
    name: "build",
    args: ["node_modules/astro/bin/astro.mjs", "build"],
    summary: lines(/Server built in|pages finished/),
  },
  {
    name: "unit, integration and build tests (vitest)",
    // Each file's and test's time as well, for whoever has to make the run shorter.
    args: [
      "node_modules/vitest/vitest.mjs",
      "run",
      "--reporter=dot",
      "--reporter=json",
      `--outputFile.json=${LOGS}/vitest-timings.json`,
    ],
    summary: lines(/^(Test Files|Tests)\s/),
  },
  {
    name: "browser tests (playwright)",
    args: ["node_modules/@playwright/test/cli.js", "test", "--reporter=dot,json"],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${LOGS}/playwright-timings.json` },
    summary: lines(/^\d+ (passed|failed|flaky|skipped|did not run|interrupted)\b/),
  },
  {
    name: "fault matrix, short (npm run faults -- --short)",
    args: ["scripts/faults.mjs", "--short"],
    summary: lines(/^fault matrix: /),
  },
];

/**
 * Runs one gate with its output in `logFile`; resolves with whether it passed.
 * @param {string[]} args
 * @param {string} logFile
 * @param {Record<string, string>} [extraEnv]
 */
function run(args, logFile, extraEnv = {}) {
  return new Promise((resolve) => {
    const log = createWriteStream(logFile);
    // No colour codes in the logs. FORCE_COLOR=0 alone: Node warns in every process when NO_COLOR is
    // set too, and the browser tests' runner sets FORCE_COLOR for its workers.
    const env = { ...process.env, ...extraEnv, FORCE_COLOR: "0" };
    delete env.NO_COLOR;
    const child = spawn(process.execPath, args, { env });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.on("close", (code) => log.end(() => resolve(code === 0)));
  });
}

mkdirSync(LOGS, { recursive: true });
console.log(`npm test: ${GATES.length} gates; each gate's whole output is in ${LOGS}/`);
const results = [];
for (const [i, gate] of GATES.entries()) {
  const logFile = join(LOGS, `${i + 1}-${gate.name.replace(/\W+/g, "-").replace(/-+$/, "")}.log`);
  const started = Date.now();
  const ok = await run(gate.args, logFile, gate.env);
  const seconds = (Date.now() - started) / 1000;
  const log = readFileSync(logFile, "utf8");
  results.push({ name: gate.name, ok, seconds });
  console.log(`${ok ? "PASS" : "FAIL"}  ${gate.name} (${seconds.toFixed(1)} s)  ${gate.summary(log).join("; ")}`);
  if (!ok) console.log(`\n--- ${gate.name}: its output (${logFile}) ---\n${log}\n--- end of ${gate.name} ---\n`);
}

const failed = results.filter((r) => !r.ok).length;
const total = results.reduce((sum, r) => sum + r.seconds, 0);
console.log(`gates: ${results.length - failed} passed, ${failed} failed, ${(total / 60).toFixed(1)} min`);
process.exit(failed === 0 ? 0 : 1);
