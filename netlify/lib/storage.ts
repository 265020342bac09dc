import { getStore, type Store } from "@netlify/blobs";

/** Raised when Blobs cannot be reached or keeps refusing a write; answered with 503. */
export class StorageUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "StorageUnavailableError";
  }
}

/** The parts of a Blobs store the server logic uses, so tests can pass a store that fails. */
export type BlobStore = Pick<Store, "get" | "getWithMetadata" | "setJSON" | "delete" | "list">;

/** Runs a storage call, turning any failure into StorageUnavailableError. */
export async function guard<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof StorageUnavailableError) throw error;
    throw new StorageUnavailableError(`${what} failed`, { cause: error });
  }
}

/** A JSON value as stored: none, one that reads, or one that cannot be read and why. */
export type StoredJSON =
  | { state: "missing" }
  | { state: "ok"; value: unknown }
  | { state: "broken"; reason: "empty" | "not JSON" };

/**
 * Reads a JSON value without letting an unreadable one fail the caller: an empty or cut-off blob
 * (a write that never finished elsewhere) is reported as broken, with its reason, for the caller to
 * skip and report. Only a failure to reach the store rejects (StorageUnavailableError).
 */
export async function readStoredJSON(store: BlobStore, key: string, what: string): Promise<StoredJSON> {
  const text = await guard(what, () => store.get(key, { type: "text", consistency: "strong" }));
  if (text === null) return { state: "missing" };
  if (text.trim() === "") return { state: "broken", reason: "empty" };
  try {
    return { state: "ok", value: JSON.parse(text) };
  } catch {
    return { state: "broken", reason: "not JSON" };
  }
}

/** Store names, in one place. */
export const STORES = {
  submissions: "contact-submissions",
  rateLimit: "contact-rate-limit",
  outbox: "contact-outbox",
  /** The inbox's month shards (status and search text), id pointers and export copies. */
  index: "contact-index",
  /** One entry per admin change, newest first. */
  audit: "contact-audit",
  /** The proof-of-work solutions already used, each until its challenge expires. */
  proofs: "form-proofs",
} as const;

/**
 * A Blobs store opened on its first call. Blobs takes its configuration from the invocation's
 * environment, so requests answered before any storage call (wrong method, wrong media type, no
 * token) need no Blobs at all, and a missing Blobs environment fails as unavailable storage.
 */
export function lazyStore(name: string): BlobStore {
  let store: BlobStore | undefined;
  const open = () => {
    store ??= getStore({ name, consistency: "strong" });
    return store;
  };
  return new Proxy({} as BlobStore, {
    get(_target, key: keyof BlobStore) {
      const opened = open();
      const member = opened[key];
      return typeof member === "function" ? member.bind(opened) : member;
    },
  });
}
