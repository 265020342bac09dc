import type { Env } from "./env";

/**
 * Faults that can be switched on in a local run, to rehearse an outage: `npm run preview -- --fault
 * blobs-write:503@0.3` (see docs/testing.md). The preview passes them to the functions in
 * SITE_FAULTS; tests pass them to openStore directly. The faults of the storage act here, in the
 * function's own requests to Blobs; those of mail, sign-in and Akismet act in the preview's stand-ins
 * for those services (scripts/lib/fault-fronts.mjs). A deployed function never reads them.
 */
export const FAULT_NAMES = [
  "blobs-write:503",
  "blobs-read:503",
  "blobs:timeout",
  "blobs:slow",
  "smtp:refuse",
  "smtp:5xx",
  "smtp:4xx",
  "smtp:slow",
  "smtp:drop-after-data",
  "auth:down",
  "akismet:down",
  "akismet:slow",
  "akismet:garbage",
  "kill:after-write-N",
] as const;

export type FaultName = (typeof FAULT_NAMES)[number];

export interface Fault {
  name: FaultName;
  /** The share of calls that fail, 0 to 1. */
  rate: number;
  /** For kill:after-write-N: the write after which the function's process dies. */
  n?: number;
}

/** How much slower every Blobs call is under blobs:slow. */
export const SLOW_BLOBS_MS = 3_000;

const KILL = /^kill:after-write-(\d+)$/;

/** One switch as written, `name` or `name@rate`; throws a message naming what is wrong. */
export function parseFault(text: string): Fault {
  const [spec = "", rateText] = text.trim().split("@");
  const rate = rateText === undefined ? 1 : Number(rateText);
  if (!(rate > 0 && rate <= 1)) throw new Error(`fault ${text}: the rate after @ must be above 0 and at most 1`);
  const kill = KILL.exec(spec);
  if (kill) {
    const n = Number(kill[1]);
    if (n < 1) throw new Error(`fault ${text}: N counts writes from 1`);
    return { name: "kill:after-write-N", rate, n };
  }
  if (!(FAULT_NAMES as readonly string[]).includes(spec) || spec === "kill:after-write-N") {
    throw new Error(`unknown fault ${spec}: one of ${FAULT_NAMES.join(", ")}`);
  }
  return { name: spec as FaultName, rate };
}

/** A comma-separated list of switches. */
export const parseFaults = (text: string): Fault[] =>
  text
    .split(",")
    .filter((part) => part.trim() !== "")
    .map(parseFault);

/**
 * The faults switched on for this process: SITE_FAULTS, read only under Netlify's local server (see
 * runsUnderLocalServer in env.ts), so that a deployed site cannot be made to fail by a variable.
 */
export function switchedOnFaults(env: Env = process.env): Fault[] {
  const local = env.NETLIFY_LOCAL === "true" || env.NETLIFY_DEV === "true";
  if (!local || !env.SITE_FAULTS) return [];
  return parseFaults(env.SITE_FAULTS);
}

/** The fault of that name, when it is on and this call is one of the share it fails. */
function strikes(faults: readonly Fault[], name: FaultName): Fault | undefined {
  return faults.find((fault) => fault.name === name && Math.random() < fault.rate);
}

/**
 * The storage writes made by the current invocation, for kill:after-write-N. A warm instance serves
 * one invocation at a time; the preview's instance sets it back to 0 before each one.
 */
const WRITES = Symbol.for("site.faults.storage-writes");
type Counted = typeof globalThis & { [WRITES]?: number };

/** Waits `ms`, or rejects as the request's signal aborts. */
function wait(ms: number, signal: AbortSignal | null | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}

const unavailable = () =>
  new Response("injected fault: storage unavailable", { status: 503, headers: { "content-type": "text/plain" } });

/**
 * A `fetch` for a Blobs store that fails as the switched-on faults say: blobs-write:503 answers
 * writes (PUT, DELETE) 503, blobs-read:503 answers reads 503, blobs:timeout never answers,
 * blobs:slow answers SLOW_BLOBS_MS later, and kill:after-write-N ends the process right after the
 * invocation's N-th write has been stored.
 */
export function faultyFetch(faults: readonly Fault[], inner: typeof fetch = fetch): typeof fetch {
  if (faults.length === 0) return inner;
  return async (input, init) => {
    const method = (init?.method ?? "GET").toUpperCase();
    const write = method === "PUT" || method === "DELETE";
    const signal = init?.signal;
    if (strikes(faults, "blobs:timeout")) {
      await wait(2 ** 31 - 1, signal);
    }
    if (strikes(faults, "blobs:slow")) await wait(SLOW_BLOBS_MS, signal);
    if (strikes(faults, write ? "blobs-write:503" : "blobs-read:503")) return unavailable();
    const response = await inner(input, init);
    if (write && response.ok) {
      const counted = globalThis as Counted;
      counted[WRITES] = (counted[WRITES] ?? 0) + 1;
      const kill = faults.find((fault) => fault.name === "kill:after-write-N" && fault.n === counted[WRITES]);
      if (kill && Math.random() < kill.rate) process.exit(70);
    }
    return response;
  };
}

/** Starts the count of kill:after-write-N again: called by the preview before each invocation. */
export function resetWriteCount(): void {
  (globalThis as Counted)[WRITES] = 0;
}
