import { createHmac } from "node:crypto";
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

/** The rate-limit key for a client: a salted hash, never the address itself. */
export function clientKey(ip: string, salt: string): string {
  return `client-${createHmac("sha256", salt).update(ip).digest("hex")}`;
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
