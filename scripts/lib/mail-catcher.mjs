// @ts-check
// The local mail catcher: maildev from npm (offline), an SMTP server that keeps every mail it is sent
// and shows them in a web view with a REST API (GET /api/email). `npm start`, `npm run preview` and the
// integration tests send the notification mails to it. It runs as a child process, bound to 127.0.0.1,
// with its mails in a temporary folder that is deleted when it stops.
import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { parseEnv } from "node:util";

const MAILDEV = fileURLToPath(new URL("../../node_modules/maildev/dist/bin/maildev.js", import.meta.url));
const HOST = "127.0.0.1";

/** The ports `npm start` and `npm run preview` use: SMTP 1025, web view and REST API 1080. */
export const LOCAL_MAIL_PORTS = { smtp: 1025, web: 1080 };

/** Where local notification mails go unless the environment or .env says otherwise. */
export const LOCAL_NOTIFY_DEFAULTS = {
  NOTIFY_EMAIL_TO: "enquiries@example.com",
  NOTIFY_EMAIL_FROM: "Aural Acoustics website <website@example.com>",
};

/**
 * Whether `port` on 127.0.0.1 can be bound right now.
 * @param {number} port
 * @returns {Promise<boolean>}
 */
function portIsFree(port) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, HOST, () => probe.close(() => resolve(true)));
  });
}

/**
 * A port on 127.0.0.1 that is free right now (for tests, which must not take the fixed ports).
 * @returns {Promise<number>}
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, HOST, () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/**
 * Whether a maildev answers its health check at `api`.
 * @param {string} api
 */
async function catcherAnswers(api) {
  try {
    const response = await fetch(`${api}/api/healthz`, { signal: AbortSignal.timeout(1000) });
    return response.ok && (await response.text()).trim() === "true";
  } catch {
    return false;
  }
}

/** Raised when a port the catcher needs is taken by another program. */
export class PortInUseError extends Error {}

/**
 * Starts maildev with SMTP on `smtpPort` and the web view on `webPort`, both on 127.0.0.1, and waits
 * until it answers. With `reuse`, a maildev already answering on `webPort` (another `npm start` or
 * preview) is used as it is. A port held by anything else raises PortInUseError naming the port.
 * @param {{ smtpPort?: number, webPort?: number, reuse?: boolean, log?: (line: string) => void }} [options]
 */
export async function startMailCatcher({
  smtpPort = LOCAL_MAIL_PORTS.smtp,
  webPort = LOCAL_MAIL_PORTS.web,
  reuse = true,
  log = console.log,
} = {}) {
  const api = `http://${HOST}:${webPort}`;
  const address = {
    smtpUrl: `smtp://${HOST}:${smtpPort}`,
    /** The web view, as a person opens it. */
    webUrl: `http://localhost:${webPort}`,
    /** The REST API's base, for scripts and tests (GET `${api}/api/email`). */
    api,
  };
  if (reuse && (await catcherAnswers(api))) {
    log(`Mail catcher already running at ${address.webUrl}; reusing it.`);
    return { ...address, reused: true, async stop() {} };
  }
  /** @type {[number, string][]} */
  const needed = [
    [smtpPort, "SMTP server"],
    [webPort, "web view"],
  ];
  for (const [port, role] of needed) {
    if (!(await portIsFree(port))) {
      throw new PortInUseError(
        `Port ${port} on ${HOST} is taken, so the mail catcher's ${role} cannot start there. ` +
          `Stop the program that holds it (\`ss -ltnp 'sport = :${port}'\` names it), or set SMTP_URL ` +
          "(in the environment or .env) to send the notification mails to an SMTP server of your own.",
      );
    }
  }

  const folder = await mkdtemp(join(tmpdir(), "mail-catcher-"));
  // maildev reads MAILDEV_* variables and config files in its working folder: it gets neither.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("MAILDEV_")));
  const child = spawn(
    process.execPath,
    [
      MAILDEV,
      ...["--smtp", String(smtpPort), "--ip", HOST],
      ...["--web", String(webPort), "--web-ip", HOST],
      ...["--mail-directory", folder],
    ],
    { cwd: folder, env, stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  const keep = (/** @type {Buffer} */ chunk) => {
    output = (output + chunk).slice(-4000);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const exited = new Promise((resolve) => child.once("exit", resolve));
  // However this process ends (an error in a later startup step included), the catcher ends with it.
  const endWithUs = () => {
    child.kill("SIGTERM");
    rmSync(folder, { recursive: true, force: true });
  };
  process.once("exit", endWithUs);

  const stop = async () => {
    process.off("exit", endWithUs);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await Promise.race([exited, sleep(5000)]);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    }
    await rm(folder, { recursive: true, force: true });
  };

  const deadline = Date.now() + 60_000;
  while (!(await catcherAnswers(api))) {
    if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`The mail catcher (maildev) did not start:\n${output}`);
    }
    await sleep(100);
  }
  return { ...address, reused: false, stop };
}

/**
 * For `npm start` and `npm run preview`: unless SMTP_URL is set (in the environment or .env), starts
 * the catcher on the local ports and points SMTP_URL at it, with NOTIFY_EMAIL_TO, NOTIFY_EMAIL_FROM and
 * SITE_URL defaulted to local values where neither sets them. Returns the line to print and stop().
 * A taken port ends the script with a message that names it.
 * @param {{ siteUrl: string }} options
 */
export async function startLocalMail({ siteUrl }) {
  /** @type {Record<string, string | undefined>} */
  const fromFile = existsSync(".env") ? parseEnv(readFileSync(".env", "utf8")) : {};
  const isSet = (/** @type {string} */ name) => Boolean(process.env[name] || fromFile[name]);
  if (isSet("SMTP_URL")) {
    return {
      line: "Notification mails go to the SMTP server in SMTP_URL (no mail catcher started).",
      async stop() {},
    };
  }
  let catcher;
  try {
    catcher = await startMailCatcher();
  } catch (error) {
    console.error(`\n${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
  process.env.SMTP_URL = catcher.smtpUrl;
  for (const [name, value] of Object.entries(LOCAL_NOTIFY_DEFAULTS)) if (!isSet(name)) process.env[name] = value;
  if (!isSet("SITE_URL")) process.env.SITE_URL = siteUrl;
  return {
    line: `Mail catcher at ${catcher.webUrl} (SMTP ${catcher.smtpUrl}): every notification mail lands there.`,
    stop: catcher.stop,
  };
}
