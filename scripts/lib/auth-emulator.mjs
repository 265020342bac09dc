// Starts the Firebase Auth emulator (offline, demo- project) and seeds the demo accounts.
import { spawn } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { authEmulatorHost, demoAccounts, demoProjectId } from "./demo-accounts.mjs";

const base = `http://${authEmulatorHost}`;

async function isUp() {
  try {
    const res = await fetch(`${base}/`, { signal: AbortSignal.timeout(1000) });
    return res.ok;
  } catch {
    return false;
  }
}

/** Starts the emulator unless one already answers, waits until it is ready and seeds the accounts. */
export async function startAuthEmulator({ log = console.log } = {}) {
  let child;
  if (await isUp()) {
    log(`Auth emulator already running at ${base}; reusing it.`);
  } else {
    child = spawn(
      process.execPath,
      [
        "node_modules/firebase-tools/lib/bin/firebase.js",
        "emulators:start",
        "--only",
        "auth",
        "--project",
        demoProjectId,
      ],
      { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, FIREBASE_CLI_DISABLE_UPDATE_CHECK: "true" } },
    );
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    const deadline = Date.now() + 60_000;
    while (!(await isUp())) {
      if (child.exitCode !== null) throw new Error(`Auth emulator exited early:\n${output}`);
      if (Date.now() > deadline) {
        child.kill("SIGTERM");
        throw new Error(`Auth emulator did not start within 60 s:\n${output}`);
      }
      await sleep(250);
    }
  }
  await seedDemoAccounts();
  return {
    host: authEmulatorHost,
    async stop() {
      if (!child || child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await Promise.race([exited, sleep(5000)]);
      if (child.exitCode === null) child.kill("SIGKILL");
    },
  };
}

async function emulatorCall(path, body) {
  const res = await fetch(`${base}/identitytoolkit.googleapis.com/v1/projects/${demoProjectId}/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: "Bearer owner" },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`Auth emulator ${path} failed: ${JSON.stringify(json)}`);
  return json;
}

/** Creates the demo accounts, or resets their passwords and claims if they already exist. */
export async function seedDemoAccounts() {
  for (const account of demoAccounts) {
    const found = await emulatorCall("accounts:lookup", { email: [account.email] });
    // Sign-up ignores custom claims, so claims and verification are always set by an update.
    const localId =
      found.users?.[0]?.localId ??
      (await emulatorCall("accounts", { email: account.email, password: account.password })).localId;
    await emulatorCall("accounts:update", {
      localId,
      password: account.password,
      emailVerified: true,
      customAttributes: JSON.stringify(account.claims),
    });
  }
}

export function describeDemoAccounts() {
  return demoAccounts.map((a) => `  ${a.email.padEnd(20)} ${a.password.padEnd(16)} ${a.label}`).join("\n");
}
