// npm run bench: latency of the contact function against the production build served locally.
// Accepted and rejected submissions, one at a time and 20 at once. Each accepted request comes from
// its own loopback address (127.0.x.y), so the per-client rate limit applies as it would to visitors.
// Prints a Markdown table. Pass --no-build to reuse dist/, --url to measure a preview already running.

import { spawn } from "node:child_process";
import http from "node:http";
import { setTimeout as sleep } from "node:timers/promises";

const args = process.argv.slice(2);
const external = args.find((a) => a.startsWith("--url="))?.slice(6);
const base = new URL(external ?? "http://127.0.0.1:8888");
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);

let preview;
if (!external) {
  preview = spawn(process.execPath, ["scripts/preview.mjs", ...(args.includes("--no-build") ? ["--no-build"] : [])], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      await fetch(base);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error("preview did not start");
      await sleep(300);
    }
  }
}

const valid = {
  name: "Bench",
  email: "bench@example.ee",
  company: "",
  phone: "",
  message: "Latency benchmark",
  website: "",
};
let nextAddress = 0;
/** A fresh loopback address, 127.0.<n>.<m>, for one client. */
const freshAddress = () => {
  nextAddress += 1;
  return `127.1.${Math.floor(nextAddress / 250) % 250}.${(nextAddress % 250) + 1}`;
};

function post(payload, localAddress) {
  const body = JSON.stringify(payload);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        path: "/api/submit-contact-form",
        method: "POST",
        localAddress,
        agent: false,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode, ms: performance.now() - started }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
function summarise(name, results, expected) {
  const ms = results.map((r) => r.ms).sort((a, b) => a - b);
  const unexpected = results.filter((r) => r.status !== expected).length;
  return {
    name,
    n: results.length,
    p50: percentile(ms, 50),
    p90: percentile(ms, 90),
    p99: percentile(ms, 99),
    max: ms.at(-1),
    unexpected,
  };
}

async function sequential(make, count) {
  const out = [];
  for (let i = 0; i < count; i++) out.push(await make(i));
  return out;
}
async function concurrent(make, rounds) {
  const out = [];
  for (let r = 0; r < rounds; r++) out.push(...(await Promise.all(Array.from({ length: 20 }, (_, i) => make(i)))));
  return out;
}

// Warm up: the first invocation of a function is a cold start; it is reported on its own.
const cold = await post(valid, freshAddress());
const limited = freshAddress();
for (let i = 0; i < 3; i++) await post(valid, limited);

const rows = [
  summarise("cold start, accepted (201)", [cold], 201),
  summarise("sequential, accepted (201)", await sequential(() => post(valid, freshAddress()), ROUNDS), 201),
  summarise("sequential, invalid (400)", await sequential(() => post({ ...valid, email: "x" }, limited), ROUNDS), 400),
  summarise("sequential, rate-limited (429)", await sequential(() => post(valid, limited), ROUNDS), 429),
  summarise("20 concurrent, accepted (201)", await concurrent(() => post(valid, freshAddress()), 3), 201),
  summarise("20 concurrent, invalid (400)", await concurrent(() => post({ ...valid, email: "x" }, limited), 3), 400),
  summarise("20 concurrent, rate-limited (429)", await concurrent(() => post(valid, limited), 3), 429),
];

const fmt = (n) => n.toFixed(1);
console.log(`\nContact function latency against ${base.origin} (ms)\n`);
console.log("| case | n | p50 | p90 | p99 | max | unexpected status |");
console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
for (const r of rows)
  console.log(
    `| ${r.name} | ${r.n} | ${fmt(r.p50)} | ${fmt(r.p90)} | ${fmt(r.p99)} | ${fmt(r.max)} | ${r.unexpected} |`,
  );

if (preview) {
  preview.kill("SIGTERM");
  await sleep(500);
}
process.exit(rows.some((r) => r.unexpected > 0) ? 1 : 0);
