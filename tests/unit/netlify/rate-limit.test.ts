import { describe, expect, it } from "vitest";
import { clientKey, createRateLimiter } from "../../../netlify/lib/rate-limit";
import type { BlobStore } from "../../../netlify/lib/storage";

/**
 * A store whose conditional writes are atomic, as Netlify's are, with a delay on every call so that
 * concurrent callers interleave. Each limiter instance below stands for a separate function
 * instance: no lock is shared, so only the compare-and-swap keeps the count right.
 */
function atomicStore() {
  const data = new Map<string, { value: unknown; etag: string }>();
  let version = 0;
  const tick = () => new Promise((r) => setTimeout(r, Math.random() * 3));
  const store = {
    async getWithMetadata(key: string) {
      await tick();
      const entry = data.get(key);
      return entry ? { data: structuredClone(entry.value), etag: entry.etag, metadata: {} } : null;
    },
    async setJSON(key: string, value: unknown, options: { onlyIfNew?: boolean; onlyIfMatch?: string } = {}) {
      await tick();
      const current = data.get(key);
      if (options.onlyIfNew && current) return { modified: false };
      if (options.onlyIfMatch && current?.etag !== options.onlyIfMatch) return { modified: false };
      const etag = `"${++version}"`;
      data.set(key, { value: structuredClone(value), etag });
      return { modified: true, etag };
    },
  };
  return { store: store as unknown as BlobStore, data };
}

describe("rate limiter compare-and-swap", () => {
  it("accepts exactly the limit across 20 concurrent requests from separate instances", async () => {
    const { store } = atomicStore();
    const now = () => 1_000_000;
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        createRateLimiter({ store, limit: 3, windowMs: 3_600_000, salt: "s", now }).reserve("192.0.2.1"),
      ),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
    expect(results.filter((r) => !r.allowed)).toHaveLength(17);
  });

  it("releasing a slot makes room again", async () => {
    const { store, data } = atomicStore();
    const limiter = createRateLimiter({ store, limit: 1, windowMs: 60_000, salt: "s", now: () => 5_000 });
    const first = await limiter.reserve("192.0.2.2");
    expect(first.allowed).toBe(true);
    expect((await limiter.reserve("192.0.2.2")).allowed).toBe(false);
    if (first.allowed) await first.release();
    expect(data.get(clientKey("192.0.2.2", "s"))?.value).toEqual({ hits: [] });
    expect((await limiter.reserve("192.0.2.2")).allowed).toBe(true);
  });

  it("keys clients by a salted hash, not their address", () => {
    const key = clientKey("192.0.2.3", "salt-a");
    expect(key).toMatch(/^client-[0-9a-f]{64}$/);
    expect(key).not.toContain("192.0.2.3");
    expect(clientKey("192.0.2.3", "salt-b")).not.toBe(key);
  });

  it("gives up with a storage error when every write conflicts", async () => {
    const store = {
      getWithMetadata: async () => ({ data: { hits: [] }, etag: '"1"', metadata: {} }),
      setJSON: async () => ({ modified: false }),
    } as unknown as BlobStore;
    const limiter = createRateLimiter({ store, limit: 3, windowMs: 1000, salt: "s", now: () => 0, maxAttempts: 3 });
    await expect(limiter.reserve("192.0.2.4")).rejects.toThrow("rate limit record kept changing");
  });
});
