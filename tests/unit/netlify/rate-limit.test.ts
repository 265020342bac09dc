import { describe, expect, it } from "vitest";
import { clientIdentity, clientKey, createRateLimiter } from "../../../netlify/lib/rate-limit";
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

describe("clientIdentity: a client, not an address", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["::FFFF:CB00:7107", "203.0.113.7"],
    ["0:0:0:0:0:ffff:203.0.113.7", "203.0.113.7"],
    ["[::ffff:203.0.113.7]", "203.0.113.7"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:0DB8:0001:0002:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"],
    ["2001:db8:1:2::1", "2001:db8:1:2::/64"],
    ["2001:db8::", "2001:db8:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["unknown", "unknown"],
  ])("%s is %s", (ip, identity) => {
    expect(clientIdentity(ip)).toBe(identity);
  });

  it("keys every address of one IPv6 /64 alike, and another /64 apart", () => {
    const key = clientKey("2001:db8:aa:bb::1", "salt");
    expect(clientKey("2001:db8:aa:bb:ffff:1234:5678:9abc", "salt")).toBe(key);
    expect(clientKey("2001:DB8:AA:BB:0:0:0:2", "salt")).toBe(key);
    expect(clientKey("2001:db8:aa:bc::1", "salt")).not.toBe(key);
  });

  it("keys an IPv4-mapped address as its IPv4 client", () => {
    expect(clientKey("::ffff:198.51.100.4", "salt")).toBe(clientKey("198.51.100.4", "salt"));
  });

  it("counts rotating IPv6 addresses of one /64 against one limit", async () => {
    const limiter = createRateLimiter({
      store: atomicStore().store,
      limit: 3,
      windowMs: 60_000,
      salt: "s",
      now: () => 1,
    });
    const answers = [];
    for (let i = 1; i <= 5; i++) answers.push((await limiter.reserve(`2001:db8:5:6::${i.toString(16)}`)).allowed);
    expect(answers).toEqual([true, true, true, false, false]);
  });
});
