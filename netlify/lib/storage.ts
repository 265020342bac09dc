import type { Store } from "@netlify/blobs";

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
} as const;
