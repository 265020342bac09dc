import { axeViolations, expect, sitePaths, test } from "./fixtures";

test.describe("accessibility (axe, WCAG 2.2 A and AA)", () => {
  test("every page in the sitemap and the 404 page has no violations @phone", async ({ page, request }) => {
    const paths = [...(await sitePaths(request)), "/this-page-does-not-exist"];
    // Reduced motion shows every section in its final state; mid-fade opacity would skew contrast.
    await page.emulateMedia({ reducedMotion: "reduce" });
    for (const path of paths) {
      await page.goto(path);
      expect(await axeViolations(page), path).toEqual([]);
    }
  });

  test("menus have no violations while open", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    await page.getByRole("navigation", { name: "Main", exact: true }).getByText("Products").click();
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
