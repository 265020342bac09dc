import { createHmac } from "node:crypto";
import { isIPv4, isIPv6 } from "node:net";
import { type BlobStore, guard, StorageUnavailableError } from "./storage";

export interface RateLimitOptions {
  store: BlobStore;
  /** Accepted submissions allowed per client within the window. */
  limit: number;
  windowMs: number;
  /** Secret mixed into the hash so stored keys cannot be turned back into IP addresses. */
  salt: string;
  now: () => number;
  /** Conditional-write attempts before giving up under contention. */
  maxAttempts?: number;
}

export type Reservation =
  | { allowed: true; release: () => Promise<void> }
  | { allowed: false; retryAfterSeconds: number };

interface Record {
  hits: number[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail counts as the last two). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted[1].split(".").map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const part = (s: string) => (s ? s.split(":").map((g) => Number.parseInt(g, 16)) : []);
  const front = part(head);
  const back = tail === undefined ? [] : part(tail);
  return [...front, ...Array(8 - front.length - back.length).fill(0), ...back];
}

/**
 * Who a client is, for the rate limit. An IPv6 network hands one household or one server a whole /64,
 * so an IPv6 client is its /64 prefix; an IPv4-mapped IPv6 address is the IPv4 client it maps; letter
 * case, zero compression, leading zeros and a zone are written one way. Anything else is taken as it is.
 */
export function clientIdentity(ip: string): string {
  const address = ip
    .trim()
    .replace(/^\[|\]$/g, "")
    .replace(/%.*$/, "");
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return ip;
  const groups = ipv6Groups(address);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/** The rate-limit key for a client (see clientIdentity): a salted hash, never the address itself. */
export function clientKey(ip: string, salt: string): string {
  return `client-${createHmac("sha256", salt).update(clientIdentity(ip)).digest("hex")}`;
}

/**
 * A rolling-window limit kept in Blobs. Reserving a slot is a compare-and-swap on the client's
 * record (onlyIfNew for the first hit, onlyIfMatch on the ETag after), retried on conflict, so
 * concurrent requests can never accept more than `limit`.
 */
export function createRateLimiter(options: RateLimitOptions) {
  const { store, limit, windowMs, salt, now } = options;
  const maxAttempts = options.maxAttempts ?? 40;

  async function update(key: string, change: (hits: number[], at: number) => number[] | "full" | "unchanged") {
    for (let attempt = 0; attempt < maxAttempts; attempt++) {
      const at = now();
      const entry = await guard("reading the rate limit", () =>
        store.getWithMetadata(key, { type: "json", consistency: "strong" }),
      );
      const data = entry?.data as Record | undefined;
      const current = Array.isArray(data?.hits)
        ? data.hits.filter((t) => typeof t === "number" && t > at - windowMs)
        : [];
      const next = change(current, at);
      if (next === "full" || next === "unchanged") return { outcome: next, hits: current, at };
      const write = await guard("writing the rate limit", () =>
        entry
          ? store.setJSON(key, { hits: next } satisfies Record, { onlyIfMatch: entry.etag ?? "missing-etag" })
          : store.setJSON(key, { hits: next } satisfies Record, { onlyIfNew: true }),
      );
      if (write.modified) return { outcome: "written" as const, hits: next, at };
      // Someone else wrote first: back off a little, with jitter, and try again on fresh data.
      await sleep(Math.random() * Math.min(50, 5 * (attempt + 1)));
    }
    throw new StorageUnavailableError("rate limit record kept changing");
  }

  return {
    async reserve(ip: string): Promise<Reservation> {
      const key = clientKey(ip, salt);
      let reservedAt = 0;
      const result = await update(key, (hits, at) => {
        if (hits.length >= limit) return "full";
        reservedAt = at;
        return [...hits, at];
      });
      if (result.outcome === "full") {
        const oldest = Math.min(...result.hits);
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - result.at) / 1000)) };
      }
      return {
        allowed: true,
        // Gives the slot back when the submission could not be stored, so a failure costs nothing.
        release: async () => {
          await update(key, (hits) => {
            const index = hits.indexOf(reservedAt);
            return index === -1 ? "unchanged" : hits.filter((_, i) => i !== index);
          });
        },
      };
    },
  };
}

/**
 * Deletes the records of clients whose every hit is older than the window: they limit nothing any
 * more, and a salted hash with times is kept no longer than it is needed. Each record is read right
 * before its deletion (Blobs has no conditional delete), so only a hit landing in that instant is lost (the client then gets
 * one more submission within the window). Returns how many records went.
 */
export async function pruneRateLimits(store: BlobStore, windowMs: number, now: number): Promise<number> {
  const { blobs } = await guard("listing rate limits", () => store.list({ prefix: "client-" }));
  const stale = async (key: string) => {
    const data = (await guard("reading a rate limit", () =>
      store.get(key, { type: "json", consistency: "strong" }),
    )) as Partial<Record> | null;
    const hits = Array.isArray(data?.hits) ? data.hits : [];
    return hits.every((t) => typeof t !== "number" || t <= now - windowMs);
  };
  let deleted = 0;
  for (const { key } of blobs) {
    if (!(await stale(key))) continue;
    await guard("deleting a rate limit", () => store.delete(key));
    deleted += 1;
  }
  return deleted;
}
