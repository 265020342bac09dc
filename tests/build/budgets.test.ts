import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { builtPages, distDir } from "../support/dist";
import { containsFirebase, containsReact, pageCss, pageJavaScript } from "../support/page-assets";

/** Byte budgets, gzip: deterministic, so they are tests rather than benchmarks. */
const BUDGETS = {
  /** A page without an interactive island: header menus and scroll reveal only. */
  staticPageJs: 4 * 1024,
  /** Every page's CSS (one shared stylesheet, inlined into each page so nothing blocks the first paint). */
  pageCss: 25 * 1024,
  /** Every page's HTML, its inlined CSS included. */
  pageHtml: 30 * 1024,
  /** The consent banner's script, on every page (its own chunk; the preload helper is shared). */
  consentJs: 1.25 * 1024,
  /** Page-view tracking loaded after Accept, with the local sink (no measurement id), and its imports. */
  analyticsJs: 2 * 1024,
  /** Firebase app and Analytics loaded after Accept when a measurement id is set (then gtag.js follows). */
  firebaseAnalyticsJs: 16 * 1024,
} as const;

/**
 * Pages with a React island, each with its own budget (gzip, all chunks the island loads): React
 * and react-dom are about 65 KB of it. A new island page must be given a budget here.
 */
const ISLAND_BUDGETS: Record<string, number> = {
  // React 65 KB + form, shared zod schema and toasts 34 KB.
  "/contact": 110 * 1024,
  // React 65 KB + the sample form, its shared zod schema and toasts, like /contact: 110.2 KB measured.
  "/samples": 112 * 1024,
  // React 65 KB + lightbox 18 KB.
  "/gallery": 90 * 1024,
  // React 65 KB + Firebase Auth about 45 KB + form and toasts.
  "/auth": 140 * 1024,
  // React 65 KB + Firebase Auth + the inbox (tabs, search, dialog, tools, audit log): 122 KB measured.
  "/admin/contact-submissions": 125 * 1024,
};

const gzipSize = (url: string) => gzipSync(readFileSync(join(distDir, url)), { level: 9 }).length;

/**
 * Pages whose interactive part is a small custom element rather than a React island, each with its
 * own budget (gzip, everything the page loads): the calculator's form, maths, chart and URL state.
 */
const SCRIPT_BUDGETS: Record<string, number> = {
  "/tools/room-acoustics-calculator": 9 * 1024,
};

/**
 * The calculator's PDF report (PDF writer, font engine, the shared drawing code), gzip: a dynamic
 * import on 'Download report (PDF)', so it never counts towards the page's up-front budget above.
 */
const CALCULATOR_REPORT_JS = 230 * 1024;

const hasIsland = (html: string) => html.includes("<astro-island");

describe("byte budgets", () => {
  const pages = builtPages();

  it("has pages to measure", () => {
    expect(pages.map((p) => p.route)).toEqual(expect.arrayContaining(["/", "/about", "/404"]));
  });

  for (const page of pages.filter((p) => !hasIsland(p.html) && !(p.route in SCRIPT_BUDGETS))) {
    it(`${page.route}: JavaScript within ${BUDGETS.staticPageJs} B gzip and no React`, () => {
      // What loads up front; the header's auth code is a dynamic import for returning staff only.
      const js = pageJavaScript(page.html);
      expect(js.gzip, `JS files: ${js.files.join(", ") || "(inline only)"}`).toBeLessThanOrEqual(BUDGETS.staticPageJs);
      expect(containsReact(js.text)).toBe(false);
    });
  }

  for (const [route, budget] of Object.entries(SCRIPT_BUDGETS)) {
    it(`${route}: JavaScript within its stated ${budget} B gzip, and no React`, () => {
      const page = pages.find((p) => p.route === route);
      expect(page, `${route} is not built`).toBeDefined();
      const js = pageJavaScript(page?.html ?? "");
      expect(js.gzip).toBeLessThanOrEqual(budget);
      expect(js.gzip).toBeGreaterThan(BUDGETS.staticPageJs / 2);
      expect(containsReact(js.text)).toBe(false);
    });
  }

  it(`calculator: the PDF report loads only when asked for, within ${CALCULATOR_REPORT_JS} B gzip`, () => {
    const page = pages.find((p) => p.route === "/tools/room-acoustics-calculator");
    const upFront = pageJavaScript(page?.html ?? "");
    const report = readdirSync(join(distDir, "_astro")).find((f) => /^report\.[\w-]+\.js$/.test(f)) ?? "";
    expect(report, "no report chunk in the build").not.toBe("");
    expect(upFront.files).not.toContain(`/_astro/${report}`);
    expect(upFront.text).not.toContain("%PDF-");
    expect(upFront.text).toMatch(new RegExp(`import\\(\\s*[\`"']\\./${report.replace(/\./g, "\\.")}`));
    const onClick = pageJavaScript(`<script type="module" src="/_astro/${report}"></script>`);
    expect(onClick.text).toContain("%PDF-");
    expect(onClick.gzip).toBeLessThanOrEqual(CALCULATOR_REPORT_JS);
  });

  for (const page of pages.filter((p) => hasIsland(p.html))) {
    it(`${page.route}: island JavaScript within its stated budget`, () => {
      const budget = ISLAND_BUDGETS[page.route];
      expect(budget, `no budget stated for ${page.route}`).toBeDefined();
      expect(pageJavaScript(page.html, { includeDynamic: true }).gzip).toBeLessThanOrEqual(budget ?? 0);
    });
  }

  it("loads no Firebase code up front on public pages", () => {
    const publicPages = pages.filter((p) => !/^\/(auth|admin)/.test(p.route));
    const withFirebase = publicPages.filter((p) => containsFirebase(pageJavaScript(p.html).text)).map((p) => p.route);
    expect(withFirebase).toEqual([]);
    // The auth pages do load it, which shows the check can see it.
    expect(containsFirebase(pageJavaScript(pages.find((p) => p.route === "/auth")?.html ?? "").text)).toBe(true);
  });

  describe("analytics", () => {
    const home = pages.find((p) => p.route === "/")?.html ?? "";
    const chunk = (prefix: string) => {
      const file = readdirSync(join(distDir, "_astro")).find((f) => f.startsWith(prefix) && f.endsWith(".js"));
      expect(file, `no ${prefix} chunk in the build`).toBeDefined();
      return `/_astro/${file}`;
    };
    const moduleBytes = (url: string) => pageJavaScript(`<script type="module" src="${url}"></script>`);

    it(`consent banner script within ${BUDGETS.consentJs} B gzip, on every page`, () => {
      const banner = chunk("ConsentBanner");
      expect(gzipSize(banner)).toBeLessThanOrEqual(BUDGETS.consentJs);
      expect(pages.filter((p) => !p.html.includes(banner)).map((p) => p.route)).toEqual([]);
    });

    it("loads no analytics code before consent: tracking is a dynamic import of the banner", () => {
      const upFront = pageJavaScript(home);
      expect(upFront.files.some((f) => /\/(analytics|firebase-analytics)\./.test(f))).toBe(false);
      expect(upFront.text).not.toContain("page_view");
      const tracking = chunk("analytics.").split("/").pop() ?? "";
      expect(readFileSync(join(distDir, chunk("ConsentBanner")), "utf8")).toMatch(
        new RegExp(`import\\(\\s*[\`"']\\./${tracking.replace(/\./g, "\\.")}`),
      );
    });

    it(`tracking loaded after Accept within ${BUDGETS.analyticsJs} B gzip (local sink)`, () => {
      const tracking = moduleBytes(chunk("analytics."));
      expect(tracking.gzip).toBeLessThanOrEqual(BUDGETS.analyticsJs);
      expect(tracking.text).toContain("aural.analytics-sink");
    });

    it(`Firebase Analytics, loaded after Accept when configured, within ${BUDGETS.firebaseAnalyticsJs} B gzip`, () => {
      const firebase = moduleBytes(chunk("firebase-analytics."));
      expect(firebase.text).toContain("googletagmanager.com/gtag/js");
      expect(firebase.gzip).toBeLessThanOrEqual(BUDGETS.firebaseAnalyticsJs);
    });
  });

  it("loads the lightbox on the gallery page only", () => {
    const withLightbox = pages
      .filter((p) => pageJavaScript(p.html, { includeDynamic: true }).text.includes("yarl__"))
      .map((p) => p.route);
    expect(withLightbox).toEqual(["/gallery"]);
  });

  it("states budgets only for pages that have an island", () => {
    const islandRoutes = pages.filter((p) => hasIsland(p.html)).map((p) => p.route);
    expect(Object.keys(ISLAND_BUDGETS).sort()).toEqual(islandRoutes.sort());
  });

  for (const page of pages) {
    it(`${page.route}: HTML within ${BUDGETS.pageHtml} B gzip`, () => {
      expect(gzipSync(page.html, { level: 9 }).length).toBeLessThanOrEqual(BUDGETS.pageHtml);
    });

    it(`${page.route}: CSS within ${BUDGETS.pageCss} B gzip`, () => {
      const css = pageCss(page.html);
      expect(css.files.length + (page.html.includes("<style") ? 1 : 0)).toBeGreaterThan(0);
      expect(css.gzip).toBeLessThanOrEqual(BUDGETS.pageCss);
    });
  }
});
