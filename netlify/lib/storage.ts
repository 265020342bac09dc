import { AsyncLocalStorage } from "node:async_hooks";
import { type GetStoreOptions, getStore, type Store } from "@netlify/blobs";
import {
  callFailure,
  conditionalWritesFetch,
  failCall,
  UnacceptedWriteError,
  withinCall,
} from "../../scripts/local-fixes/netlify-blobs-conditional-writes";
import { faultyFetch, switchedOnFaults } from "./faults";

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
  /** The learned spam filter's newest model, from the nightly retraining. */
  spamModel: "spam-model",
  /** The staff's spam decisions, by enquiry id: the labels the nightly retraining learns from. */
  spamLabels: "spam-labels",
} as const;

/**
 * How long a storage call waits for Blobs. One attempt may take STORAGE_LIMITS.attemptMs; an answer
 * worth another try (429, 5xx, no answer, a broken connection) is tried again after a short pause
 * while the call is younger than STORAGE_LIMITS.callMs, and then the call fails with
 * StorageUnavailableError. So a visitor whose post meets an outage is answered 503 within about four
 * seconds, and a scheduled job notices in time to leave its work for the next run. The library's own
 * retries (five, five seconds apart) are never reached.
 */
export const STORAGE_LIMITS = { attemptMs: 3_500, callMs: 4_000 };

/**
 * How long one invocation may spend on storage in all: a post's calls, one after the other, end
 * within POST_STORAGE_BUDGET_MS and an admin call's within ADMIN_STORAGE_BUDGET_MS, so that a slow
 * storage is answered 503 before the platform's own time limit (30 s) cuts the function off, with
 * room to spare for a cold start and the sign-in check, which the budget does not count.
 */
export const POST_STORAGE_BUDGET_MS = 10_000;
export const ADMIN_STORAGE_BUDGET_MS = 15_000;

const invocations = new AsyncLocalStorage<{ deadline: number }>();

/** Runs `work` with every storage call it makes ending within `budgetMs` from now. */
export function withStorageBudget<T>(budgetMs: number, work: () => Promise<T>): Promise<T> {
  return invocations.run({ deadline: Date.now() + budgetMs }, work);
}

const retryable = (status: number) => status === 429 || status >= 500;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A `fetch` whose requests are each tried within the storage's time limits (see STORAGE_LIMITS). */
export function boundedFetch(inner: typeof fetch, limits = STORAGE_LIMITS): typeof fetch {
  return async (input, init) => {
    const method = (init?.method ?? "GET").toUpperCase();
    const deadline = Math.min(Date.now() + limits.callMs, invocations.getStore()?.deadline ?? Number.POSITIVE_INFINITY);
    if (deadline <= Date.now()) {
      const error = new StorageUnavailableError(`Blobs ${method} not tried: the invocation's storage time is spent`);
      failCall(error);
      throw error;
    }
    for (let attempt = 0; ; attempt++) {
      const failure = callFailure();
      if (failure) throw failure;
      let outcome: string;
      try {
        const signal = AbortSignal.timeout(Math.max(1, Math.min(limits.attemptMs, deadline - Date.now())));
        const response = await inner(input, { ...init, signal });
        if (!retryable(response.status)) return response;
        outcome = `answered ${response.status}`;
        await response.body?.cancel();
      } catch (error) {
        outcome = error instanceof Error ? `failed (${error.name}: ${error.message})` : "failed";
      }
      const wait = Math.min(100 * 2 ** attempt, 1_000);
      if (Date.now() + wait >= deadline) {
        const error = new StorageUnavailableError(`Blobs ${method} ${outcome}, given up after ${limits.callMs} ms`);
        failCall(error);
        throw error;
      }
      await pause(wait);
    }
  };
}

/** The methods of a store the site calls; each runs as one guarded call. */
const CALLS = ["get", "getWithMetadata", "getMetadata", "set", "setJSON", "delete", "list"] as const;

/** A store as openStore gives it: the calls above, each guarded. */
export type GuardedStore = Pick<Store, (typeof CALLS)[number]>;

/**
 * A Blobs store whose every call is guarded: each request is bounded in time (boundedFetch), a
 * conditional write the server did not accept fails (the local fix for the library's defect in
 * scripts/local-fixes/netlify-blobs-conditional-writes.ts), and either failure rejects the call at
 * once with StorageUnavailableError. Faults switched on for a local run (faults.ts) act beneath.
 * `fetch` stands in for the network in tests.
 */
export function openStore(
  options: GetStoreOptions & { name: string },
  { fetch: inner = globalThis.fetch, faults = switchedOnFaults(), limits = STORAGE_LIMITS } = {},
): GuardedStore {
  const store = getStore({
    ...options,
    consistency: "strong",
    fetch: conditionalWritesFetch(boundedFetch(faultyFetch(faults, inner), limits)),
  });
  const guarded = {} as Record<(typeof CALLS)[number], unknown>;
  for (const name of CALLS) {
    const method = (store[name] as (...args: unknown[]) => Promise<unknown>).bind(store);
    guarded[name] = (...args: unknown[]) =>
      withinCall(() => method(...args)).catch((error: unknown) => {
        if (!(error instanceof UnacceptedWriteError)) throw error;
        throw new StorageUnavailableError(`Blobs ${name} failed: ${error.message}`, { cause: error });
      });
  }
  return guarded as unknown as GuardedStore;
}

/**
 * A Blobs store opened on its first call (see openStore). Blobs takes its configuration from the
 * invocation's environment, so requests answered before any storage call (wrong method, wrong media
 * type, no token) need no Blobs at all, and a missing Blobs environment fails as unavailable storage.
 */
export function lazyStore(name: string): BlobStore {
  let store: BlobStore | undefined;
  const open = () => {
    store ??= openStore({ name });
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
