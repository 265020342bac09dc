import { test as base, expect, type Page } from "@playwright/test";
import axe from "axe-core";

/** Pages the sitemap lists, as paths, plus pages kept out of it on purpose. */
export async function sitePaths(request: import("@playwright/test").APIRequestContext): Promise<string[]> {
  const index = await (await request.get("/sitemap-index.xml")).text();
  const sitemaps = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? "").pathname);
  const paths: string[] = [];
  for (const sitemap of sitemaps) {
    const xml = await (await request.get(sitemap)).text();
    paths.push(...[...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? "").pathname));
  }
  return paths;
}

/** Collects console errors and failed requests, so a test can assert a page loaded cleanly. */
export function watchForErrors(page: Page) {
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(`console: ${msg.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`page error: ${error.message}`));
  page.on("requestfailed", (request) => {
    // Requests still in flight when the page navigates away are cancelled, not failed.
    if (request.failure()?.errorText === "net::ERR_ABORTED") return;
    errors.push(`request failed: ${request.url()} ${request.failure()?.errorText}`);
  });
  page.on("response", (response) => {
    if (response.status() >= 400 && response.request().resourceType() !== "document") {
      errors.push(`HTTP ${response.status()}: ${response.url()}`);
    }
  });
  return errors;
}

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * axe-core's WCAG 2.2 A and AA rules, run in the page itself: the engine is injected once per document
 * (evaluate is not bound by the page's CSP) and runs in one pass, with no extra page to merge results.
 */
export async function axeViolations(page: Page) {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(async (tags) => {
    const engine = (window as unknown as { axe: typeof axe }).axe;
    const results = await engine.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(" ")),
    }));
  }, AXE_TAGS);
  return violations;
}

const CONSENT_KEY = "aural.analytics-consent";

/**
 * Tests start with the analytics question answered ("denied"), so the consent banner does not cover
 * what they click; the analytics and accessibility tests set `consentChoice: null` to see the banner.
 * A choice made during a test is kept (the init script only fills in a missing one).
 */
export const test = base.extend<{ consentChoice: "granted" | "denied" | null }>({
  consentChoice: ["denied", { option: true }],
  context: async ({ context, consentChoice }, use) => {
    if (consentChoice) {
      await context.addInitScript(
        ([key, choice]) => {
          try {
            if (!localStorage.getItem(key)) localStorage.setItem(key, JSON.stringify({ choice, at: Date.now() }));
          } catch {}
        },
        [CONSENT_KEY, consentChoice] as const,
      );
    }
    await use(context);
  },
});

export { expect };
