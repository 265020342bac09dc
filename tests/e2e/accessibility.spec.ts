import { TRANSLATED_LOCALES } from "../../src/i18n/locales";
import { sitemapPaths } from "../support/dist";
import { axeViolations, expect, test } from "./fixtures";

/** Pages under a translated language's prefix (/et, /fi, /sv): checked in pages.spec.ts, at phone width. */
const translated = (path: string) => TRANSLATED_LOCALES.some((l) => path === `/${l}` || path.startsWith(`/${l}/`));
const paths = sitemapPaths();

test.describe("accessibility (axe, WCAG 2.2 A and AA) @phone", () => {
  // Reduced motion shows every section in its final state; mid-fade opacity would skew contrast.
  test.use({ reducedMotion: "reduce" });

  for (const path of [...paths.filter((p) => !translated(p)), "/this-page-does-not-exist"]) {
    test(`${path} has no violations`, async ({ page }) => {
      await page.goto(path);
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});

test.describe("accessibility of interactive states", () => {
  test.use({ reducedMotion: "reduce" });

  test("menus have no violations while open", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("navigation", { name: "Main", exact: true }).getByText("Products").click();
    expect(await axeViolations(page)).toEqual([]);
  });

  test("an open accordion has no violations", async ({ page }) => {
    await page.goto("/learning/resonators");
    await page.locator("details[name^='faq-'] summary").first().click();
    expect(await axeViolations(page)).toEqual([]);
  });

  test("the skip link moves focus to the main content", async ({ page }) => {
    await page.goto("/about");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page.locator("#main")).toBeFocused();
  });
});
