// npm run seed:submissions -- [count]: adds made-up contact submissions (default 10,000) to the local
// preview's Blobs store (.netlify/blobs-serve), through a Blobs server on the same folder, under the
// same keys the contact function writes (newest first), with their inbox index entries, id pointers
// and export copies, so the admin list, search and export can be measured at size. Statuses cycle
// (six in ten new, then read, read, replied, archived), and 20 of them, spread over the whole range,
// carry SEARCH_MARK in their name, so that SEARCH_QUERY finds exactly 20 among 10,000.
// npm run seed:submissions -- --remove: deletes the seeded ones again (their names start "Seeded
// visitor", as do the bench's flood posts), with their index entries, pointers and copies.
import { randomUUID } from "node:crypto";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { BlobsServer } from "@netlify/blobs/server";
import {
  enquiryKey,
  fullRecord,
  INDEX_VERSION,
  indexEntry,
  keyId,
  keyTime,
  META_KEY,
  monthOf,
  pendingKey,
  pointerKey,
  rowsKey,
  shardKey,
} from "../src/features/inbox/server/storage-layout.ts";
import "./local-fixes/netlify-blobs-server.mjs";
import "./lib/typescript-imports.mjs";

// Through the site's own guarded stores, as the functions write: see netlify/lib/storage.ts.
const { openStore } = await import("../netlify/lib/storage.ts");

export { enquiryKey };

const DIRECTORY = join(process.cwd(), ".netlify", "blobs-serve");
/** The site id the local Netlify server files its stores under. */
const SITE_ID = process.env.BLOBS_SITE_ID ?? "0";
const STORES = { submissions: "contact-submissions", index: "contact-index", outbox: "contact-outbox" };
const SEEDED_NAME = "Seeded visitor ";

/** In the names of 20 seeded submissions; SEARCH_QUERY (no accents, lower case) finds exactly those. */
export const SEARCH_MARK = "Pärtel Õunapuu";
export const SEARCH_QUERY = "partel ounapuu";
/** How many seeded submissions carry SEARCH_MARK (fewer when fewer are seeded). */
export const MARKED = 20;
/** A search that no seeded submission matches. */
export const NO_MATCH_QUERY = "no such enquiry anywhere";
/** @type {import("../src/features/contact/schema").EnquiryStatus[]} */
const STATUS_CYCLE = ["new", "new", "new", "new", "new", "new", "read", "read", "replied", "archived"];
/** The status tab the bench measures: one seeded submission in ten. */
export const BENCH_STATUS = "replied";

/** Keys of the submissions stored now, sorted (newest first). */
export async function storedKeys({ directory = DIRECTORY } = {}) {
  const dir = join(directory, "entries", SITE_ID, `site:${STORES.submissions}`);
  return (await readdir(dir).catch(() => [])).filter((k) => /^\d{13}-/.test(k)).sort();
}

async function openStores(directory) {
  const token = "seed-token";
  const server = new BlobsServer({ directory, token });
  const { port } = await server.start();
  const edgeURL = `http://localhost:${port}`;
  const open = (name) => openStore({ name, siteID: SITE_ID, edgeURL, uncachedEdgeURL: edgeURL, token });
  return {
    submissions: open(STORES.submissions),
    index: open(STORES.index),
    outbox: open(STORES.outbox),
    stop: () => server.stop(),
  };
}

/** Runs `task` over `items`, `concurrency` at a time. */
async function pool(items, concurrency, task) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** A conditional read-modify-write of one JSON document, retried on conflict (as the functions do). */
async function update(store, key, change) {
  for (let attempt = 0; attempt < 80; attempt++) {
    const found = await store.getWithMetadata(key, { type: "json", consistency: "strong" });
    const next = change(found?.data ?? null);
    const write = found
      ? await store.setJSON(key, next, { onlyIfMatch: found.etag ?? "missing-etag" })
      : await store.setJSON(key, next, { onlyIfNew: true });
    if (write.modified) return;
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 20));
  }
  throw new Error(`${key} kept changing`);
}

/** Groups `[key, value]` pairs by the month of their key. */
function byMonth(pairs) {
  const months = new Map();
  for (const [key, value] of pairs) {
    const month = monthOf(keyTime(key));
    months.set(month, [...(months.get(month) ?? []), [key, value]]);
  }
  return months;
}

/** The n-th of `count` seeded submissions, created `now` or up to a year before. */
export function seededEnquiry(n, count, now) {
  const year = 365 * 24 * 60 * 60 * 1000;
  const id = randomUUID();
  // Spread over the past year, older as n grows.
  const createdAt = new Date(now - Math.floor((n / count) * year) - 60_000);
  const marks = Math.min(MARKED, count);
  const marked = Array.from({ length: marks }, (_, i) => Math.floor((i * count) / marks)).includes(n);
  const status = STATUS_CYCLE[n % STATUS_CYCLE.length];
  const submission = {
    id,
    created_at: createdAt.toISOString(),
    name: `${SEEDED_NAME}${n + 1}${marked ? ` ${SEARCH_MARK}` : ""}`,
    email: `visitor${n + 1}@example.ee`,
    phone: n % 3 === 0 ? "+372 5555 0000" : null,
    company: n % 2 === 0 ? "Example OÜ" : null,
    message: `Seeded enquiry ${n + 1}: we would like a quote for panels in a meeting room of about 40 m².`,
  };
  // New ones are stored as the contact form stores them; the others as an admin's change leaves them.
  const stored =
    status === "new" ? submission : { ...submission, status, note: null, updated_at: submission.created_at };
  return { key: enquiryKey(createdAt, id), stored };
}

/**
 * Adds `count` submissions. As the contact function does, the index entries and id pointers are
 * written before the submissions; the export copies after. When nothing was stored before, the index
 * is marked complete, so the first admin request does not list the store to look for older records.
 */
export async function seedSubmissions(
  count,
  { now = Date.now(), concurrency = 32, log = () => {}, directory = DIRECTORY } = {},
) {
  const wasEmpty = (await storedKeys({ directory })).length === 0;
  const stores = await openStores(directory);
  try {
    const seeded = Array.from({ length: count }, (_, n) => seededEnquiry(n, count, now));
    for (const [month, pairs] of byMonth(seeded.map((s) => [s.key, indexEntry(s.stored)]))) {
      await update(stores.index, shardKey(month), (doc) => ({
        v: INDEX_VERSION,
        items: { ...(doc?.items ?? {}), ...Object.fromEntries(pairs) },
      }));
    }
    await pool(seeded, concurrency, ({ key }) => stores.index.setJSON(pointerKey(keyId(key)), { key }));
    let written = 0;
    await pool(seeded, concurrency, async ({ key, stored }) => {
      await stores.submissions.setJSON(key, stored, { onlyIfNew: true });
      written += 1;
      if (written % 1000 === 0) log(`  ${written} / ${count}`);
    });
    for (const [month, pairs] of byMonth(seeded.map((s) => [s.key, fullRecord(s.stored)]))) {
      await update(stores.index, rowsKey(month), (doc) => ({
        v: INDEX_VERSION,
        rev: (doc?.rev ?? 0) + 1,
        items: { ...(doc?.items ?? {}), ...Object.fromEntries(pairs) },
      }));
    }
    if (wasEmpty && (await stores.index.get(META_KEY)) === null) {
      await stores.index.setJSON(META_KEY, { v: INDEX_VERSION, indexed_at: new Date(now).toISOString() });
    }
  } finally {
    await stores.stop();
  }
}

/** Deletes every seeded submission with its index entry, pointer, export copy and outbox entry; returns how many. */
export async function removeSeeded({ concurrency = 32, directory = DIRECTORY } = {}) {
  const stores = await openStores(directory);
  try {
    const seeded = [];
    await pool(await storedKeys({ directory }), concurrency, async (key) => {
      const value = await stores.submissions.get(key, { type: "json" });
      if (typeof value?.name === "string" && value.name.startsWith(SEEDED_NAME)) seeded.push(key);
    });
    await pool(seeded, concurrency, (key) => stores.submissions.delete(key));
    for (const [month, pairs] of byMonth(seeded.map((key) => [key, true]))) {
      const gone = new Set(pairs.map(([key]) => key));
      const drop = (items) => Object.fromEntries(Object.entries(items ?? {}).filter(([key]) => !gone.has(key)));
      await update(stores.index, shardKey(month), (doc) => ({ v: INDEX_VERSION, items: drop(doc?.items) }));
      await update(stores.index, rowsKey(month), (doc) => ({
        v: INDEX_VERSION,
        rev: (doc?.rev ?? 0) + 1,
        items: drop(doc?.items),
      }));
    }
    await pool(seeded, concurrency, async (key) => {
      await stores.index.delete(pointerKey(keyId(key)));
      await stores.index.delete(pendingKey(key));
      await stores.outbox.delete(key);
    });
    return seeded.length;
  } finally {
    await stores.stop();
  }
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
