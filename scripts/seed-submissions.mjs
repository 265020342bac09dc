// npm run seed:submissions -- [count]: adds made-up contact submissions (default 10,000) to the local
// preview's Blobs store (.netlify/blobs-serve), through a Blobs server on the same folder, under the
// same keys the contact function writes (newest first), so the admin list can be measured at size.
// npm run seed:submissions -- --remove: deletes the seeded ones again (their names start "Seeded visitor").
import { randomUUID } from "node:crypto";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { getStore } from "@netlify/blobs";
import { BlobsServer } from "@netlify/blobs/server";
import "./local-fixes/netlify-blobs-server.mjs";

const DIRECTORY = join(process.cwd(), ".netlify", "blobs-serve");
/** The site id the local Netlify server files its stores under. */
const SITE_ID = process.env.BLOBS_SITE_ID ?? "0";
const STORE = "contact-submissions";
const MAX_TIME = 9_999_999_999_999;

/** Same key scheme as netlify/lib/submissions.ts: inverted time, so keys sort newest first. */
export const submissionKey = (createdAt, id) => `${String(MAX_TIME - createdAt.getTime()).padStart(13, "0")}-${id}`;

/** Keys of the submissions stored now, sorted (newest first). */
export async function storedKeys() {
  const dir = join(DIRECTORY, "entries", SITE_ID, `site:${STORE}`);
  return (await readdir(dir).catch(() => [])).filter((k) => /^\d{13}-/.test(k)).sort();
}

async function openStore() {
  const token = "seed-token";
  const server = new BlobsServer({ directory: DIRECTORY, token });
  const { port } = await server.start();
  const edgeURL = `http://localhost:${port}`;
  const store = getStore({
    name: STORE,
    siteID: SITE_ID,
    edgeURL,
    uncachedEdgeURL: edgeURL,
    token,
    consistency: "strong",
  });
  return { store, stop: () => server.stop() };
}

/** Runs `task` over `items`, `concurrency` at a time. */
async function pool(items, concurrency, task) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** Deletes every seeded submission; returns how many. */
export async function removeSeeded({ concurrency = 32 } = {}) {
  const { store, stop } = await openStore();
  let removed = 0;
  await pool(await storedKeys(), concurrency, async (key) => {
    const value = await store.get(key, { type: "json" });
    if (typeof value?.name === "string" && value.name.startsWith("Seeded visitor ")) {
      await store.delete(key);
      removed += 1;
    }
  });
  await stop();
  return removed;
}

export async function seedSubmissions(count, { now = Date.now(), concurrency = 32, log = () => {} } = {}) {
  const { store, stop } = await openStore();
  let next = 0;
  const year = 365 * 24 * 60 * 60 * 1000;
  async function worker() {
    while (next < count) {
      const n = next++;
      const id = randomUUID();
      // Spread over the past year, older as n grows.
      const createdAt = new Date(now - Math.floor((n / count) * year) - 60_000);
      await store.setJSON(submissionKey(createdAt, id), {
        id,
        created_at: createdAt.toISOString(),
        name: `Seeded visitor ${n + 1}`,
        email: `visitor${n + 1}@example.ee`,
        phone: n % 3 === 0 ? "+372 5555 0000" : null,
        company: n % 2 === 0 ? "Example OÜ" : null,
        message: `Seeded enquiry ${n + 1}: we would like a quote for panels in a meeting room of about 40 m².`,
      });
      if ((n + 1) % 1000 === 0) log(`  ${n + 1} / ${count}`);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  await stop();
}

if (import.meta.url === `file://${process.argv[1]}` && process.argv.includes("--remove")) {
  console.log(`Removed ${await removeSeeded()} seeded submissions.`);
} else if (import.meta.url === `file://${process.argv[1]}`) {
  const count = Number(process.argv[2] ?? 10_000);
  if (!Number.isInteger(count) || count < 1) throw new Error("Usage: npm run seed:submissions -- [count]");
  const started = performance.now();
  await seedSubmissions(count, { log: console.log });
  console.log(
    `Added ${count} submissions in ${((performance.now() - started) / 1000).toFixed(1)} s; the store now holds ${(await storedKeys()).length}.`,
  );
}
