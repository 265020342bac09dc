// npm start: the Astro dev server (Netlify Functions and Blobs emulated by the adapter) with the
// Auth emulator and seeded demo accounts, and the mail catcher that receives the notification mails.
// Ctrl-C stops everything it started.
import { spawn } from "node:child_process";
import { describeDemoAccounts, startAuthEmulator } from "./lib/auth-emulator.mjs";
import { demoProjectId } from "./lib/demo-accounts.mjs";
import { startLocalMail } from "./lib/mail-catcher.mjs";
import { onShutdown } from "./lib/processes.mjs";

process.env.ASTRO_TELEMETRY_DISABLED = "1";
// First, so that a taken port ends the script before anything else has started.
const mail = await startLocalMail({ siteUrl: "http://localhost:4321" });
const auth = await startAuthEmulator();
// The functions verify sign-ins against the emulator in local runs (never on a deployed site).
process.env.FIREBASE_AUTH_EMULATOR_HOST ??= auth.host;
process.env.FIREBASE_PROJECT_ID ??= demoProjectId;
// Emulator tokens are trusted only under Netlify's local server with this local-only setting; the
// dev server's functions do not get NETLIFY_LOCAL from @netlify/dev here, so it is set too.
process.env.AURAL_LOCAL_AUTH_EMULATOR = "1";
process.env.NETLIFY_LOCAL = "true";
console.log(`Auth emulator at http://${auth.host} with demo accounts:\n${describeDemoAccounts()}`);
console.log(`${mail.line}`);
console.log(
  `Content editor at http://localhost:4321/cms/: "Work with Local Repository" and pick this folder (Chrome or Edge)\n`,
);

const astro = spawn(
  process.execPath,
  [
    "--import",
    "./scripts/lib/dev-server-fixes.mjs",
    "node_modules/astro/bin/astro.mjs",
    "dev",
    ...process.argv.slice(2),
  ],
  {
    stdio: "inherit",
  },
);

onShutdown(async () => {
  astro.kill("SIGTERM");
  await Promise.all([auth.stop(), mail.stop()]);
});
astro.on("exit", async (code) => {
  await Promise.all([auth.stop(), mail.stop()]);
  process.exit(code ?? 0);
});
