import type { Config } from "@netlify/functions";
import { startDailyBuild } from "../../src/features/documents/server/daily-build";

/**
 * Daily, just after midnight UTC: starts a build through DAILY_BUILD_HOOK, so that a certificate
 * past its last valid day is shown as expired from that day (see daily-build.ts).
 */
export default async () => {
  const result = await startDailyBuild(process.env);
  if (result.outcome === "failed") console.error(`daily-build: ${result.why}`);
  else if (result.outcome === "not-configured") console.log("daily-build: no DAILY_BUILD_HOOK set, no build started");
  else console.log(`daily-build: build started (${result.status})`);
};

export const config: Config = {
  schedule: "5 0 * * *",
};
