import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { BlobStore } from "../../../../../netlify/lib/storage";
import { enquiryKey, listEnquiries } from "../../../../../src/features/inbox/server/listing";

const NOW = Date.parse("2026-11-22T12:00:00Z");

/** An in-memory store with Netlify's list semantics: every key with the prefix, in no promised order. */
function memoryStore(times: number[]) {
  const data = new Map<string, { id: string; created_at: string }>();
  times.forEach((t, i) => {
    const id = `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`;
    data.set(enquiryKey(new Date(t), id), { id, created_at: new Date(t).toISOString() });
  });
  let lists = 0;
  const store = {
    async list({ prefix = "" }: { prefix?: string } = {}) {
      lists += 1;
      const keys = [...data.keys()].filter((k) => k.startsWith(prefix));
      // Shuffle: the listing must not rely on the order a store happens to return.
      keys.sort(() => Math.random() - 0.5);
      return { blobs: keys.map((key) => ({ key, etag: "" })), directories: [] };
    },
    async get(key: string) {
      return data.get(key) ?? null;
    },
  };
  return { store: store as unknown as BlobStore, data, listCalls: () => lists };
}

/** Every page, following the cursors. */
async function allPages(store: BlobStore, limit: number) {
  const pages: string[][] = [];
  let cursor: string | null = null;
  do {
    const page: Awaited<ReturnType<typeof listEnquiries>> = await listEnquiries(store, { cursor, limit, now: NOW });
    pages.push(page.submissions.map((s) => s.id));
    cursor = page.next_cursor;
  } while (cursor && pages.length < 1000);
  return pages;
}

describe("listing submissions by time windows", () => {
  it("pages through everything, newest first, exactly once, however the times are spread", async () => {
    const year = 365 * 24 * 60 * 60 * 1000;
    const times = fc.array(
      fc.oneof(
        fc.integer({ min: NOW - 10 * year, max: NOW }),
        fc.integer({ min: NOW - 60_000, max: NOW }),
        fc.constant(NOW - 5000),
      ),
      { maxLength: 250 },
    );
    await fc.assert(
      fc.asyncProperty(times, fc.integer({ min: 1, max: 60 }), async (list, limit) => {
        const { store, data } = memoryStore(list);
        const expected = [...data.keys()].sort().map((k) => data.get(k)?.id);
        const pages = await allPages(store, limit);
        expect(pages.flat()).toEqual(expected);
        for (const page of pages.slice(0, -1)) expect(page).toHaveLength(limit);
      }),
      { numRuns: 150 },
    );
  });

  it("reads the first page of 10,000 submissions with a few list calls, not the whole store", async () => {
    const times = Array.from({ length: 10_000 }, (_, i) => NOW - i * 45 * 60 * 1000);
    const { store, listCalls } = memoryStore(times);
    const page = await listEnquiries(store, { limit: 50, now: NOW });
    expect(page.submissions).toHaveLength(50);
    expect(page.submissions[0]?.created_at).toBe(new Date(NOW).toISOString());
    expect(listCalls()).toBeLessThanOrEqual(3);
  });

  it("reaches the end of 10,000 submissions, a year of them, with a bounded number of list calls", async () => {
    const times = Array.from({ length: 10_000 }, (_, i) => NOW - i * 45 * 60 * 1000);
    const { store, data, listCalls } = memoryStore(times);
    const keys = [...data.keys()].sort();
    const page = await listEnquiries(store, { cursor: keys.at(-51) ?? null, limit: 50, now: NOW });
    expect(page.submissions).toHaveLength(50);
    expect(page.next_cursor).toBeNull();
    // Empty windows grow tenfold once aligned: at most about nine list calls per size, 10^9 to 10^12 ms.
    expect(listCalls()).toBeLessThanOrEqual(40);
  });

  it("answers an empty store with an empty page", async () => {
    const { store } = memoryStore([]);
    expect(await listEnquiries(store, { now: NOW })).toEqual({ submissions: [], next_cursor: null });
  });
});
