import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { LOCALES, localePath, splitLocale } from "../../src/i18n/locales";
import { builtPages, distDir } from "../support/dist";
import {
  containsFirebase,
  containsReact,
  type OnDemand,
  onDemandJavaScript,
  pageCss,
  pageJavaScript,
} from "../support/page-assets";

/** Byte budgets, gzip: deterministic, so they are tests rather than benchmarks. */
const BUDGETS = {
  /** A page without an interactive island: header menus and scroll reveal only. */
  staticPageJs: 4 * 1024,
  /**
   * Every page's CSS: the site stylesheet cut to the utilities the page can use (integrations/post-build/cut-styles.mjs),
   * inlined so that nothing blocks the first paint. The admin inbox uses the most.
   */
  pageCss: 9 * 1024,
  /**
   * The gallery up front, before a visitor shows intent: no React, no lightbox. At most what it loaded
   * with its former custom-element lightbox (4,341 B), the island runtime and its directive included.
   */
  galleryJs: 4341,
  /** Every page's HTML, its inlined CSS included. */
  pageHtml: 30 * 1024,
  /** The consent banner's script, on every page: what a press needs at once (store the choice, close). */
  consentJs: 0.75 * 1024,
  /**
   * What a choice does (start or stop analytics, reopen the banner), loaded on its first use; counted
   * with the banner's chunk, whose constants it imports.
   */
  consentChoicesJs: 1.5 * 1024,
  /** Page-view tracking loaded after Accept, with the local sink (no measurement id), and its imports. */
  analyticsJs: 2 * 1024,
  /** Firebase app and Analytics loaded after Accept when a measurement id is set (then gtag.js follows). */
  firebaseAnalyticsJs: 16 * 1024,
  /**
   * A content page's HTML, brotli at the preview's quality 5: the first round trip of a new connection
   * carries 10 TCP segments (about 14.6 KB), and the response headers take the rest. A page that fits
   * is drawn after one round trip of data, on slow 4G 150 ms sooner than one that needs two.
   */
  firstRoundTripHtml: 13.5 * 1024,
  /** A product page's HTML (brotli 5): its photo viewer lists every photo in three formats and sizes. */
  productPageHtml: 17.5 * 1024,
} as const;

/**
 * Pages whose HTML is not held to the first round trip: product pages, the gallery, forms, tools,
 * staff, and the document library, a list of every product's files that grows with each of them.
 */
const LARGER_HTML = /^\/(products|gallery|contact|samples|tools|admin|downloads)(\/|$)/;

const brotliSize = (html: string) =>
  brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }).length;

/**
 * Pages with a React island, each with its own budget (gzip): everything the page can load, islands,
 * their lazy parts (toasts) and imports of imports included. React and react-dom are about 60 KB of
 * each. A new island page must be given a budget here.
 */
const ISLAND_BUDGETS: Record<string, number> = {
  // React + the form, its zod/mini schema, the toasts and the proof of work's solver (its worker too).
  "/contact": 90 * 1024,
  // React + the sample form, its zod/mini schema, the toasts and the proof of work's solver.
  "/samples": 90 * 1024,
  // React + the inbox (tabs, search, dialog, tools, audit log); signed in by the session cookie, so
  // Firebase Auth is loaded only to renew it (on demand, below).
  "/admin/contact-submissions": 105 * 1024,
  // Up front only: the island runtime and its client:intent directive (inline) with the header's and
  // the consent banner's scripts. The lightbox itself loads on the first sign of intent (on demand, below).
  "/gallery": BUDGETS.galleryJs,
};

const gzipSize = (url: string) => gzipSync(readFileSync(join(distDir, url)), { level: 9 }).length;

/**
 * Pages whose interactive part is a small custom element rather than a React island, each with its
 * own budget (gzip, everything the page can load up front): the calculator's element, which only wires
 * its controls (its maths, drawing and URL state, and the report, are on demand, below); the product
 * overview's sort and filters.
 */
const SCRIPT_BUDGETS: Record<string, number> = {
  "/tools/room-acoustics-calculator": 5 * 1024,
  // The comparison table's sort, filters and their URL state (about 1.3 KB of it).
  "/products": 6 * 1024,
  // Firebase Auth, the sign-in form's script, its zod/mini schema and the toasts.
  "/auth": 105 * 1024,
};

/** A chunk named `<name>.<hash>.js` in the build. */
const chunkNamed = (name: string) => (url: string) => new RegExp(`^/_astro/${name}\\.[\\w-]+\\.js$`).test(url);

/**
 * Chunks a page loads only on a person's action or state, each measured apart with everything it
 * imports, against its own budget (gzip): the pages' budgets above would otherwise be spent on code
 * most visitors never load. Any other dynamic import counts towards its page.
 */
const ON_DEMAND = [
  {
    name: "the calculator's PDF report, on 'Download report (PDF)'",
    matches: chunkNamed("report"),
    budget: 230 * 1024,
    pages: { via: "the calculator's live result, on the first focus or use of its form, or for a shared room" },
  },
  {
    name: "the calculator's live result, on the first focus or use of its form, or for a shared room",
    matches: chunkNamed("live-result"),
    budget: 8 * 1024,
    pages: ["/tools/room-acoustics-calculator"],
  },
  {
    name: "the calculator's 'Hear the room', on the first press of a Listen button or a WAV link",
    // Its player and WAV writer, and the worker that builds the impulse responses.
    matches: chunkNamed("listen"),
    budget: 8 * 1024,
    pages: { via: "the calculator's live result, on the first focus or use of its form, or for a shared room" },
  },
  {
    // Its island: the component with yet-another-react-lightbox and its plugins, Astro's React renderer,
    // and the React chunk the forms load too.
    name: "the gallery's lightbox, on the first sign of intent (a pointer on a photo, focus, a key)",
    matches: chunkNamed("GalleryLightbox"),
    budget: 92 * 1024,
    pages: ["/gallery"],
  },
  {
    name: "the header's staff links, for someone who signed in on this browser before",
    matches: chunkNamed("header-auth"),
    budget: 50 * 1024,
    pages: "every",
  },
  {
    name: "Firebase Auth on the admin page, to renew the session cookie after its hour",
    matches: chunkNamed("fresh-token"),
    budget: 40 * 1024,
    pages: ["/admin/contact-submissions"],
  },
  {
    name: "the site search's dialog, on the header's Search or Ctrl/Cmd-K (Pagefind's own files follow it)",
    matches: chunkNamed("site-search"),
    budget: 3 * 1024,
    pages: "every",
  },
  {
    name: "the consent banner's choices, on a press of its buttons or 'Cookie settings', or a stored Accept",
    // Starting or stopping analytics, removing its cookies, reopening the banner with the choice made.
    matches: chunkNamed("consent-choices"),
    budget: BUDGETS.consentChoicesJs,
    pages: "every",
  },
  {
    name: "page-view tracking, after Accept (local sink)",
    matches: chunkNamed("analytics"),
    budget: BUDGETS.analyticsJs,
    pages: { via: "the consent banner's choices, on a press of its buttons or 'Cookie settings', or a stored Accept" },
  },
  {
    name: "Firebase Analytics, after Accept when a measurement id is set (then gtag.js follows)",
    matches: chunkNamed("firebase-analytics"),
    budget: BUDGETS.firebaseAnalyticsJs,
    // Only when a measurement id is built in: without one the tracking chunk has no import of it.
    pages: { via: "page-view tracking, after Accept (local sink)", ifConfigured: "measurementId" },
  },
] as const satisfies readonly (OnDemand & {
  budget: number;
  pages: string[] | "every" | { via: string; ifConfigured?: string };
})[];

/**
 * The budgets hold in every language: a page under /et, /fi or /sv has the budget of its English page
 * (the staff pages exist in English only).
 */
const budgetRoute = (route: string) => splitLocale(route).path;
const inEveryLanguage = (route: string) =>
  /^\/(admin|auth)(\/|$)/.test(route) ? [route] : LOCALES.map((locale) => localePath(locale, route));

const pageBytes = (html: string) => pageJavaScript(html, { includeDynamic: true, onDemand: [...ON_DEMAND] });
const chunkFile = (entry: OnDemand) =>
  readdirSync(join(distDir, "_astro"))
    .map((f) => `/_astro/${f}`)
    .find((url) => entry.matches(url));

const hasIsland = (html: string) => html.includes("<astro-island");
/** The renderer that loads with an island's component, from the page that has the island. */
const islandRenderer = (componentUrl: string, pages: { html: string }[]) =>
  pages
    .flatMap((p) => [...p.html.matchAll(/<astro-island\b[^>]*>/g)].map((m) => m[0]))
    .filter((tag) => tag.includes(`component-url="${componentUrl}"`))
    .map((tag) => /\brenderer-url="([^"]+)"/.exec(tag)?.[1] ?? "")
    .filter(Boolean)
    .slice(0, 1);

/** Whether the build has a value for a Firebase web setting (an empty one is written as ``). */
const configured = (setting: string) =>
  readdirSync(join(distDir, "_astro"))
    .filter((f) => f.endsWith(".js"))
    .some((f) => new RegExp(`${setting}\`\\s*,\\s*\`[^\`]+\``).test(readFileSync(join(distDir, "_astro", f), "utf8")));

describe("byte budgets", () => {
  const pages = builtPages();

  it("has pages to measure", () => {
    expect(pages.map((p) => p.route)).toEqual(expect.arrayContaining(["/", "/about", "/404"]));
  });

  for (const page of pages.filter((p) => !hasIsland(p.html) && !(budgetRoute(p.route) in SCRIPT_BUDGETS))) {
    it(`${page.route}: JavaScript within ${BUDGETS.staticPageJs} B gzip and no React`, () => {
      const js = pageBytes(page.html);
      expect(js.gzip, `JS files: ${js.files.join(", ") || "(inline only)"}`).toBeLessThanOrEqual(BUDGETS.staticPageJs);
      expect(containsReact(js.text)).toBe(false);
    });
  }

  for (const [route, budget] of Object.entries(SCRIPT_BUDGETS).flatMap(([english, bytes]) =>
    inEveryLanguage(english).map((r) => [r, bytes] as const),
  )) {
    it(`${route}: JavaScript within its stated ${budget} B gzip, and no React`, () => {
      const page = pages.find((p) => p.route === route);
      expect(page, `${route} is not built`).toBeDefined();
      const js = pageBytes(page?.html ?? "");
      expect(js.gzip).toBeLessThanOrEqual(budget);
      expect(js.gzip).toBeGreaterThan(BUDGETS.staticPageJs / 2);
      expect(containsReact(js.text)).toBe(false);
    });
  }

  for (const page of pages.filter((p) => hasIsland(p.html))) {
    it(`${page.route}: every chunk the page can load within its stated budget`, () => {
      const budget = ISLAND_BUDGETS[budgetRoute(page.route)];
      expect(budget, `no budget stated for ${page.route}`).toBeDefined();
      expect(pageBytes(page.html).gzip).toBeLessThanOrEqual(budget ?? 0);
    });
  }

  it("counts the proof of work's worker towards the public forms' budgets, and loads it nowhere else", () => {
    const solver = (route: string) =>
      pageBytes(pages.find((p) => p.route === route)?.html ?? "").files.some((f) => /\/solver\.worker[.-]/.test(f));
    for (const route of ["/contact", "/samples", "/et/contact", "/sv/samples"]) expect(solver(route), route).toBe(true);
    for (const route of ["/", "/about", "/tools/room-acoustics-calculator", "/gallery"]) {
      expect(solver(route), route).toBe(false);
    }
  });

  describe("on-demand chunks", () => {
    const reachedFrom = (pages: (typeof ON_DEMAND)[number]["pages"]) =>
      pages === "every" ? "every page" : Array.isArray(pages) ? pages.join(", ") : pages.via;
    for (const entry of ON_DEMAND) {
      it(`${entry.name}: within ${entry.budget} B gzip with all it imports, reached from ${reachedFrom(entry.pages)} only`, () => {
        const url = chunkFile(entry);
        expect(url, `no chunk for ${entry.name} in the build`).toBeDefined();
        const others = ON_DEMAND.filter((o) => o !== entry);
        const loaded = onDemandJavaScript(url ?? "", [...others], islandRenderer(url ?? "", pages));
        expect(loaded.gzip).toBeLessThanOrEqual(entry.budget);
        const reaching = pages
          .filter((p) => pageBytes(p.html).onDemandReached.includes(entry.name))
          .map((p) => p.route);
        const { pages: expected } = entry;
        if (expected === "every") expect(reaching.length).toBe(pages.length);
        else if (Array.isArray(expected))
          expect(reaching.sort()).toEqual([...expected].flatMap(inEveryLanguage).sort());
        else {
          expect(reaching).toEqual([]);
          const parent = ON_DEMAND.find((o) => o.name === expected.via);
          const parentUrl = parent ? chunkFile(parent) : undefined;
          expect(parentUrl, `no chunk for ${expected.via}`).toBeDefined();
          const fromParent = onDemandJavaScript(
            parentUrl ?? "",
            ON_DEMAND.filter((o) => o !== parent),
          );
          if ("ifConfigured" in expected && !configured(expected.ifConfigured)) {
            expect(fromParent.onDemandReached).not.toContain(entry.name);
          } else expect(fromParent.onDemandReached).toContain(entry.name);
        }
      });
    }

    it("the calculator's report is made only on click: no PDF writer up front", () => {
      const page = pages.find((p) => p.route === "/tools/room-acoustics-calculator");
      const upFront = pageBytes(page?.html ?? "");
      expect(upFront.text).not.toContain("%PDF-");
      const report = chunkFile(ON_DEMAND[0]);
      expect(onDemandJavaScript(report ?? "").text).toContain("%PDF-");
    });
  });

  it("never loads the content editor's script on a site page, up front or on demand", () => {
    const withEditor = pages.filter((p) => {
      const scripts = [pageJavaScript(p.html, { includeDynamic: true })];
      return (
        p.html.includes("/cms/") ||
        scripts.some((s) => s.files.some((f) => f.startsWith("/cms/")) || /sveltia/i.test(s.text))
      );
    });
    expect(withEditor.map((p) => p.route)).toEqual([]);
    // The editor's own page does load it, which shows what the check looks for.
    const editor = pageJavaScript(readFileSync(join(distDir, "cms/index.html"), "utf8"));
    expect(editor.files).toEqual(["/cms/sveltia-cms.js"]);
    expect(editor.text).toMatch(/sveltia/i);
  });

  it("starts on-demand code without preload links: a dynamic import names no chunks to preload", () => {
    // The bundler's preload list is a `__vite__mapDeps([...])` argument; an import that preloads
    // nothing passes `[]`. Each preload link is inserted in the task that starts the import.
    const chunks = readdirSync(join(distDir, "_astro")).filter((file) => file.endsWith(".js"));
    const code = chunks.map((file) => readFileSync(join(distDir, "_astro", file), "utf8"));
    expect(code.some((text) => /\bimport\(/.test(text))).toBe(true);
    const preloading = chunks.filter((_, i) => code[i]?.includes("__vite__mapDeps"));
    expect(preloading).toEqual([]);
  });

  it("starts on-demand code with a plain import(): no wrapper, and no helper module for one", () => {
    // Wrapped, an import reads `<helper>(() => import(...), [])` or `<helper>(async () => {...}, [])`.
    const chunks = readdirSync(join(distDir, "_astro")).filter((file) => file.endsWith(".js"));
    expect(chunks.filter((file) => file.startsWith("preload-helper"))).toEqual([]);
    const wrapped = chunks.filter((file) =>
      /\w\((async)?\(\)=>(\{[^{}]*)?import\([^)]*\)[^{}]*\}?,\[\]\)/.test(
        readFileSync(join(distDir, "_astro", file), "utf8"),
      ),
    );
    expect(wrapped).toEqual([]);
    const banner = readdirSync(join(distDir, "_astro")).find((f) => f.startsWith("ConsentBanner"));
    expect(readFileSync(join(distDir, "_astro", banner ?? ""), "utf8")).toMatch(/=>import\(`\.\/consent-choices\./);
  });

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

    it("loads no analytics code before consent: tracking is a dynamic import of the banner's choices", () => {
      const upFront = pageJavaScript(home);
      expect(upFront.files.some((f) => /\/(analytics|firebase-analytics|consent-choices)\./.test(f))).toBe(false);
      expect(upFront.text).not.toContain("page_view");
      const tracking = chunk("analytics.").split("/").pop() ?? "";
      expect(readFileSync(join(distDir, chunk("consent-choices")), "utf8")).toMatch(
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

  it("/gallery: no React until intent, and then the React chunk the forms load, not a second copy", () => {
    for (const route of inEveryLanguage("/gallery")) {
      const upFront = pageBytes(pages.find((p) => p.route === route)?.html ?? "");
      expect(upFront.gzip, route).toBeGreaterThan(BUDGETS.staticPageJs / 2);
      expect(containsReact(upFront.text), route).toBe(false);
    }
    const lightbox = chunkFile(ON_DEMAND.find((o) => o.matches("/_astro/GalleryLightbox.x.js")) ?? ON_DEMAND[0]) ?? "";
    const island = onDemandJavaScript(lightbox, [], islandRenderer(lightbox, pages));
    const withReact = (files: string[]) => files.filter((f) => containsReact(readFileSync(join(distDir, f), "utf8")));
    const formsReact = withReact(pageBytes(pages.find((p) => p.route === "/contact")?.html ?? "").files);
    expect(withReact(island.files)).toEqual(formsReact);
    expect(formsReact).toHaveLength(1);
    expect(island.text).toContain("yarl__");
  });

  it("states budgets only for pages that have an island", () => {
    const islandRoutes = pages.filter((p) => hasIsland(p.html)).map((p) => p.route);
    expect(Object.keys(ISLAND_BUDGETS).flatMap(inEveryLanguage).sort()).toEqual(islandRoutes.sort());
  });

  for (const page of pages) {
    it(`${page.route}: HTML within ${BUDGETS.pageHtml} B gzip`, () => {
      expect(gzipSync(page.html, { level: 9 }).length).toBeLessThanOrEqual(BUDGETS.pageHtml);
    });

    const route = budgetRoute(page.route);
    if (!LARGER_HTML.test(route)) {
      it(`${page.route}: HTML within ${BUDGETS.firstRoundTripHtml} B brotli, the first round trip`, () => {
        expect(brotliSize(page.html)).toBeLessThanOrEqual(BUDGETS.firstRoundTripHtml);
      });
    } else if (route.startsWith("/products/")) {
      it(`${page.route}: HTML within ${BUDGETS.productPageHtml} B brotli`, () => {
        expect(brotliSize(page.html)).toBeLessThanOrEqual(BUDGETS.productPageHtml);
      });
    }

    it(`${page.route}: CSS within ${BUDGETS.pageCss} B gzip`, () => {
      const css = pageCss(page.html);
      expect(css.files.length + (page.html.includes("<style") ? 1 : 0)).toBeGreaterThan(0);
      expect(css.gzip).toBeLessThanOrEqual(BUDGETS.pageCss);
    });
  }
});

describe("the calculator's dry sound", () => {
  it("is at most 60 KB in every language, as Opus and as MP3 for browsers without Opus", () => {
    for (const locale of LOCALES) {
      for (const type of ["opus", "mp3"]) {
        const bytes = readFileSync(join(distDir, "audio", `dry-${locale}.${type}`)).length;
        expect(bytes, `${locale} ${type}`).toBeGreaterThan(4 * 1024);
        expect(bytes, `${locale} ${type}`).toBeLessThanOrEqual(60 * 1024);
      }
    }
  });
});
