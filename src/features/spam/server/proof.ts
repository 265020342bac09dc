import { createChallenge, randomInt, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { type Env, type InvocationContext, isDeployed } from "../../../../netlify/lib/env";
import { type BlobStore, guard } from "../../../../netlify/lib/storage";
import { z } from "../../../lib/zod";
import type { Challenge } from "../challenge";
import type { ProofState } from "./rules";

/** How long a challenge can be solved and its solution sent. */
export const CHALLENGE_TTL_MS = 10 * 60 * 1000;

/**
 * The work of one challenge: the solver tries counters from 0 until it finds the server's, picked at
 * random in this range, one SHA-256 each. The upper end keeps a mid-range phone under 1.5 s (see npm
 * run bench); the lower end makes every solution cost something.
 */
export const CHALLENGE_COUNTER = { min: 5_000, max: 15_000 } as const;

export const ALTCHA_KEY_MIN_LENGTH = 16;
export const DEVELOPMENT_ALTCHA_KEY = "local-development-altcha-key";

export type AltchaKeyChoice = { key: string } | { key: null; problem: string };

/**
 * The secret challenges are signed with. Deployed, ALTCHA_HMAC_KEY must hold at least 16 characters:
 * without it the forms refuse service, as without RATE_LIMIT_SALT, rather than sign with a key that is
 * public in the source. Locally an unset key falls back to a fixed development key.
 */
export function altchaKey(env: Env, context: InvocationContext): AltchaKeyChoice {
  const key = env.ALTCHA_HMAC_KEY?.trim() ?? "";
  if (!isDeployed(context)) return { key: key || DEVELOPMENT_ALTCHA_KEY };
  const required = `a random secret of at least ${ALTCHA_KEY_MIN_LENGTH} characters`;
  if (!key) return { key: null, problem: `ALTCHA_HMAC_KEY is not set (${required} is required)` };
  if (key.length < ALTCHA_KEY_MIN_LENGTH) {
    return { key: null, problem: `ALTCHA_HMAC_KEY is too short (${required} is required)` };
  }
  return { key };
}

/** A new signed challenge that expires after CHALLENGE_TTL_MS. */
export function newChallenge(key: string, now = Date.now()): Promise<Challenge> {
  return createChallenge({
    algorithm: "SHA-256",
    cost: 1,
    deriveKey,
    // altcha-lib's randomInt takes the upper bound first.
    counter: randomInt(CHALLENGE_COUNTER.max, CHALLENGE_COUNTER.min),
    expiresAt: new Date(now + CHALLENGE_TTL_MS),
    hmacSignatureSecret: key,
  });
}

const hex = z.string().regex(/^(?:[0-9a-f]{2})+$/);

/** The decoded field: only its shape is checked here; altcha-lib checks the signature and the work. */
const ProofPayload = z.object({
  challenge: z.object({
    parameters: z.looseObject({
      algorithm: z.literal("SHA-256"),
      nonce: hex.max(64),
      salt: hex.max(64),
      keyPrefix: hex.max(128),
      cost: z.number(),
      keyLength: z.number(),
      expiresAt: z.number().int(),
    }),
    signature: hex.max(128),
  }),
  solution: z.object({ counter: z.number().int().min(0), derivedKey: hex.max(128) }),
});

/** Longest field accepted: a real one is about 600 characters. */
const MAX_FIELD_LENGTH = 4096;

function decode(field: string): z.infer<typeof ProofPayload> | null {
  if (field.length > MAX_FIELD_LENGTH) return null;
  try {
    const parsed = ProofPayload.safeParse(JSON.parse(atob(field)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The key a used solution is remembered under: its challenge's expiry (seconds, so the daily prune
 * reads the time from the key alone) and its nonce, random and covered by the signature.
 */
const usedKey = (expiresAt: number, nonce: string) => `${String(expiresAt).padStart(11, "0")}-${nonce}`;

export interface ProofDeps {
  key: string;
  /** Solutions already used (the Blobs store `form-proofs`), each kept until its challenge expires. */
  used: BlobStore;
  log?: ((message: string, error?: unknown) => void) | undefined;
}

/**
 * What a form's `altcha` field proves. A field that is absent or empty is "missing"; an expired
 * challenge "stale"; a forged, tampered or unsolved one "invalid", and so is one whose solution was
 * used before (a replay). A valid solution is marked used with a conditional write, so of two posts
 * with one solution exactly one counts. Should that mark not be written (storage down), the proof
 * still counts: the defence fails towards the inbox.
 */
export async function checkProof(field: unknown, deps: ProofDeps): Promise<ProofState> {
  if (field === undefined || field === null || field === "") return "missing";
  if (typeof field !== "string") return "invalid";
  const payload = decode(field);
  if (!payload) return "invalid";
  const result = await verifySolution({
    challenge: payload.challenge,
    solution: payload.solution,
    deriveKey,
    hmacSignatureSecret: deps.key,
  });
  if (result.expired) return "stale";
  if (!result.verified) return "invalid";
  const { nonce, expiresAt } = payload.challenge.parameters;
  try {
    const write = await guard("recording a used proof of work", () =>
      deps.used.setJSON(usedKey(expiresAt, nonce), {}, { onlyIfNew: true }),
    );
    return write.modified ? "valid" : "invalid";
  } catch (error) {
    (deps.log ?? console.error)("could not record a used proof of work; it counts as valid", error);
    return "valid";
  }
}

/** Deletes the used-solution marks whose challenge has expired (daily); how many. */
export async function pruneUsedProofs(store: BlobStore, now: number): Promise<number> {
  const { blobs } = await guard("listing used proofs of work", () => store.list());
  const expired = blobs.map((blob) => blob.key).filter((key) => Number(key.slice(0, 11)) * 1000 < now);
  for (let i = 0; i < expired.length; i += 16) {
    await Promise.all(
      expired.slice(i, i + 16).map((key) => guard("deleting a used proof of work", () => store.delete(key))),
    );
  }
  return expired.length;
}
