import type { Context } from "@netlify/functions";
import { emulatorTokenVerifier, firebaseTokenVerifier, type TokenVerifier } from "./auth";
import { emulatorTokenTrust } from "./env";

const projectId = process.env.FIREBASE_PROJECT_ID ?? process.env.PUBLIC_FIREBASE_PROJECT_ID ?? "";

/**
 * How the staff functions check a Firebase ID token: against Google's signing keys, or, under Netlify's
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
  return firebaseTokenVerifier({ projectId });
}
