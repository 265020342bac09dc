// Each fix in scripts/local-fixes works around a defect of one library. The "stock" tests here run
// the library without its fix and pass only while the defect is still there: when one fails after an
// upgrade, the release fixed it, and the fix (see its header) can go. The others show the fix works.
// The Blobs emulator's are in local-fixes-blobs.test.ts (it must not share a module graph with the fix).
import { execFileSync } from "node:child_process";
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { NetlifyDev } from "@netlify/dev";
import { afterAll, describe, expect, it } from "vitest";
import { keepFunctionBuildsInUse } from "../../scripts/local-fixes/netlify-dev-function-builds.mjs";

const require = createRequire(import.meta.url);
const temporary: string[] = [];
async function temporaryDirectory(prefix: string) {
  const directory = await mkdtemp(join(tmpdir(), prefix));
  temporary.push(directory);
  return directory;
}
afterAll(async () => {
  for (const directory of temporary) await rm(directory, { recursive: true, force: true });
});

/** Runs an ES module snippet in a fresh Node.js process from the project folder; its output or error. */
function runNode(code: string): { ok: boolean; output: string } {
  try {
    const output = execFileSync(process.execPath, ["--input-type=module", "-e", code], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
    return { ok: true, output };
  } catch (error) {
    return { ok: false, output: String((error as { stderr?: string }).stderr ?? error) };
  }
}

describe("@netlify/dev: function builds shared by concurrent requests", () => {
  /** A local Netlify server for a project with one function, answering "hello". */
  async function functionServer() {
    const root = await temporaryDirectory("function-builds-");
    await mkdir(join(root, "netlify", "functions"), { recursive: true });
    await writeFile(
      join(root, "netlify", "functions", "hello.mjs"),
      'export default async () => new Response("hello");\nexport const config = { path: "/hello" };\n',
    );
    const quiet = () => {};
    const netlify = new NetlifyDev({
      projectRoot: root,
      aiGateway: { enabled: false },
      blobs: { enabled: false },
      database: { enabled: false },
      edgeFunctions: { enabled: false },
      environmentVariables: { enabled: false },
      geolocation: { enabled: false },
      images: { enabled: false },
      logger: { log: quiet, warn: quiet, error: quiet },
      serverAddress: "http://localhost:0",
      skipGitignore: true,
    });
    await netlify.start();
    return { root, netlify };
  }

  /** Rounds of 20 requests started 1 ms apart, until one round has a failure; the failures. */
  async function bursts(netlify: NetlifyDev, rounds: number) {
    const failures: string[] = [];
    for (let round = 0; round < rounds && failures.length === 0; round++) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          await new Promise((resolve) => setTimeout(resolve, i));
          const response = await netlify.handle(new Request("http://localhost/hello"));
          return { status: response?.status, text: await response?.text() };
        }),
      );
      for (const a of answers) if (a.status !== 200) failures.push(`${a.status} ${a.text?.split("\n")[0]}`);
    }
    return failures;
  }

  it("stock: a burst of requests loses builds (Cannot find module)", { timeout: 120_000 }, async () => {
    const { netlify } = await functionServer();
    try {
      const failures = await bursts(netlify, 6);
      expect(failures.length, "no request failed: the defect may be fixed").toBeGreaterThan(0);
      expect(failures.join("\n")).toContain("Cannot find module");
    } finally {
      await netlify.stop();
    }
  });

  it("with the fix every request of the bursts is answered", { timeout: 120_000 }, async () => {
    const { root, netlify } = await functionServer();
    const keep = keepFunctionBuildsInUse(root);
    try {
      expect(await bursts(netlify, 2)).toEqual([]);
    } finally {
      await netlify.stop();
      await keep.release();
    }
  });
});

describe("@mdn/mdn-http-observatory: the HSTS preload list its install downloads", () => {
  const packageRoot = dirname(require.resolve("@mdn/mdn-http-observatory/package.json"));

  it("stock: the package downloads the list when installed and cannot scan without it", async () => {
    const manifest = JSON.parse(await readFile(join(packageRoot, "package.json"), "utf8"));
    expect(manifest.scripts.postinstall).toContain("updateHsts");
    // The module as installed, in a folder without the list (as after an offline install).
    const copy = await temporaryDirectory("observatory-");
    await mkdir(join(copy, "src", "analyzer"), { recursive: true });
    await writeFile(join(copy, "package.json"), '{ "type": "module" }');
    await copyFile(join(packageRoot, "src", "analyzer", "hsts.js"), join(copy, "src", "analyzer", "hsts.js"));
    const run = runNode(
      `const { isHstsPreloaded } = await import(${JSON.stringify(join(copy, "src", "analyzer", "hsts.js"))});
       isHstsPreloaded("localhost");`,
    );
    expect(run.ok, "the stock module copes without a list").toBe(false);
    expect(run.output).toMatch(/ENOENT[\s\S]*hsts-preload\.json/);
  });

  it("with the fix the installed package grades HSTS with or without a downloaded list", () => {
    const run = runNode(
      `await import("./scripts/local-fixes/mdn-http-observatory-hsts-preload.mjs");
       const { isHstsPreloaded } = await import("@mdn/mdn-http-observatory/src/analyzer/hsts.js");
       const { ALL_TESTS } = await import("@mdn/mdn-http-observatory/src/constants.js");
       console.log(JSON.stringify({ preloaded: isHstsPreloaded("localhost"), tests: ALL_TESTS.length }));`,
    );
    expect(run.ok, run.output).toBe(true);
    expect(JSON.parse(run.output)).toEqual({ preloaded: null, tests: expect.any(Number) });
  });
});
