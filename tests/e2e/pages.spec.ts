import { localePath, TRANSLATED_LOCALES } from "../../src/i18n/locales";
import { sitemapPaths } from "../support/dist";
import { axeViolations, expect, sitePaths, test, watchForErrors } from "./fixtures";

/** One page of every template: home, about, gallery, spaces (list, page, aspect), learning (index and both kinds), products (overview and a product), forms, result pages, calculator. */
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
];

test.describe("every page in the sitemap", () => {
  test("the sitemap lists the public pages and leaves out private ones", async ({ request }) => {
    const paths = await sitePaths(request);
    expect(paths).toEqual(expect.arrayContaining(["/", "/about"]));
    expect(paths.filter((p) => /^\/(admin|auth|404)/.test(p))).toEqual([]);
  });

  // Every English page in one visit: it loads cleanly and axe (WCAG 2.2 A and AA) finds nothing. On a
  // phone every page (where words and tables overflow first); on the desktop one page of each template,
  // since pages of a template share their layout. Reduced motion shows every section in its final
  // state; mid-fade opacity would skew contrast.
  test.describe("English", () => {
    test.use({ reducedMotion: "reduce" });
    for (const path of sitemapPaths().filter((p) => !translated(p))) {
      const widths = TEMPLATES.includes(path) ? "@phone" : "@phone-only";
      test(`${path} loads with status 200, a heading, no console errors and no axe violations ${widths}`, async ({
        page,
      }) => {
        await loadsCleanly(page, path);
        expect(await axeViolations(page)).toEqual([]);
      });
    }
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
          const response = await page.goto(path);
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

/** Status 200, one h1, header and footer, every lazy image loaded, no errors, nothing wider than the screen. */
async function loadsCleanly(page: import("@playwright/test").Page, path: string) {
  const errors = watchForErrors(page);
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await expect(page.locator("h1")).toHaveCount(1);
  await expect(page.locator("header").first()).toBeVisible();
  await expect(page.locator("footer")).toBeVisible();
  // Scroll through so lazy images load too, then check nothing failed.
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 30));
    }
  });
  await page.waitForLoadState("networkidle");
  expect(errors).toEqual([]);
  // Nothing is wider than the screen: a page that scrolls sideways on a phone is broken.
  const widths = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(widths[0], "page width vs viewport").toBeLessThanOrEqual(widths[1] ?? 0);
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
