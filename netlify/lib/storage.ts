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

/** Store names, in one place. */
export const STORES = {
  submissions: "contact-submissions",
  rateLimit: "contact-rate-limit",
  outbox: "contact-outbox",
  /** The inbox's month shards (status and search text), id pointers and export copies. */
  index: "contact-index",
  /** One entry per admin change, newest first. */
  audit: "contact-audit",
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
