import { CHALLENGE_PATH, type Challenge, encodeProof, type Solution } from "./challenge";

/**
 * The browser's half of the proof of work: fetch a challenge, solve it in a worker, keep the form
 * field's value ready. It starts once (on the visitor's first focus in the form), runs entirely off
 * the main thread, and each solution is sent once: after a post the next one is solved afresh.
 */
export interface ProofOfWork {
  /** Starts solving, if not started yet. */
  start(): void;
  /** The field's value, waiting at most `waitMs` for the solver; null when there is none (yet). */
  take(waitMs: number): Promise<string | null>;
  /** The current value without waiting, for a native post (empty while solving). */
  ready(): string;
}

async function solve(): Promise<string> {
  const response = await fetch(CHALLENGE_PATH, { cache: "no-store", headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(`challenge: HTTP ${response.status}`);
  const challenge = (await response.json()) as Challenge;
  const worker = new Worker(new URL("./solver.worker.ts", import.meta.url), { type: "module" });
  try {
    const solution = await new Promise<Solution | null>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<Solution | null>) => resolve(event.data);
      worker.onerror = () => reject(new Error("the solver failed"));
      worker.postMessage(challenge);
    });
    if (!solution) throw new Error("no solution");
    return encodeProof(challenge, solution);
  } finally {
    worker.terminate();
  }
}

/** `onChange` hears when a value is ready or solving failed, for a hidden field and a notice. */
export function proofOfWork(onChange: (state: { value: string; failed: boolean }) => void): ProofOfWork {
  let pending: Promise<string | null> | null = null;
  let value = "";
  const start = () => {
    pending ??= solve().then(
      (solved) => {
        value = solved;
        onChange({ value, failed: false });
        return solved;
      },
      () => {
        onChange({ value: "", failed: true });
        return null;
      },
    );
  };
  return {
    start,
    async take(waitMs) {
      start();
      const current = pending;
      const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), waitMs));
      const result = await Promise.race([current, timeout]);
      // A solution goes with one post only; the next post gets a new one.
      if (pending === current) {
        pending = null;
        value = "";
        onChange({ value: "", failed: false });
      }
      return result;
    },
    ready: () => value,
  };
}
