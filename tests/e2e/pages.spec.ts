import type { Page, Request } from "@playwright/test";
import { localePath, TRANSLATED_LOCALES } from "../../src/i18n/locales";
import { sitemapPaths } from "../support/dist";
import { axeViolations, expect, sitePaths, test, watchForErrors } from "./fixtures";

/** One page of every template: home, about, gallery, spaces (list, page, aspect), learning (index and both kinds), products (overview and a product), forms, result pages, calculator, document library. */
const TEMPLATES = [
  "/",
  "/about",
  "/gallery",
  "/spatial-solutions",
  "/private-spaces",
  "/private-spaces/living-room",
  "/private-spaces/living-room/optimal-levels",
  "/public-spaces/libraries",
  "/learning",
  "/learning/room-acoustics",
  "/learning/acoustic-elements",
  "/products",
  "/products/aural-solution",
  "/contact",
  "/contact/sent",
  "/samples",
  "/samples/too-many",
  "/tools/room-acoustics-calculator",
  "/downloads",
  "/guides/z-clips",
];

test.describe("every page in the sitemap", () => {
  test("the sitemap lists the public pages and leaves out private ones", async ({ request }) => {
    const paths = await sitePaths(request);
    expect(paths).toEqual(expect.arrayContaining(["/", "/about"]));
    expect(paths.filter((p) => /^\/(admin|auth|404)/.test(p))).toEqual([]);
  });

  // Every English page loads cleanly and axe (WCAG 2.2 A and AA) finds nothing on it. On a phone every
  // page (where words and tables overflow first), a section of the site per test; on the desktop one
  // page of each template, since pages of a template share their layout. One browser page visits them
  // in turn, and a failure names the path. Reduced motion shows every section in its final state;
  // mid-fade opacity would skew contrast.
  test.describe("English", () => {
    test.use({ reducedMotion: "reduce" });
    const english = sitemapPaths().filter((p) => !translated(p));
    const sections: [string, (path: string) => boolean][] = [
      ["public spaces pages", (p) => p.startsWith("/public-spaces")],
      ["private spaces pages", (p) => p.startsWith("/private-spaces")],
      ["product and learning pages", (p) => /^\/(products|learning)(\/|$)/.test(p)],
      ["the other pages", () => true],
    ];
    const bySection = new Map<string, string[]>(sections.map(([name]) => [name, []]));
    for (const path of english) bySection.get(sections.find(([, has]) => has(path))?.[0] ?? "")?.push(path);
    for (const [name, paths] of bySection) {
      test(`${name} (${paths.length}) load with status 200, a heading, no console errors, fit the screen and have no axe violations @phone-only`, async ({
        page,
      }) => {
        test.setTimeout(10_000 * paths.length);
        const watch = watching(page);
        for (const path of paths) await checksCleanly(page, path, watch);
      });
    }
    test(`one page of each template (${TEMPLATES.length}) loads cleanly and has no axe violations at desktop width`, async ({
      page,
    }) => {
      test.setTimeout(10_000 * TEMPLATES.length);
      expect(
        TEMPLATES.filter((path) => !english.includes(path)),
        "templates missing from the sitemap",
      ).toEqual([]);
      const watch = watching(page);
      for (const path of TEMPLATES) await checksCleanly(page, path, watch);
    });
  });

  // The translated pages (about 160) have the English pages' markup with their own words. Each loads
  // cleanly and fits a phone (long Finnish and Estonian words would break the layout there); axe
  // checks one page of every template in every language on the way.
  test.describe("translated", () => {
    test.use({ reducedMotion: "reduce" });
    for (const locale of TRANSLATED_LOCALES) {
      const pages = sitemapPaths().filter((p) => p === `/${locale}` || p.startsWith(`/${locale}/`));
      const templates = new Set(TEMPLATES.map((template) => localePath(locale, template)));
      test(`${locale}: all ${pages.length} pages load with status 200, one h1, no errors, and fit a phone; axe finds nothing on one of each template @phone-only`, async ({
        page,
      }) => {
        test.setTimeout(240_000);
        const errors = watchForErrors(page);
        const checked = new Set<string>();
        for (const path of pages) {
          // The English sweep waits for every photo; here the words and the layout are what differ, so
          // the page is measured once its markup and fonts are in.
          const response = await page.goto(path, { waitUntil: "domcontentloaded" });
          await page.evaluate(() => document.fonts.ready.then(() => undefined));
          expect(response?.status(), path).toBe(200);
          await expect(page.locator("h1"), path).toHaveCount(1);
          const [width, viewport] = await page.evaluate(() => [
            document.documentElement.scrollWidth,
            document.documentElement.clientWidth,
          ]);
          expect(width, `${path}: page width vs viewport`).toBeLessThanOrEqual(viewport ?? 0);
          if (templates.has(path)) {
            expect.soft(await axeViolations(page), `${path}: axe violations`).toEqual([]);
            checked.add(path);
          }
        }
        expect(errors).toEqual([]);
        // Every template's page is in the sitemap, so none goes unchecked.
        expect([...templates].filter((path) => !checked.has(path))).toEqual([]);
      });
    }
  });
});

/** Pages under a translated language's prefix (/et, /fi, /sv). */
function translated(path: string) {
  return TRANSLATED_LOCALES.some((l) => path === `/${l}` || path.startsWith(`/${l}/`));
}

/**
 * Status 200, one h1, header and footer, every lazy image loaded, no errors, nothing wider than the
 * screen, and no axe violations: each checked softly with the path named, so one visit through a section
 * reports every page that fails.
 */
async function checksCleanly(page: Page, path: string, { errors, pending }: ReturnType<typeof watching>) {
  const response = await page.goto(path);
  expect.soft(response?.status(), path).toBe(200);
  await expect.soft(page.locator("h1"), path).toHaveCount(1);
  await expect.soft(page.locator("header").first(), path).toBeVisible();
  await expect.soft(page.locator("footer"), path).toBeVisible();
  // Scroll through so lazy images load too, then wait until every request has ended and every image
  // on show has loaded (a hidden slide's lazy image waits for its turn).
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 30));
    }
  });
  await expect
    .poll(
      async () =>
        pending.size +
        (await page.evaluate(() => [...document.images].filter((i) => !i.complete && i.checkVisibility()).length)),
      {
        message: `${path}: requests and images still loading`,
        intervals: [50],
        // Two browsers share the machine's two cores with the preview: the gallery's photos on a
        // phone can take more than the default 5 s to arrive, and every one must.
        timeout: 15_000,
      },
    )
    .toBe(0);
  // Nothing is wider than the screen: a page that scrolls sideways on a phone is broken.
  const widths = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect.soft(widths[0], `${path}: page width vs viewport`).toBeLessThanOrEqual(widths[1] ?? 0);
  expect.soft(await axeViolations(page), `${path}: axe violations`).toEqual([]);
  expect.soft(errors.splice(0), `${path}: errors while loading`).toEqual([]);
}

/** The page's errors (taken by each check) and the requests it has started and not yet ended. */
function watching(page: Page) {
  const pending = new Set<Request>();
  page.on("request", (request) => pending.add(request));
  page.on("requestfinished", (request) => pending.delete(request));
  page.on("requestfailed", (request) => pending.delete(request));
  return { errors: watchForErrors(page), pending };
}

test.describe("home page", () => {
  test("has the hero, the three cards and the closing call to action", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Aesthetically Sound Solutions");
    await expect(page.getByRole("link", { name: "Explore Products" })).toHaveAttribute(
      "href",
      "/products/aural-solution",
    );
    await expect(page.getByRole("link", { name: "Request Quote" })).toHaveAttribute("href", "/contact");
    for (const card of ["Superior Sound Control", "Custom Solutions", "Premium Quality"]) {
      await expect(page.getByRole("heading", { level: 3, name: card })).toBeVisible();
    }
    await expect(page.getByRole("link", { name: "Get Started Today" })).toHaveAttribute("href", "/contact");
    await expect(page).toHaveTitle(/Aural Acoustics/);
  });
});

test.describe("about page", () => {
  test("tells the story with four values, three areas of expertise and a photo placeholder", async ({ page }) => {
    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 2, name: "Our story" })).toBeVisible();
    for (const value of ["Innovation", "Quality", "Sustainability", "Service"]) {
      await expect(page.getByRole("heading", { level: 3, name: value, exact: true })).toBeVisible();
    }
    for (const area of ["Acoustic Engineering", "Sustainable Design", "Installation Excellence"]) {
      await expect(page.getByRole("heading", { level: 3, name: area })).toBeVisible();
    }
    await expect(page.getByText(/professional photography .* coming soon/i)).toBeVisible();
  });
});
