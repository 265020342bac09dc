import { getStore } from "@netlify/blobs";
import type { Config, Context } from "@netlify/functions";
import { emulatorTokenVerifier, firebaseTokenVerifier, type TokenVerifier } from "../lib/auth";
import { isDeployed } from "../lib/env";
import { STORES } from "../lib/storage";
import { createSubmissionsHandler } from "../lib/submissions-handler";

const projectId = process.env.FIREBASE_PROJECT_ID ?? process.env.PUBLIC_FIREBASE_PROJECT_ID ?? "";
let handler: ReturnType<typeof createSubmissionsHandler> | undefined;

/** Emulator tokens are trusted only in local runs with the emulator configured, never when deployed. */
function chooseVerifier(context: Context): TokenVerifier {
  const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (emulatorHost && !isDeployed(context)) return emulatorTokenVerifier({ host: emulatorHost, projectId });
  if (emulatorHost) console.warn("FIREBASE_AUTH_EMULATOR_HOST is ignored on a deployed site");
  return firebaseTokenVerifier({ projectId });
}

export default async (request: Request, context: Context) => {
  handler ??= createSubmissionsHandler({
    store: getStore({ name: STORES.submissions, consistency: "strong" }),
    verify: chooseVerifier(context),
  });
  return handler(request);
};

export const config: Config = {
  path: "/api/contact-submissions",
};
