import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getStore } from "@netlify/blobs";
import { BlobsServer } from "@netlify/blobs/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BlobStore } from "../../netlify/lib/storage";
import {
  BENCH_STATUS,
  MARKED,
  NO_MATCH_QUERY,
  removeSeeded,
  SEARCH_QUERY,
  seedSubmissions,
  storedKeys,
} from "../../scripts/seed-submissions.mjs";
import { createSubmissionsHandler } from "../../src/features/inbox/server/handler";
import { readIndex } from "../../src/features/inbox/server/index-store";

const COUNT = 300;
let directory = "";

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), "seed-test-"));
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

/** A Blobs server on the seeded folder, the admin API over it, and counts of the calls that read submissions. */
async function serve() {
  const server = new BlobsServer({ directory, token: "t" });
  const { port } = await server.start();
  const edgeURL = `http://localhost:${port}`;
  const open = (name: string) =>
    getStore({ name, siteID: "0", edgeURL, uncachedEdgeURL: edgeURL, token: "t", consistency: "strong" });
  const calls = { get: 0, list: 0 };
  const raw = open("contact-submissions");
  const submissions: BlobStore = new Proxy(raw, {
    get(target, key: keyof BlobStore) {
      if (key === "get" || key === "list") calls[key] += 1;
      const member = target[key];
      return typeof member === "function" ? member.bind(target) : member;
    },
  });
  const index = open("contact-index");
  const handle = createSubmissionsHandler({
    submissions,
    index,
    outbox: open("contact-outbox"),
    audit: open("contact-audit"),
    verify: async () => ({ uid: "admin", admin: true, email: "admin@aural.example" }),
  });
  const call = (path: string) =>
    handle(
      new Request(`https://aural.example/api/contact-submissions${path}`, {
        headers: { authorization: "Bearer a.b.c" },
      }),
    );
  return { call, calls, index, stop: () => server.stop() };
}

describe("seeded submissions", () => {
  it("are indexed, listed, searchable and exported from their copies, and removed again with their index", async () => {
    await seedSubmissions(COUNT, { directory, concurrency: 8 });
    expect(await storedKeys({ directory })).toHaveLength(COUNT);

    const api = await serve();
    try {
      const first = await (await api.call("")).json();
      expect(first.submissions).toHaveLength(50);
      expect(first.counts).toEqual({ new: 180, read: 60, replied: 30, archived: 30, spam: 0 });
      // The index was complete: no listing of the submissions store, only the page's reads.
      expect(api.calls).toEqual({ get: 50, list: 0 });

      const matches = await (await api.call(`?q=${encodeURIComponent(SEARCH_QUERY)}`)).json();
      expect(matches.submissions).toHaveLength(MARKED);
      expect((await (await api.call(`?q=${encodeURIComponent(NO_MATCH_QUERY)}`)).json()).submissions).toEqual([]);
      const tab = await (await api.call(`?status=${BENCH_STATUS}&limit=100`)).json();
      expect(tab.submissions).toHaveLength(30);

      api.calls.get = 0;
      const csv = await (await api.call("/export.csv")).text();
      expect(csv.split("\r\n")).toHaveLength(COUNT + 2);
      expect(api.calls.get).toBe(0);
    } finally {
      await api.stop();
    }

    expect(await removeSeeded({ directory, concurrency: 8 })).toBe(COUNT);
    const after = await serve();
    try {
      expect(await storedKeys({ directory })).toEqual([]);
      expect(await readIndex(after.index)).toEqual([]);
      expect((await after.index.list({ prefix: "id/" })).blobs).toEqual([]);
      const page = await (await after.call("")).json();
      expect(page).toEqual({
        submissions: [],
        next_cursor: null,
        counts: { new: 0, read: 0, replied: 0, archived: 0, spam: 0 },
        unreadable: [],
      });
      expect((await after.index.list({ prefix: "pending/" })).blobs).toEqual([]);
    } finally {
      await after.stop();
    }
  }, 120_000);
});
