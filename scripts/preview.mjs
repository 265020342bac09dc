// npm run preview: builds the site (skip with --no-build) and serves the production build as Netlify
// would, together with the Auth emulator and its demo accounts, at http://localhost:8888, and the mail
// catcher that receives the notification mails (web view at http://localhost:1080).
// `--fault NAME[@RATE]`, given once or more, serves it with that fault switched on (the names:
// netlify/lib/faults.ts; what each does: docs/testing.md). Its data stays where the preview keeps it.
import { spawnSync } from "node:child_process";
import { describeDemoAccounts, startAuthEmulator } from "./lib/auth-emulator.mjs";
import { demoProjectId } from "./lib/demo-accounts.mjs";
import { deadHost, startAkismetStub, startSmtpFront } from "./lib/fault-fronts.mjs";
import { startLocalMail } from "./lib/mail-catcher.mjs";
import { onShutdown } from "./lib/processes.mjs";
import { serveNetlify } from "./lib/serve-netlify.mjs";
import "./lib/typescript-imports.mjs";

const { parseFaults } = await import("../netlify/lib/faults.ts");

const port = Number(process.env.PORT ?? 8888);
process.env.ASTRO_TELEMETRY_DISABLED = "1";

const args = process.argv.slice(2);
/** @type {string[]} */
const switches = [];
for (let i = 0; i < args.length; i++) {
  const arg = args[i] ?? "";
  if (arg === "--fault") switches.push(args[++i] ?? "");
  else if (arg.startsWith("--fault=")) switches.push(arg.slice("--fault=".length));
  else if (arg !== "--no-build") {
    console.error(`Unknown option ${arg}. Usage: npm run preview -- [--no-build] [--fault NAME[@RATE]]...`);
    process.exit(2);
  }
}
let faults;
try {
  faults = switches.flatMap((text) => parseFaults(text));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(2);
}
if (switches.length > 0 && faults.length === 0) {
  console.error("--fault needs a name: npm run preview -- --fault blobs-write:503");
  process.exit(2);
}

if (!args.includes("--no-build")) {
  const build = spawnSync(process.execPath, ["node_modules/astro/bin/astro.mjs", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// After the build, whose site address SITE_URL would otherwise set.
const mail = await startLocalMail({ siteUrl: `http://localhost:${port}` });
const auth = await startAuthEmulator();
// The storage's faults act inside the functions, which read them from here.
if (faults.length > 0) process.env.SITE_FAULTS = switches.join(",");
const smtpFront = await startSmtpFront(faults, Number(new URL(process.env.SMTP_URL ?? "smtp://127.0.0.1:1025").port));
if (smtpFront) process.env.SMTP_URL = smtpFront.url;
const akismet = await startAkismetStub(faults);
if (akismet) {
  process.env.AKISMET_API_KEY = "local-stand-in";
  process.env.AKISMET_ENDPOINT = akismet.endpoint;
}
if (faults.some((fault) => fault.name === "auth:down")) process.env.FIREBASE_AUTH_EMULATOR_HOST = await deadHost();
// The functions verify sign-ins against the emulator in local runs (never on a deployed site).
process.env.FIREBASE_AUTH_EMULATOR_HOST ??= auth.host;
process.env.FIREBASE_PROJECT_ID ??= demoProjectId;
// Emulator tokens are trusted only under Netlify's local server with this local-only setting.
process.env.AURAL_LOCAL_AUTH_EMULATOR = "1";
const server = await serveNetlify({ port });

console.log(`\nProduction build served at ${server.url}`);
console.log(`Auth emulator at http://${auth.host} with demo accounts:\n${describeDemoAccounts()}`);
console.log(`${mail.line}\n`);
if (faults.length > 0) console.log(`Faults switched on: ${switches.join(", ")}\n`);

onShutdown(async () => {
  await server.close();
  await Promise.all([auth.stop(), mail.stop(), smtpFront?.stop(), akismet?.stop()]);
});
