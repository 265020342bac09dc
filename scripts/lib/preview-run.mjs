// What the audit and bench scripts share: the pages they visit, building the site, serving it with the
// preview, waiting for a server to answer, stopping what they started (also on Ctrl-C) and writing
// their report.
import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * One page per template. `expected` lists audits a page fails by design (pages kept out of search
 * engines, a 404 answered with status 404): a category lost only to those is not a missed target.
 * `content` marks the content templates, whose largest paint is their <h1> text (on a phone, a
 * product page's first photo).
 * @type {{ template: string, path: string, content?: boolean, expected?: string[] }[]}
 */
export const TEMPLATE_PAGES = [
  { template: "home", path: "/", content: true },
  { template: "about", path: "/about", content: true },
  { template: "product overview", path: "/products", content: true },
  { template: "product", path: "/products/felt-panels", content: true },
  { template: "learning index", path: "/learning", content: true },
  { template: "learning", path: "/learning/room-acoustics", content: true },
  { template: "space list", path: "/private-spaces", content: true },
  { template: "space", path: "/private-spaces/living-room", content: true },
  { template: "space sub-page", path: "/private-spaces/living-room/acoustic-characteristics", content: true },
  { template: "gallery", path: "/gallery" },
  { template: "contact", path: "/contact" },
  { template: "calculator", path: "/tools/room-acoustics-calculator" },
  {
    template: "calculator, a shared room",
    path: "/tools/room-acoustics-calculator?length=12&width=8&height=3.5&type=classroom&floor=carpet&ceiling=concrete&walls=plaster&product=felt-panels&amount=20&unit=m2",
  },
  { template: "auth", path: "/auth", expected: ["is-crawlable"] },
  // A missing page answers 404 (so the browser logs the failed document load) and is noindex.
  { template: "404", path: "/missing-page", expected: ["is-crawlable", "http-status-code", "errors-in-console"] },
];

/** Whether anything answers HTTP at `url`. */
export const answers = (url) =>
  fetch(url).then(
    () => true,
    () => false,
  );

/** Waits until `url` answers HTTP at all (any status). */
export async function waitForUrl(url, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await answers(url))) {
    if (Date.now() > deadline) throw new Error(`${url} did not answer`);
    await sleep(300);
  }
}

/** Stops the script when something already serves `origin`: the run must measure its own preview. */
export async function exitIfServed(origin) {
  if (!(await answers(`${origin}/`))) return;
  console.error(`Something already answers at ${origin}: stop it (a running preview?) and try again.`);
  process.exit(1);
}

/** Runs `astro build`; its exit status and how long it took. */
export function buildSite({ quiet = false } = {}) {
  const started = performance.now();
  const build = spawnSync(process.execPath, ["node_modules/astro/bin/astro.mjs", "build"], {
    stdio: quiet ? "ignore" : "inherit",
  });
  return { status: build.status, ms: performance.now() - started };
}

/**
 * Keeps what a run starts: child processes, servers and temporary folders. `cleanUp()` stops and
 * deletes them; Ctrl-C does too, before exiting.
 */
export function runResources() {
  /** @type {import("node:child_process").ChildProcess[]} */
  const children = [];
  /** @type {import("node:net").Server[]} */
  const servers = [];
  /** @type {string[]} */
  const folders = [];

  async function cleanUp() {
    for (const server of servers.splice(0)) server.close();
    const stopping = children.splice(0).filter((child) => child.exitCode === null && child.signalCode === null);
    for (const child of stopping) child.kill("SIGTERM");
    await Promise.race([Promise.all(stopping.map((child) => once(child, "exit"))), sleep(5_000)]);
    for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
  }
  process.on("SIGINT", async () => {
    await cleanUp();
    process.exit(130);
  });

  return {
    /** @param {Parameters<typeof spawn>} args */
    spawn(...args) {
      const child = spawn(...args);
      children.push(child);
      return child;
    },
    /** @template {import("node:net").Server} S @param {S} server */
    server(server) {
      servers.push(server);
      return server;
    },
    async temporaryFolder(prefix) {
      const folder = await mkdtemp(join(tmpdir(), prefix));
      folders.push(folder);
      return folder;
    },
    cleanUp,
  };
}

/** Serves dist/ with the preview (Functions, Blobs, the Auth emulator) and waits until `origin` answers. */
export async function startPreview(run, origin) {
  run.spawn(process.execPath, ["scripts/preview.mjs", "--no-build"], { stdio: ["ignore", "ignore", "inherit"] });
  await waitForUrl(`${origin}/`);
}

/** Writes reports/<name>; returns its path. */
export async function writeReport(name, text) {
  await mkdir("reports", { recursive: true });
  const path = join("reports", name);
  await writeFile(path, text);
  return path;
}
