import type { Context } from "@netlify/functions";
import { type Env, type InvocationContext, isDeployed, runsUnderLocalServer } from "../../../../netlify/lib/env";
import { cachedAccounts, deployedAccountLookup } from "./current-claims";
import { emulatorTokenVerifier, firebaseTokenVerifier, type TokenVerifier } from "./tokens";

/** Set to "1" only by the project's local scripts; never set on Netlify. */
export const LOCAL_AUTH_EMULATOR_SETTING = "AURAL_LOCAL_AUTH_EMULATOR";

export type EmulatorTrust = { trust: true; host: string } | { trust: false; ignoredBecause: string | null };

/**
 * Whether the admin API accepts the Auth emulator's unsigned tokens (confirmed by asking the
 * emulator). Every one of these must hold: FIREBASE_AUTH_EMULATOR_HOST names the emulator,
 * AURAL_LOCAL_AUTH_EMULATOR is "1", and the function runs under Netlify's local server in no deployed
 * context. Otherwise tokens are verified against Google's signing keys, and `ignoredBecause` says why
 * a configured emulator host is not used.
 */
export function emulatorTokenTrust(env: Env, context: InvocationContext): EmulatorTrust {
  const host = env.FIREBASE_AUTH_EMULATOR_HOST?.trim();
  if (!host) return { trust: false, ignoredBecause: null };
  if (isDeployed(context)) {
    return { trust: false, ignoredBecause: `the function runs in the deployed context "${context.deploy?.context}"` };
  }
  if (env[LOCAL_AUTH_EMULATOR_SETTING] !== "1") {
    return {
      trust: false,
      ignoredBecause: `${LOCAL_AUTH_EMULATOR_SETTING}=1, set only by the project's local scripts, is missing`,
    };
  }
  if (!runsUnderLocalServer(env, context)) {
    return {
      trust: false,
      ignoredBecause: 'neither NETLIFY_DEV nor NETLIFY_LOCAL is "true", so this is not Netlify\'s local server',
    };
  }
  return { trust: true, host };
}

export const trustEmulatorTokens = (env: Env, context: InvocationContext): boolean =>
  emulatorTokenTrust(env, context).trust;

const projectId = process.env.FIREBASE_PROJECT_ID ?? process.env.PUBLIC_FIREBASE_PROJECT_ID ?? "";

/**
 * How the staff functions check a Firebase ID token: against Google's signing keys, with the account's
 * current claims read through the service account (cached for CLAIMS_CACHE_MS), or, under Netlify's
 * local server with the local-only setting, by asking the Auth emulator (see emulatorTokenTrust).
 */
export function chooseVerifier(context: Context): TokenVerifier {
  const choice = emulatorTokenTrust(process.env, context);
  if (choice.trust) return emulatorTokenVerifier({ host: choice.host, projectId });
  if (choice.ignoredBecause) {
    console.warn(
      `FIREBASE_AUTH_EMULATOR_HOST is set but ignored because ${choice.ignoredBecause}: ` +
        "sign-ins are verified against Google's signing keys",
    );
  }
  return firebaseTokenVerifier({ projectId, accounts: cachedAccounts(deployedAccountLookup(process.env, projectId)) });
}
