import { expect, test } from "./fixtures";

const productLinks = [
  ["The Aural Solution", "/products/aural-solution"],
  ["Felt Panels", "/products/felt-panels"],
  ["Perforated Panels", "/products/perforated-panels"],
  ["Grooved Panels", "/products/grooved-panels"],
  ["Veneered Panels", "/products/veneered-panels"],
] as const;
const learningLinks = [
  ["The Basics of Acoustics", "/learning/room-acoustics"],
  ["Acoustic Elements", "/learning/acoustic-elements"],
] as const;
const topLinks = [
  ["Home", "/"],
  ["About Us", "/about"],
  ["Gallery", "/gallery"],
  ["Spatial Oriented Solutions", "/spatial-solutions"],
  ["Contact", "/contact"],
] as const;

test.describe("desktop header", () => {
  test("shows the full menu from the lg breakpoint and hides the mobile toggle", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main", exact: true });
    await expect(nav).toBeVisible();
    await expect(page.getByText("Menu", { exact: true })).toBeHidden();
    for (const [name, href] of topLinks) {
      await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await page.setViewportSize({ width: 1023, height: 800 });
    await expect(nav).toBeHidden();
    await expect(page.getByText("Menu", { exact: true })).toBeVisible();
  });

  test("fits without horizontal scrolling from the lg breakpoint up", async ({ page }) => {
    await page.goto("/");
    for (const width of [1024, 1280, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width}px`).toBe(width);
    }
  });

  test("marks the current page with aria-current", async ({ page }) => {
    await page.goto("/about");
    const nav = page.getByRole("navigation", { name: "Main", exact: true });
    await expect(nav.getByRole("link", { name: "About Us" })).toHaveAttribute("aria-current", "page");
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    await expect(nav.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current", /.*/);
  });

  test("dropdowns open by mouse, list their links, and only one is open at a time", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main", exact: true });
    const products = nav.locator("summary", { hasText: "Products" });
    const learning = nav.locator("summary", { hasText: "Learning Materials" });

    await expect(nav.getByRole("link", { name: "Felt Panels" })).toBeHidden();
    await products.click();
    for (const [name, href] of productLinks) {
      await expect(nav.getByRole("link", { name })).toHaveAttribute("href", href);
      await expect(nav.getByRole("link", { name })).toBeVisible();
    }
    await learning.click();
    await expect(nav.getByRole("link", { name: "Felt Panels" })).toBeHidden();
    for (const [name, href] of learningLinks) {
      await expect(nav.getByRole("link", { name })).toHaveAttribute("href", href);
    }
    // A click elsewhere closes the open dropdown.
    await page.getByRole("heading", { level: 1 }).click();
    await expect(nav.getByRole("link", { name: "The Basics of Acoustics" })).toBeHidden();
  });

  test("dropdowns open by keyboard and close on Escape, returning focus to the toggle", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main", exact: true });
    const products = nav.locator("summary", { hasText: "Products" });
    await products.focus();
    await page.keyboard.press("Enter");
    await expect(nav.getByRole("link", { name: "The Aural Solution" })).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: "The Aural Solution" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(nav.getByRole("link", { name: "The Aural Solution" })).toBeHidden();
    await expect(products).toBeFocused();
    await page.keyboard.press("Space");
    await expect(nav.getByRole("link", { name: "Grooved Panels" })).toBeVisible();
  });

  test("dropdowns open by touch", async ({ browser }) => {
    const context = await browser.newContext({ hasTouch: true, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main", exact: true });
    await nav.locator("summary", { hasText: "Learning Materials" }).tap();
    await expect(nav.getByRole("link", { name: "Acoustic Elements" })).toBeVisible();
    await context.close();
  });
});

test.describe("mobile header @phone-only", () => {
  test("hides the desktop menu and opens a collapsible menu with every link", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main", exact: true })).toBeHidden();
    const toggle = page.locator("summary", { hasText: "Menu" });
    const menu = page.getByRole("navigation", { name: "Main (mobile)" });
    await expect(menu).toBeHidden();
    await toggle.tap();
    await expect(menu).toBeVisible();
    for (const [name, href] of [...topLinks, ...productLinks, ...learningLinks]) {
      await expect(menu.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(menu.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
    await toggle.tap();
    await expect(menu).toBeHidden();
  });

  test("closes when a link is tapped", async ({ page }) => {
    await page.goto("/about");
    const menu = page.getByRole("navigation", { name: "Main (mobile)" });
    await page.locator("summary", { hasText: "Menu" }).tap();
    // The current page's own link: no navigation happens, yet the menu must close.
    await menu.getByRole("link", { name: "About Us" }).tap();
    await expect(menu).toBeHidden();
    await page.locator("summary", { hasText: "Menu" }).tap();
    await menu.getByRole("link", { name: "Home" }).tap();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("navigation", { name: "Main (mobile)" })).toBeHidden();
  });

  test("closes on Escape", async ({ page }) => {
    await page.goto("/");
    const toggle = page.locator("summary", { hasText: "Menu" });
    await toggle.tap();
    await page.getByRole("navigation", { name: "Main (mobile)" }).getByRole("link", { name: "Home" }).focus();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("navigation", { name: "Main (mobile)" })).toBeHidden();
    await expect(toggle).toBeFocused();
  });
});
