/// <reference lib="webworker" />
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/web/sha";
import type { Challenge, Solution } from "./challenge";

/**
 * Solves one proof-of-work challenge off the main thread, so typing never waits for it. Answers the
 * solution, or null when there is none (which a signed challenge always has).
 */
self.onmessage = async (event: MessageEvent<Challenge>) => {
  let solution: Solution | null = null;
  try {
    solution = await solveChallenge({ challenge: event.data, deriveKey });
  } catch {
    solution = null;
  }
  self.postMessage(solution);
};
