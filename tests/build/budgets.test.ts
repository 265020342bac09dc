import { describe, expect, it } from "vitest";
import { builtPages } from "../support/dist";
import { containsFirebase, containsReact, pageCss, pageJavaScript } from "../support/page-assets";

/** Byte budgets, gzip: deterministic, so they are tests rather than benchmarks. */
const BUDGETS = {
  /** A page without an interactive island: header menus and scroll reveal only. */
  staticPageJs: 4 * 1024,
  /** Every page's CSS (one shared stylesheet today). */
  pageCss: 25 * 1024,
} as const;

/**
 * Pages with a React island, each with its own budget (gzip, all chunks the island loads): React
 * and react-dom are about 65 KB of it. A new island page must be given a budget here.
 */
const ISLAND_BUDGETS: Record<string, number> = {
  // React 65 KB + form, shared zod schema and toasts 34 KB.
  "/contact": 110 * 1024,
  // React 65 KB + lightbox 18 KB.
  "/gallery": 90 * 1024,
  // React 65 KB + Firebase Auth about 45 KB + form and toasts.
  "/auth": 140 * 1024,
  "/admin/contact-submissions": 120 * 1024,
};

const hasIsland = (html: string) => html.includes("<astro-island");

describe("byte budgets", () => {
  const pages = builtPages();

  it("has pages to measure", () => {
    expect(pages.map((p) => p.route)).toEqual(expect.arrayContaining(["/", "/about", "/404"]));
  });

  for (const page of pages.filter((p) => !hasIsland(p.html))) {
    it(`${page.route}: JavaScript within ${BUDGETS.staticPageJs} B gzip and no React`, () => {
      // What loads up front; the header's auth code is a dynamic import for returning staff only.
      const js = pageJavaScript(page.html);
      expect(js.gzip, `JS files: ${js.files.join(", ") || "(inline only)"}`).toBeLessThanOrEqual(BUDGETS.staticPageJs);
      expect(containsReact(js.text)).toBe(false);
    });
  }

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
    it(`${page.route}: CSS within ${BUDGETS.pageCss} B gzip`, () => {
      const css = pageCss(page.html);
      expect(css.files.length + (page.html.includes("<style") ? 1 : 0)).toBeGreaterThan(0);
      expect(css.gzip).toBeLessThanOrEqual(BUDGETS.pageCss);
    });
  }
});
