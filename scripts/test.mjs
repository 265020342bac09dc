// npm test: every quality gate in order; exits non-zero if any fails.
import { spawnSync } from "node:child_process";

process.env.ASTRO_TELEMETRY_DISABLED = "1";
const node = process.execPath;
const gates = [
  ["types (astro check)", ["node_modules/astro/bin/astro.mjs", "check"]],
  ["lint and format (biome)", ["node_modules/@biomejs/biome/bin/biome", "ci", "--error-on-warnings", "."]],
  ["build", ["node_modules/astro/bin/astro.mjs", "build"]],
  ["unit, integration and build tests (vitest)", ["node_modules/vitest/vitest.mjs", "run"]],
  ["browser tests (playwright)", ["node_modules/@playwright/test/cli.js", "test"]],
  ["fault matrix, short (npm run faults -- --short)", ["scripts/faults.mjs", "--short"]],
];

const results = [];
for (const [name, args] of gates) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const run = spawnSync(node, args, { stdio: "inherit", env: process.env });
  results.push({ name, ok: run.status === 0, seconds: (Date.now() - started) / 1000 });
}

console.log("\n=== summary ===");
for (const r of results) console.log(`${r.ok ? "PASS" : "FAIL"}  ${r.name} (${r.seconds.toFixed(1)} s)`);
const failed = results.filter((r) => !r.ok).length;
console.log(`gates: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
