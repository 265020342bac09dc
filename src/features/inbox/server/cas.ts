import { type BlobStore, guard, StorageUnavailableError } from "../../../../netlify/lib/storage";

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits a little before a conflicting write is tried again: jittered, growing with the attempt. */
export const backoff = (attempt: number) => sleep(Math.random() * Math.min(100, 5 * (attempt + 1)));

export const MAX_ATTEMPTS = 80;

/**
 * A read-modify-write of one JSON blob that never loses a concurrent change: the blob is read with
 * its ETag and written back only if it is unchanged (onlyIfMatch; onlyIfNew when it did not exist),
 * and on conflict read again and `change` applied again to the fresh value. `change` returns the new
 * value or "unchanged" to leave the blob alone. Returns the value the blob holds afterwards.
 */
export async function updateJSON<T>(
  store: BlobStore,
  key: string,
  change: (current: T | null) => T | "unchanged",
  what: string,
): Promise<T | null> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const found = await guard(`reading ${what}`, () =>
      store.getWithMetadata(key, { type: "json", consistency: "strong" }),
    );
    const current = (found?.data ?? null) as T | null;
    const next = change(current);
    if (next === "unchanged") return current;
    const write = await guard(`writing ${what}`, () =>
      found
        ? store.setJSON(key, next, { onlyIfMatch: found.etag ?? "missing-etag" })
        : store.setJSON(key, next, { onlyIfNew: true }),
    );
    if (write.modified) return next;
    await backoff(attempt);
  }
  throw new StorageUnavailableError(`${what} kept changing`);
}

/** Runs `task` over `items`, at most `concurrency` at a time; results in the order of `items`. */
export async function inBatches<T, R>(items: T[], concurrency: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}
