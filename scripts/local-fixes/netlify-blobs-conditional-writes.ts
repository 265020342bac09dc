// Library: @netlify/blobs 10.7.13
// Defect: a conditional write (set or setJSON with onlyIfNew or onlyIfMatch) reports
// { modified: true } for every answer but 412: a 500 or 503 that outlasted the library's retries, or
// a 400 or 403, reads as a write the server stored (netlify/primitives#741, open; a fix that counts
// only a 2xx as success is proposed in netlify/primitives#756). A plain write throws, as it should.
// Fix: every request of a store call goes through the `fetch` that getStore accepts. A conditional
// PUT answered with anything but a 2xx or a 412 fails its call: the call rejects at once with the
// error given, whatever the library goes on to return, and any retry the library still makes is
// refused before it reaches the network. The same call scope lets other layers (the storage's time
// limits) fail a call the same way. Nothing of the library is changed.
import { AsyncLocalStorage } from "node:async_hooks";

/** One store call: its failure once a request has failed it for good. */
interface Call {
  failure: Error | null;
  fail(error: Error): void;
  /** Rejects with the failure as soon as there is one. */
  failed: Promise<never>;
}

const calls = new AsyncLocalStorage<Call>();

/**
 * Runs one store call so that a request failing it (see failCall) rejects it at once with that
 * failure, even while the library is still waiting to retry or has reported success.
 */
export async function withinCall<T>(run: () => Promise<T>): Promise<T> {
  const { promise: failed, reject } = Promise.withResolvers<never>();
  failed.catch(() => {});
  const call: Call = {
    failure: null,
    failed,
    fail(error) {
      if (call.failure) return;
      call.failure = error;
      reject(error);
    },
  };
  return calls.run(call, () => Promise.race([run(), failed]));
}

/** Fails the store call this request belongs to (see withinCall); outside a call it does nothing. */
export function failCall(error: Error): void {
  calls.getStore()?.fail(error);
}

/** The failure of the current store call, if a request has failed it already. */
export function callFailure(): Error | null {
  return calls.getStore()?.failure ?? null;
}

/** A conditional write the server did not accept (any answer but a 2xx or a 412). */
export class UnacceptedWriteError extends Error {
  readonly status: number;
  constructor(status: number) {
    super(`a conditional write was answered ${status}`);
    this.status = status;
    this.name = "UnacceptedWriteError";
  }
}

/** A PUT carrying If-Match or If-None-Match: how the library sends onlyIfMatch and onlyIfNew. */
export function isConditionalWrite(init: RequestInit | undefined): boolean {
  if ((init?.method ?? "GET").toUpperCase() !== "PUT") return false;
  const headers = new Headers(init?.headers);
  return headers.has("if-match") || headers.has("if-none-match");
}

/** Whether the server took a conditional write (2xx) or refused its condition (412, which the library reports). */
export const settledWrite = (status: number) => (status >= 200 && status < 300) || status === 412;

/**
 * The `fetch` a store is given: a conditional write answered with anything but a 2xx or a 412 fails
 * its call with UnacceptedWriteError; a request of a call that has failed already is not sent.
 */
export function conditionalWritesFetch(inner: typeof fetch): typeof fetch {
  return async (input, init) => {
    const failure = callFailure();
    if (failure) throw failure;
    const response = await inner(input, init);
    if (isConditionalWrite(init) && !settledWrite(response.status)) {
      failCall(new UnacceptedWriteError(response.status));
    }
    return response;
  };
}
