import { axeViolations, expect, test } from "./fixtures";

// Every page in the sitemap is checked by axe in pages.spec.ts, in the same visit that checks it loads.
test.describe("accessibility of the not-found page @phone", () => {
  test.use({ reducedMotion: "reduce" });

  test("/this-page-does-not-exist has no violations", async ({ page }) => {
    await page.goto("/this-page-does-not-exist");
    expect(await axeViolations(page)).toEqual([]);
  });
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
