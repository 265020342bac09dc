// npm run preview: builds the site (skip with --no-build) and serves the production build as Netlify
// would, together with the Auth emulator and its demo accounts, at http://localhost:8888, and the mail
// catcher that receives the notification mails (web view at http://localhost:1080).
import { spawnSync } from "node:child_process";
import { describeDemoAccounts, startAuthEmulator } from "./lib/auth-emulator.mjs";
import { demoProjectId } from "./lib/demo-accounts.mjs";
import { startLocalMail } from "./lib/mail-catcher.mjs";
import { onShutdown } from "./lib/processes.mjs";
import { serveNetlify } from "./lib/serve-netlify.mjs";

const port = Number(process.env.PORT ?? 8888);
process.env.ASTRO_TELEMETRY_DISABLED = "1";

if (!process.argv.includes("--no-build")) {
  const build = spawnSync(process.execPath, ["node_modules/astro/bin/astro.mjs", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// After the build, whose site address SITE_URL would otherwise set.
const mail = await startLocalMail({ siteUrl: `http://localhost:${port}` });
const auth = await startAuthEmulator();
// The functions verify sign-ins against the emulator in local runs (never on a deployed site).
process.env.FIREBASE_AUTH_EMULATOR_HOST ??= auth.host;
process.env.FIREBASE_PROJECT_ID ??= demoProjectId;
// Emulator tokens are trusted only under Netlify's local server with this local-only setting.
process.env.AURAL_LOCAL_AUTH_EMULATOR = "1";
const server = await serveNetlify({ port });

console.log(`\nProduction build served at ${server.url}`);
console.log(`Auth emulator at http://${auth.host} with demo accounts:\n${describeDemoAccounts()}`);
console.log(`${mail.line}\n`);

onShutdown(async () => {
  await server.close();
  await Promise.all([auth.stop(), mail.stop()]);
});
