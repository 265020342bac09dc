// Starts the real Firebase Auth emulator (demo project, seeded demo accounts) for integration tests,
// or reuses one that is already running, and a mail catcher (maildev) of the tests' own on free ports,
// whose addresses the tests read with inject("mailCatcher"). Stops what it started.
import type { TestProject } from "vitest/node";
import { startAuthEmulator } from "../../scripts/lib/auth-emulator.mjs";
import { freePort, startMailCatcher } from "../../scripts/lib/mail-catcher.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    /** The tests' mail catcher: send to `smtpUrl`, read what arrived at `${api}/api/email`. */
    mailCatcher: { smtpUrl: string; api: string };
  }
}

export default async function setup(project: TestProject) {
  const smtpPort = await freePort();
  let webPort = await freePort();
  while (webPort === smtpPort) webPort = await freePort();
  const [auth, mail] = await Promise.allSettled([
    startAuthEmulator({ log: () => {} }),
    startMailCatcher({ smtpPort, webPort, reuse: false, log: () => {} }),
  ]);
  const stop = async () => {
    await Promise.all([auth, mail].map((started) => (started.status === "fulfilled" ? started.value.stop() : null)));
  };
  if (auth.status === "rejected" || mail.status === "rejected") {
    await stop();
    throw auth.status === "rejected" ? auth.reason : (mail as PromiseRejectedResult).reason;
  }
  project.provide("mailCatcher", { smtpUrl: mail.value.smtpUrl, api: mail.value.api });
  return stop;
}
