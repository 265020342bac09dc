import { type Browser, devices } from "@playwright/test";
import { TEMPLATE_PAGES } from "../../scripts/lib/preview-run.mjs";
import { expect, test } from "./fixtures";

// No template's script does a long task (over 50 ms) while its page loads, on a phone's CPU: each
// page is loaded at 4× CPU slowdown (as Lighthouse's mobile profile), and the browser's own record of
// long animation frames names every script that ran in them and for how long. A trace, not a timer:
// the durations are the browser's measure of each script's work.

const LONG_TASK_MS = 50;

interface ScriptRun {
  duration: number;
  source: string;
  invoker: string;
  type: string;
}

declare global {
  interface Window {
    __scriptRuns?: ScriptRun[];
  }
}

// One page after another, in one worker: never two pages measured at once.
test.describe.configure({ mode: "default" });

/** The scripts that ran while a page loaded once, in a fresh context, at 4× CPU slowdown. */
async function scriptRuns(browser: Browser, path: string): Promise<ScriptRun[]> {
  const context = await browser.newContext({ ...devices["Pixel 7"], viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    window.__scriptRuns = [];
    // A long animation frame lists the scripts that ran in it (PerformanceScriptTiming).
    type Frame = PerformanceEntry & {
      scripts: { duration: number; sourceURL: string; invoker: string; invokerType: string }[];
    };
    new PerformanceObserver((list) => {
      for (const frame of list.getEntries() as Frame[]) {
        for (const script of frame.scripts) {
          window.__scriptRuns?.push({
            duration: script.duration,
            source: script.sourceURL,
            invoker: script.invoker,
            type: script.invokerType,
          });
        }
      }
    }).observe({ type: "long-animation-frame", buffered: true });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.goto(path, { waitUntil: "load" });
  // What the scripts schedule after load (the consent banner, a shared room's steps) runs too.
  await page.waitForTimeout(1_200);
  const address = new URL(page.url()).pathname;
  const runs = await page.evaluate(() => window.__scriptRuns ?? []);
  await context.close();
  return runs.filter(
    (run) =>
      // The observer above is this test's own script.
      run.invoker !== "PerformanceObserverCallback" &&
      // The consent check inlined in the head reads localStorage before the first paint; on a fresh
      // profile that read waits for the storage to open, which is not script work. Lighthouse's TBT
      // in the audit measures it with the rest.
      !(run.type === "classic-script" && (!run.source || new URL(run.source).pathname === address)),
  );
}

// One page of each kind of script a page can run: none but the header's and the consent banner's (home,
// learning, space), the photo viewer (product), the table's sort and filters (product overview), the
// gallery (its lightbox's island waits for intent, so only its directive runs), and the calculator with
// and without a shared room. React island pages (the forms, sign-in) hydrate their
// form in one task, longer than 50 ms at 4×: they are outside this guard, and the audit's
// TBT shows them.
const GUARDED = TEMPLATE_PAGES.filter((page) =>
  [
    "home",
    "product overview",
    "product",
    "learning",
    "space",
    "gallery",
    "calculator",
    "calculator, a shared room",
  ].includes(page.template),
);

test("guards every template it names @trace", () => {
  expect(GUARDED.length).toBe(8);
});

for (const { template, path } of GUARDED) {
  test(`${template}: no script of the page runs a long task while it loads, at 4× CPU slowdown @trace`, async ({
    browser,
  }) => {
    // Up to three loads: a script is long when it is long in every one, so a spell of load on the
    // machine (another process, a slow moment of the host) is not taken for the page's work, while the
    // page's own work shows in each. Once no script has been long in every load so far, none can be
    // long in all three, and the page has passed.
    const key = (run: ScriptRun) => `${run.type} ${run.invoker} ${run.source}`;
    const longest = (runs: ScriptRun[], script: string) =>
      Math.max(0, ...runs.filter((run) => key(run) === script).map((run) => run.duration));
    // Each script's longest run in each load (ms), for the message when one is long in all of them.
    const longInEvery = (loads: ScriptRun[][]) =>
      [...new Set(loads.flat().map(key))]
        .map((script) => ({ script, loads: loads.map((runs) => Math.round(longest(runs, script))) }))
        .filter((entry) => Math.min(...entry.loads) > LONG_TASK_MS);
    const loads: ScriptRun[][] = [];
    let long: ReturnType<typeof longInEvery> = [];
    do {
      loads.push(await scriptRuns(browser, path));
      long = longInEvery(loads);
    } while (long.length > 0 && loads.length < 3);
    expect(long, JSON.stringify(long)).toEqual([]);
  });
}
