// npm run audit: builds the site, serves the production build locally and audits it, offline, through
// an HTTPS front that speaks HTTP/2 as Netlify does (scripts/lib/tls-front.mjs):
// - Lighthouse (mobile and desktop presets, Chromium from /usr/bin/chromium or CHROMIUM_PATH) on one
//   page per template: targets 100 in Performance, Accessibility, Best Practices and SEO;
// - the MDN HTTP Observatory's checks over HTTPS, as a deployed site is reached: target A+;
// - the Nu HTML Checker (vnu-jar, needs Java) over every built page: target zero errors.
// Writes reports/audit.md (a table per check, one row per page) and exits non-zero when a target is
// missed. Pass --no-build to reuse dist/, --pages=/about,/products to audit only those pages, and
// --without-header=name,... to have the front leave those response headers out (what a header costs
// the scores, measured in one sitting beside a run with it; the Observatory then does not run).
import { execFileSync, spawnSync } from "node:child_process";
import { join } from "node:path";
import lighthouse from "lighthouse";
import { throttling } from "lighthouse/core/config/constants.js";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { chromiumArgs, chromiumPath } from "./lib/chromium.mjs";
import {
  buildSite,
  exitIfServed,
  runResources,
  startPreview,
  TEMPLATE_PAGES,
  waitForUrl,
  writeReport,
} from "./lib/preview-run.mjs";
import { startTlsFront } from "./lib/tls-front.mjs";

const args = process.argv.slice(2);
/** --only=lighthouse,observatory,html runs some of the checks (the report then lists only those). */
const only = args
  .find((a) => a.startsWith("--only="))
  ?.slice(7)
  .split(",");
/** --pages=/about,/products audits only those of the template pages (by path, query included). */
const pagesArg = args
  .find((a) => a.startsWith("--pages="))
  ?.slice(8)
  .split(",");
const pages = TEMPLATE_PAGES.filter((page) => !pagesArg || pagesArg.includes(page.path));
if (pages.length === 0) {
  console.error(`No template page has a path in --pages; they are: ${TEMPLATE_PAGES.map((p) => p.path).join(" ")}`);
  process.exit(2);
}
/** --without-header=cross-origin-opener-policy: response headers the front leaves out. */
const withoutHeaders = (
  args
    .find((a) => a.startsWith("--without-header="))
    ?.slice(17)
    .split(",") ?? []
).map((name) => name.trim().toLowerCase());
const runs = (check) => (!only || only.includes(check)) && !(check === "observatory" && withoutHeaders.length > 0);
const ORIGIN = "http://localhost:8888";
const CHROMIUM = chromiumPath ?? "chromium";
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
/** Lighthouse mobile runs per page; the report shows the median. */
const MOBILE_RUNS = 3;
/**
 * Largest contentful paint aimed at on the content templates, mobile (simulated slow 4G). An aim, not
 * a target: a slower page is listed under the report's aims, and the run still passes if every target
 * (the scores, the Observatory grade, valid HTML) is met.
 */
const LCP_AIM_MS = 1200;
/**
 * Aims on mobile, per template: the largest paint no later than this after the first (the h1 drawn in
 * its face on the first paint) on the content templates, and no blocking time on any page. The first
 * is judged on a cold visit loaded over the slow-4G profile itself (Lighthouse's applied throttling):
 * the simulated estimate counts every request that starts before the browser's first frame in LCP
 * but only render-blocking ones in FCP, so it puts the preloaded fonts' download between the two even
 * when both paints are the same frame. The simulated figure is reported beside it.
 */
const LCP_AFTER_FCP_AIM_MS = 150;
const TBT_AIM_MS = 0;
/** The median of numbers (the middle one of an odd count). */
const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
const ms = (value) => (Number.isFinite(value) ? `${(value / 1000).toFixed(2)} s` : "");

const run = runResources();
const work = await run.temporaryFolder("audit-");

// 1. Build and serve.
if (!args.includes("--no-build")) {
  const { status } = buildSite();
  if (status !== 0) process.exit(status ?? 1);
}
await exitIfServed(ORIGIN);
await startPreview(run, ORIGIN);
// Pages are audited as a visitor reaches them: HTTPS on HTTP/2, with a plain-HTTP listener redirecting.
const [HTTP_PORT, HTTPS_PORT] = [8880, 8443];
const front = await startTlsFront(run, {
  folder: work,
  upstream: ORIGIN,
  port: HTTPS_PORT,
  redirectPort: HTTP_PORT,
  drop: withoutHeaders,
});

// 2. Lighthouse, one Chromium for all runs.
const lighthouseRows = [];
/** Every run's benchmark index, to say how fast the host was while it measured. */
const benchmarks = [];
if (runs("lighthouse")) {
  console.log("Lighthouse...");
  const port = 9333;
  run.spawn(
    CHROMIUM,
    [
      "--headless=new",
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${join(work, "chromium")}`,
      // Trusts the front's certificate, and only that one.
      `--ignore-certificate-errors-spki-list=${front.spki}`,
      ...chromiumArgs,
      "about:blank",
    ],
    { stdio: "ignore" },
  );
  await waitForUrl(`http://127.0.0.1:${port}/json/version`, 30_000);

  /** A Lighthouse report of a page, run once more if Lighthouse could not finish the first. */
  async function report(page, preset) {
    // "applied": the mobile preset with its slow-4G and 4× CPU profile applied to the browser while the
    // page loads, rather than simulated afterwards from an unthrottled load. The browser can only add
    // a delay to each request, so Lighthouse adds 3.75 round trips (562.5 ms), a new connection's
    // handshakes, to every one. "round trip": the same profile with one round trip (150 ms) a request,
    // as on the site's one HTTP/2 connection once it is open.
    const applied =
      preset === "applied"
        ? { throttlingMethod: "devtools" }
        : preset === "round trip"
          ? {
              throttlingMethod: "devtools",
              throttling: { ...throttling.mobileSlow4G, requestLatencyMs: throttling.mobileSlow4G.rttMs },
            }
          : {};
    let lhr;
    for (let attempt = 1; attempt <= 2; attempt++) {
      const result = await lighthouse(
        `${front.origin}${page.path}`,
        // The 404 page answers with status 404 on purpose; Lighthouse audits it anyway.
        {
          port,
          output: "json",
          logLevel: "error",
          onlyCategories: CATEGORIES,
          ignoreStatusCode: page.path === "/missing-page",
          ...applied,
        },
        preset === "desktop" ? desktopConfig : undefined,
      );
      lhr = result?.lhr;
      // A run without a performance score is one whose trace Lighthouse could not read (a metric errored).
      if (lhr && !lhr.runtimeError && lhr.categories.performance?.score != null) break;
      console.log(
        `  ${preset} ${page.path}: Lighthouse could not finish (${lhr?.runtimeError?.code ?? lhr?.audits["largest-contentful-paint"]?.errorMessage ?? "no report"})`,
      );
    }
    return lhr;
  }

  /**
   * The page's first frame as the browser drew it on the unthrottled load the simulation starts from:
   * the longest main-thread task that starts before the observed FCP (ms). The simulation does not
   * count that frame in its FCP, so it comes after it, at twice its length (its multiplier for tasks
   * that lay out, half the 4× CPU slowdown): above 25 ms it can be counted as blocking time.
   */
  function firstFrame(lhr) {
    const observedFcp = lhr?.audits.metrics?.details?.items?.[0]?.observedFirstContentfulPaint;
    const tasks = lhr?.audits["main-thread-tasks"]?.details?.items ?? [];
    if (typeof observedFcp !== "number" || tasks.length === 0) return Number.NaN;
    return Math.max(0, ...tasks.filter((task) => task.startTime < observedFcp).map((task) => task.duration));
  }

  /** One Lighthouse run of a page: its scores, the audits it lost, and its paint metrics (ms). */
  async function audit(page, preset) {
    const lhr = await report(page, preset);
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr?.categories[c]?.score ?? 0) * 100)]));
    const failing = Object.values(lhr?.audits ?? {})
      .filter(
        (a) =>
          a.score !== null && a.score < 1 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "manual",
      )
      .filter((a) => CATEGORIES.some((c) => lhr?.categories[c]?.auditRefs.some((r) => r.id === a.id && r.weight > 0)))
      .map((a) => a.id);
    // A category below 100 is a missed target unless every audit it lost is expected for this page.
    const lostTo = (c) => (lhr?.categories[c]?.auditRefs ?? []).filter((r) => r.weight > 0 && failing.includes(r.id));
    const missed = CATEGORIES.filter(
      (c) => scores[c] < 100 && !(lostTo(c).length > 0 && lostTo(c).every((r) => page.expected?.includes(r.id))),
    );
    const metric = (id) => lhr?.audits[id]?.numericValue ?? Number.NaN;
    return {
      firstFrame: firstFrame(lhr),
      scores,
      failing,
      missed,
      lcp: metric("largest-contentful-paint"),
      fcp: metric("first-contentful-paint"),
      tbt: metric("total-blocking-time"),
      // Lighthouse's measure of the host's CPU (its "CPU/Memory Power"): the 4× slowdown is relative to it.
      benchmark: lhr?.environment?.benchmarkIndex ?? Number.NaN,
    };
  }

  // One run that is not counted: the first after the server starts shares the machine with its
  // start-up (functions being built) and Chromium's own first-run work.
  await audit(pages[0], "mobile");

  // Mobile: the median of MOBILE_RUNS runs (simulated throttling varies a little from run to run);
  // the row is the run whose performance score is the median, with the median LCP and FCP.
  for (const page of pages) {
    for (const preset of ["mobile", "desktop"]) {
      const results = [];
      for (let i = 0; i < (preset === "mobile" ? MOBILE_RUNS : 1); i++) results.push(await audit(page, preset));
      const middle = median(results.map((r) => r.scores.performance));
      const row = results.find((r) => r.scores.performance === middle) ?? results[0];
      const lcp = median(results.map((r) => r.lcp));
      const fcp = median(results.map((r) => r.fcp));
      const tbt = median(results.map((r) => r.tbt));
      // The first frame of the run whose TBT is the median, so that the two figures go together.
      const frame = (results.find((r) => r.tbt === tbt) ?? results[0])?.firstFrame ?? Number.NaN;
      const after = median(results.map((r) => r.lcp - r.fcp));
      benchmarks.push(...results.map((r) => r.benchmark).filter(Number.isFinite));
      // On mobile, content templates aim at LCP within LCP_AIM_MS and within LCP_AFTER_FCP_AIM_MS of
      // FCP (on a load over the profile itself); every page at no blocking time.
      const mobile = preset === "mobile";
      const appliedRun = mobile && page.content ? await audit(page, "applied") : null;
      const appliedAfter = appliedRun ? appliedRun.lcp - appliedRun.fcp : Number.NaN;
      const roundTripRun = mobile && page.content ? await audit(page, "round trip") : null;
      const roundTripAfter = roundTripRun ? roundTripRun.lcp - roundTripRun.fcp : Number.NaN;
      const slow = mobile && page.content && lcp > LCP_AIM_MS;
      const late = mobile && page.content && !(appliedAfter <= LCP_AFTER_FCP_AIM_MS);
      const blocking = mobile && tbt > TBT_AIM_MS;
      lighthouseRows.push({
        ...page,
        ...row,
        preset,
        runs: results.length,
        lcp,
        fcp,
        tbt,
        frame,
        after,
        appliedAfter,
        roundTripAfter,
        slow,
        late,
        blocking,
      });
      console.log(
        `  ${preset.padEnd(7)} ${page.path}: ${CATEGORIES.map((c) => row.scores[c]).join(" / ")}  LCP ${ms(lcp)} FCP ${ms(fcp)} LCP−FCP ${Math.round(after)} ms${appliedRun ? ` (applied: ${Math.round(appliedAfter)} ms, one round trip a request: ${Math.round(roundTripAfter)} ms)` : ""} TBT ${Math.round(tbt)} ms (first frame ${Math.round(frame)} ms), CPU ${Math.round(median(results.map((r) => r.benchmark)))}${results.length > 1 ? ` (median of ${results.length}: ${results.map((r) => r.scores.performance).join(", ")})` : ""}${row.failing.length ? `  (${row.failing.join(", ")})` : ""}`,
      );
    }
  }
}

// 3. HTTP Observatory over the HTTPS front and its plain-HTTP redirect, as Netlify serves a deployed site.
let observatory = null;
if (runs("observatory")) {
  console.log("HTTP Observatory...");
  // Run asynchronously: the TLS front and the redirect listener live in this process.
  const observatoryRun = await new Promise((resolve) => {
    const child = run.spawn(
      process.execPath,
      ["scripts/lib/observatory.mjs", "localhost", String(HTTP_PORT), String(HTTPS_PORT)],
      {
        env: { ...process.env, NODE_EXTRA_CA_CERTS: front.cert },
      },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
  observatory = observatoryRun.status === 0 ? JSON.parse(observatoryRun.stdout) : null;
  if (!observatory) console.error(observatoryRun.stderr);
  else console.log(`  grade ${observatory.grade} (${observatory.score})`);
}

// 4. Nu HTML Checker over every built page.
let vnu = { ran: false, files: [], messages: [] };
let cssMessages = 0;
const java = spawnSync("java", ["-version"], { encoding: "utf8" });
if (runs("html") && java.status === 0) {
  console.log("Nu HTML Checker...");
  const jar = join("node_modules", "vnu-jar", "build", "dist", "vnu.jar");
  const run = spawnSync("java", ["-jar", jar, "--format", "json", "--skip-non-html", "dist"], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  const all = JSON.parse(run.stderr || '{"messages":[]}').messages ?? [];
  // The checker's CSS parser predates parts of current CSS that the stylesheet uses (custom properties
  // in transition-property, margin-trim, @property...): its "CSS:" messages are counted apart.
  const messages = all.filter((m) => !m.message?.startsWith("CSS:"));
  cssMessages = all.length - messages.length;
  const files = execFileSync("find", ["dist", "-name", "*.html"], { encoding: "utf8" }).trim().split("\n");
  vnu = { ran: true, files, messages };
  console.log(`  ${files.length} pages, ${messages.filter((m) => m.type === "error").length} errors`);
}

await run.cleanUp();

// 5. Report.
const lines = [`# Audit, ${new Date().toISOString().slice(0, 10)}`, ""];
if (runs("lighthouse")) {
  const version = (await import("lighthouse/package.json", { with: { type: "json" } })).default.version;
  const browser = execFileSync(CHROMIUM, ["--version"], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  }).trim();
  lines.push(
    "## Lighthouse",
    "",
    `Lighthouse ${version}, ${browser}, reaching the pages over HTTPS and HTTP/2 as a visitor of the deployed site does (a local TLS front before the preview); mobile uses the default simulated throttling (slow 4G, 4× CPU) and shows the median of ${MOBILE_RUNS} runs (the run with the median performance score; LCP, FCP, LCP − FCP and TBT are the medians of their own, and the first frame is that of the run with the median TBT). Desktop is one run. "First frame" is the longest main-thread task before the first contentful paint on the unthrottled load the simulation starts from, the frame that styles, lays out and paints the page: the simulation leaves it out of its FCP and counts it after it at twice its length, so above 25 ms it can show as TBT however little script the page runs. For the content templates, one more mobile run loads the page over the same profile applied to the browser (Lighthouse's devtools throttling): "LCP − FCP, applied" is that cold visit's, and the aim is judged on it, since the simulation counts the fonts that load before the first frame in LCP but not in FCP even when both paints are the same frame. The browser can only delay each request, so that profile adds 562.5 ms (3.75 round trips, a new connection's handshakes) to every one, and nothing a page asks for can arrive before its first frame: "LCP − FCP, one round trip a request" is one more cold visit over the same profile with 150 ms added to each request instead, as on the deployed site's one HTTP/2 connection once it is open. The preview compresses text responses as Netlify's CDN does. Content templates aim at an LCP of ${ms(LCP_AIM_MS)} or less on mobile, at most ${LCP_AFTER_FCP_AIM_MS} ms after FCP, and every page at a TBT of ${TBT_AIM_MS} ms; one that misses is listed under the aims at the end.`,
    `The host's CPU, as Lighthouse measures it before each run (benchmarkIndex, its "CPU/Memory Power"): median ${Math.round(median(benchmarks))}, from ${Math.round(Math.min(...benchmarks))} to ${Math.round(Math.max(...benchmarks))}. The 4× slowdown is relative to it, and so is the main thread's rendering work (style, layout, paint) that TBT counts with the scripts: compare figures taken in one sitting, and an earlier build audited beside this one, rather than reports of different days.`,
    ...(withoutHeaders.length > 0
      ? [
          `**Measured without these response headers** (the front left them out, to see what they cost): ${withoutHeaders.map((h) => `\`${h}\``).join(", ")}. Not the site as deployed.`,
        ]
      : []),
    "The sign-in and 404 pages are kept out of search engines on purpose (noindex), and the 404 page answers with status 404, which the browser logs as a failed load: the audits they lose only for that (is-crawlable, http-status-code, errors-in-console) are not counted as missed targets.",
    "",
    "| template | page | preset | Performance | Accessibility | Best Practices | SEO | LCP | FCP | LCP − FCP | LCP − FCP, applied | LCP − FCP, one round trip a request | TBT | first frame | audits below 1 |",
    "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
    ...lighthouseRows.map(
      (r) =>
        `| ${r.template} | \`${r.path}\` | ${r.preset} | ${CATEGORIES.map((c) => r.scores[c]).join(" | ")} | ${ms(r.lcp)} | ${ms(r.fcp)} | ${Math.round(r.after)} ms | ${Number.isFinite(r.appliedAfter) ? `${Math.round(r.appliedAfter)} ms` : ""} | ${Number.isFinite(r.roundTripAfter) ? `${Math.round(r.roundTripAfter)} ms` : ""} | ${Math.round(r.tbt)} ms | ${Number.isFinite(r.frame) ? `${Math.round(r.frame)} ms` : ""} | ${r.failing.join(", ") || "none"} |`,
    ),
    "",
  );
}
if (runs("observatory")) {
  lines.push(
    "## HTTP Observatory",
    "",
    "The production build behind a local TLS front (certificate made for the run, trusted for the scan) and a plain-HTTP listener redirecting to it, as Netlify serves a deployed site. Checks and grading are the package's own.",
    "",
  );
  if (observatory) {
    lines.push(
      `Grade **${observatory.grade}**, score ${observatory.score}.`,
      "",
      "| test | result | pass | score modifier |",
      "| --- | --- | --- | ---: |",
      ...observatory.tests.map((t) => `| ${t.name} | ${t.result} | ${t.pass ? "yes" : "no"} | ${t.modifier} |`),
      "",
    );
  } else lines.push("The scan did not run.", "");
}
if (runs("html")) {
  lines.push("## Nu HTML Checker", "");
  if (vnu.ran) {
    const byFile = new Map();
    for (const m of vnu.messages) {
      const file = (m.url ?? "").replace(/^file:.*?\/dist\//, "dist/");
      const entry = byFile.get(file) ?? { errors: 0, warnings: 0, first: "" };
      if (m.type === "error") {
        entry.errors += 1;
        entry.first ||= m.message;
      } else entry.warnings += 1;
      byFile.set(file, entry);
    }
    lines.push(
      `${vnu.files.length} pages checked; ${[...byFile.values()].reduce((s, e) => s + e.errors, 0)} errors. Not counted: ${cssMessages} messages from the checker's CSS parser about the inlined stylesheet, which uses CSS newer than that parser (custom properties in \`transition-property\`, \`margin-trim\`, \`@property\`).`,
      "",
      "| page | errors | warnings | first error |",
      "| --- | ---: | ---: | --- |",
      ...vnu.files.sort().map((f) => {
        const e = byFile.get(f) ?? { errors: 0, warnings: 0, first: "" };
        return `| \`${f.replace(/^dist\//, "")}\` | ${e.errors} | ${e.warnings} | ${e.first.replace(/\|/g, "\\|")} |`;
      }),
      "",
    );
  } else lines.push("Not run: Java is not installed (`apt-get install default-jre-headless`).", "");
}

const missed = [
  ...lighthouseRows
    .filter((r) => r.missed.length > 0)
    .map((r) => `Lighthouse ${r.preset} ${r.path}: ${r.missed.join(", ")}`),
  ...(!runs("observatory") || observatory?.grade === "A+"
    ? []
    : [`HTTP Observatory grade ${observatory?.grade ?? "not run"}`]),
  ...(!runs("html") || (vnu.ran && !vnu.messages.some((m) => m.type === "error"))
    ? []
    : [vnu.ran ? "Nu HTML Checker errors" : "Nu HTML Checker not run"]),
];
const aims = [
  ...lighthouseRows.filter((r) => r.slow).map((r) => `LCP ${ms(r.lcp)} on ${r.path} (mobile), aim ${ms(LCP_AIM_MS)}`),
  ...lighthouseRows
    .filter((r) => r.late)
    .map(
      (r) =>
        `LCP ${Number.isFinite(r.appliedAfter) ? Math.round(r.appliedAfter) : "(no figure)"} ms after FCP on ${r.path} (mobile, applied slow 4G), aim ${LCP_AFTER_FCP_AIM_MS} ms`,
    ),
  ...lighthouseRows
    .filter((r) => r.blocking)
    .map(
      (r) =>
        `TBT ${Math.round(r.tbt)} ms on ${r.path} (mobile), aim ${TBT_AIM_MS} ms (its first frame ${Math.round(r.frame)} ms unthrottled)`,
    ),
];
lines.push(
  "## Targets",
  "",
  missed.length === 0 ? "All targets met." : missed.map((m) => `- Missed: ${m}`).join("\n"),
  "",
  "## Aims",
  "",
  aims.length === 0 ? "All aims reached." : aims.map((a) => `- Not reached: ${a}`).join("\n"),
  "",
);
const reportPath = await writeReport("audit.md", lines.join("\n"));
console.log(
  `\nReport: ${reportPath}\n${missed.length === 0 ? "All targets met." : missed.map((m) => `Missed: ${m}`).join("\n")}${aims.map((a) => `\nAim not reached: ${a}`).join("")}`,
);
process.exit(missed.length === 0 ? 0 : 1);
