import { sitemapPaths } from "../support/dist";
import { expect, sitePaths, test, watchForErrors } from "./fixtures";

test.describe("every page in the sitemap", () => {
  test("the sitemap lists the public pages and leaves out private ones", async ({ request }) => {
    const paths = await sitePaths(request);
    expect(paths).toEqual(expect.arrayContaining(["/", "/about"]));
    expect(paths.filter((p) => /^\/(admin|auth|404)/.test(p))).toEqual([]);
  });

  for (const path of sitemapPaths()) {
    test(`${path} loads with status 200, a heading and no console errors @phone`, async ({ page }) => {
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
    });
  }
});

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
