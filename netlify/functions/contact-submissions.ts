import type { Config, Context } from "@netlify/functions";
import { emulatorTokenVerifier, firebaseTokenVerifier, type TokenVerifier } from "../lib/auth";
import { emulatorTokenTrust } from "../lib/env";
import { lazyStore, STORES } from "../lib/storage";
import { createSubmissionsHandler } from "../lib/submissions-handler";

const projectId = process.env.FIREBASE_PROJECT_ID ?? process.env.PUBLIC_FIREBASE_PROJECT_ID ?? "";
let handler: ReturnType<typeof createSubmissionsHandler> | undefined;

/** Emulator tokens only under Netlify's local server with the local-only setting; see emulatorTokenTrust. */
function chooseVerifier(context: Context): TokenVerifier {
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

export default async (request: Request, context: Context) => {
  handler ??= createSubmissionsHandler({
    submissions: lazyStore(STORES.submissions),
    index: lazyStore(STORES.index),
    outbox: lazyStore(STORES.outbox),
    audit: lazyStore(STORES.audit),
    verify: chooseVerifier(context),
  });
  return handler(request);
};

export const config: Config = {
  path: ["/api/contact-submissions", "/api/contact-submissions/*"],
};
