/**
 * The proof of work as browser and server both see it (ALTCHA, version 2 of its protocol). The
 * browser gets a challenge from CHALLENGE_PATH, solves it in a worker and sends the solution with the
 * form in a field named ALTCHA_FIELD, in the shape ALTCHA's own widget sends: the challenge's
 * parameters and signature and the solution, as JSON in base64.
 */
export const CHALLENGE_PATH = "/api/challenge";
export const ALTCHA_FIELD = "altcha";

/** A challenge as GET /api/challenge answers it (altcha-lib's createChallenge). */
export interface Challenge {
  parameters: {
    algorithm: string;
    nonce: string;
    salt: string;
    cost: number;
    keyLength: number;
    keyPrefix: string;
    expiresAt?: number;
  };
  signature?: string;
}

/** What solving a challenge finds. */
export interface Solution {
  counter: number;
  derivedKey: string;
  /** Milliseconds the solver took. */
  time?: number;
}

/** The form field's value: `{ challenge: { parameters, signature }, solution }` as base64 JSON. */
export const encodeProof = (challenge: Challenge, solution: Solution): string =>
  btoa(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }));
