// Each fix in scripts/local-fixes works around a defect of one library. The "stock" tests here run
// the library without its fix and pass only while the defect is still there: when one fails after an
// upgrade, the release fixed it, and the fix (see its header) can go. The others show the fix works.
// The Blobs emulator's are in local-fixes-blobs.test.ts (it must not share a module graph with the fix).
import { execFileSync } from "node:child_process";
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
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

/** A local Netlify server's options with the parts these tests do not check switched off, on a free port. */
const BARE_SERVER = {
  aiGateway: { enabled: false },
  blobs: { enabled: false },
  database: { enabled: false },
  edgeFunctions: { enabled: false },
  environmentVariables: { enabled: false },
  geolocation: { enabled: false },
  images: { enabled: false },
  serverAddress: "http://localhost:0",
  skipGitignore: true,
};

/**
 * A local Netlify server for the static project at `root` (every part off but its files, redirects and
 * header rules), in a fresh Node.js process after importing `fixes` from scripts/local-fixes: `ask`
 * fills `answers` by path from `netlify.handle`, and they come back parsed.
 */
function staticAnswers<T>(root: string, fixes: string[], ask: string): Record<string, T> {
  const run = runNode(
    `${fixes.map((fix) => `await import("./scripts/local-fixes/${fix}");`).join("\n")}
     const { NetlifyDev } = await import("@netlify/dev");
     const quiet = () => {};
     const netlify = new NetlifyDev({
       projectRoot: ${JSON.stringify(root)},
       ...${JSON.stringify({ ...BARE_SERVER, functions: { enabled: false }, headers: { enabled: true } })},
       logger: { log: quiet, warn: quiet, error: quiet },
     });
     await netlify.start();
     const answers = {};
     ${ask}
     await netlify.stop();
     console.log(JSON.stringify(answers));`,
  );
  expect(run.ok, run.output).toBe(true);
  return JSON.parse(run.output) as Record<string, T>;
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
      ...BARE_SERVER,
      logger: { log: quiet, warn: quiet, error: quiet },
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

  it("stock: a burst of requests loses builds (Cannot find module)", { timeout: 240_000 }, async () => {
    const { netlify } = await functionServer();
    try {
      // A race: most rounds lose a build, but a busy machine may run several rounds cleanly.
      const failures = await bursts(netlify, 30);
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

describe("astro: the metric-matched fallback faces of the fonts API", () => {
  const fontsFolder = join(dirname(require.resolve("astro/package.json")), "dist", "assets", "fonts");
  const fontsModule = (path: string) => JSON.stringify(pathToFileURL(join(fontsFolder, path)).href);

  /**
   * The fallback faces Astro writes, as in a build, for a sans-serif and a serif family sized to Inter,
   * in a fresh process (with the fix loaded first, or not): the src of each, by the font it stands in for.
   */
  function fallbackSources(withFix: boolean) {
    const run = runNode(
      `${withFix ? 'await import("./scripts/local-fixes/astro-font-fallbacks.mjs");' : ""}
       const { readFile } = await import("node:fs/promises");
       const { optimizeFallbacks } = await import(${fontsModule("core/optimize-fallbacks.js")});
       const { CapsizeFontMetricsResolver } = await import(${fontsModule("infra/capsize-font-metrics-resolver.js")});
       const { MinifiableCssRenderer } = await import(${fontsModule("infra/minifiable-css-renderer.js")});
       const { RealSystemFallbacksProvider } = await import(${fontsModule("infra/system-fallbacks-provider.js")});
       const font = "node_modules/inter-ui/variable/InterVariable.woff2";
       const fontMetricsResolver = new CapsizeFontMetricsResolver({
         fontFetcher: { fetch: () => readFile(font) },
         cssRenderer: new MinifiableCssRenderer({ minify: true }),
       });
       const sources = {};
       for (const generic of ["sans-serif", "serif"]) {
         for (const weight of ["400", "700"]) {
           const { css } = await optimizeFallbacks({
             family: { name: "Inter", uniqueName: "Inter-test" },
             fallbacks: [generic],
             collectedFonts: [{ data: { weight, style: "normal" } }],
             systemFallbacksProvider: new RealSystemFallbacksProvider(),
             fontMetricsResolver,
           });
           for (const [, name, src] of css.matchAll(/fallback: ([^"]+)";src:([^;]+);/g)) sources[name] = src;
         }
       }
       console.log(JSON.stringify(sources));`,
    );
    expect(run.ok, run.output).toBe(true);
    return JSON.parse(run.output) as Record<string, string>;
  }

  it("stock: each fallback face finds its local font by the Windows and macOS name only", () => {
    expect(fallbackSources(false)).toEqual({
      Arial: 'local("Arial")',
      "Arial Bold": 'local("Arial Bold")',
      "Times New Roman": 'local("Times New Roman")',
      "Times New Roman Bold": 'local("Times New Roman Bold")',
    });
  });

  it("with the fix each fallback face also names the metric-compatible Liberation and Croscore fonts", () => {
    expect(fallbackSources(true)).toEqual({
      Arial: 'local("Arial"), local("Liberation Sans"), local("Arimo")',
      "Arial Bold": 'local("Arial Bold"), local("Liberation Sans Bold"), local("Arimo Bold")',
      "Times New Roman": 'local("Times New Roman"), local("Liberation Serif"), local("Tinos")',
      "Times New Roman Bold": 'local("Times New Roman Bold"), local("Liberation Serif Bold"), local("Tinos Bold")',
    });
  });
});

describe("@netlify/redirects: a rewrite to a static file with a status of its own", () => {
  /** A project whose /et/* paths rewrite to a not-found page with status 404, as netlify.toml's do. */
  async function project() {
    const root = await temporaryDirectory("rewrite-status-");
    await mkdir(join(root, "public", "et"), { recursive: true });
    await writeFile(
      join(root, "netlify.toml"),
      '[build]\npublish = "public"\n\n[[redirects]]\nfrom = "/et/*"\nto = "/et/404.html"\nstatus = 404\n',
    );
    await writeFile(join(root, "public", "et", "404.html"), "Lehte ei leitud");
    await writeFile(join(root, "public", "et", "about.html"), "Meist");
    return root;
  }

  /** Status and text of a missing and an existing page under /et/, from a local server in a fresh process. */
  async function answers(withFix: boolean) {
    return staticAnswers<string>(
      await project(),
      withFix ? ["netlify-redirects-rewrite-status.mjs"] : [],
      `for (const path of ["/et/missing", "/et/about"]) {
         const response = await netlify.handle(new Request("http://localhost" + path));
         answers[path] = response.status + " " + (await response.text());
       }`,
    );
  }

  it("stock: the rule's target is answered with 200", { timeout: 60_000 }, async () => {
    expect(await answers(false)).toEqual({ "/et/missing": "200 Lehte ei leitud", "/et/about": "200 Meist" });
  });

  it("with the fix the target is answered with the rule's status, and an existing page still with 200", {
    timeout: 60_000,
  }, async () => {
    expect(await answers(true)).toEqual({ "/et/missing": "404 Lehte ei leitud", "/et/about": "200 Meist" });
  });
});

describe("@netlify/dev: a file's own header rules under a rule that is not forced", () => {
  /** A project whose /fi/* paths fall back to a not-found page, with header rules for a file and for that page. */
  async function project() {
    const root = await temporaryDirectory("shadowed-headers-");
    await mkdir(join(root, "public", "fi", "guides"), { recursive: true });
    await writeFile(
      join(root, "netlify.toml"),
      '[build]\npublish = "public"\n\n[[redirects]]\nfrom = "/fi/*"\nto = "/fi/404.html"\nstatus = 404\n',
    );
    await writeFile(
      join(root, "public", "_headers"),
      '/fi/guides/clips.pdf\n  Content-Disposition: attachment; filename="clips-installation-guide-fi.pdf"\n\n/fi/404.html\n  X-Rule: not-found\n',
    );
    await writeFile(join(root, "public", "fi", "404.html"), "Sivua ei löydy");
    await writeFile(join(root, "public", "fi", "guides", "clips.pdf"), "%PDF-1.4\n");
    return root;
  }

  /** The headers a local server in a fresh process sends for the file, and for a missing path. */
  async function answers(withFix: boolean) {
    const fixes = ["netlify-redirects-rewrite-status.mjs"];
    return staticAnswers<string[]>(
      await project(),
      withFix ? ["netlify-dev-shadowed-headers.mjs", ...fixes] : fixes,
      `for (const path of ["/fi/guides/clips.pdf", "/fi/missing"]) {
         const rules = [];
         const response = await netlify.handle(new Request("http://localhost" + path), {
           headersCollector: (key, value) => rules.push(key.toLowerCase() + ": " + value),
         });
         answers[path] = [String(response?.status), ...rules.sort()];
       }`,
    );
  }

  it("stock: the file gets the header rules of the rule's target", { timeout: 60_000 }, async () => {
    expect((await answers(false))["/fi/guides/clips.pdf"]).toEqual(["200", "x-rule: not-found"]);
  });

  it("with the fix the file gets its own, and a missing path still the not-found page's", {
    timeout: 60_000,
  }, async () => {
    expect(await answers(true)).toEqual({
      "/fi/guides/clips.pdf": ["200", 'content-disposition: attachment; filename="clips-installation-guide-fi.pdf"'],
      "/fi/missing": ["404", "x-rule: not-found"],
    });
  });
});
