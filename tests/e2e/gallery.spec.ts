import { expect, test, watchForErrors } from "./fixtures";

const sections = ["Veneered Panels", "Grooved Panels", "Perforated Panels", "Felt Panels"];

test.describe("gallery", () => {
  test("shows the four sections in order as a plain HTML grid, with a Get in Touch link @phone", async ({ page }) => {
    await page.goto("/gallery");
    await expect(page.locator("[data-gallery]").getByRole("heading", { level: 2 })).toHaveText(sections);
    const felt = page.locator("[data-gallery-section-block='felt-panels'] img");
    await expect(felt).toHaveCount(5);
    await expect(felt.first()).toHaveAttribute("alt", /\w{3,}/);
    await expect(page.getByRole("link", { name: "Get in Touch" })).toHaveAttribute("href", "/contact");
  });

  test("lays the grid out in 1, 2 or 3 columns by width @phone", async ({ page }) => {
    await page.goto("/gallery");
    const columns = () =>
      page
        .locator("[data-gallery-section-block='felt-panels'] ul")
        .evaluate((ul) => getComputedStyle(ul).gridTemplateColumns.split(" ").length);
    for (const [width, expected] of [
      [390, 1],
      [800, 2],
      [1280, 3],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      expect(await columns()).toBe(expected);
    }
  });

  test("opens at the clicked image, wraps both ways, closes on Escape and returns focus", async ({ page }) => {
    const errors = watchForErrors(page);
    await page.goto("/gallery");
    await expect(page.locator("html[data-gallery-ready]")).toBeAttached();
    const links = page.locator("a[data-gallery-section='felt-panels']");
    const total = await links.count();
    await links.nth(2).click();
    const dialog = page.getByRole("dialog", { name: "Image viewer" });
    await expect(dialog).toBeVisible();
    const counter = dialog.locator("[data-lightbox-counter]");
    await expect(counter).toHaveText(`3 / ${total}`);
    const image = dialog.locator("img");
    await expect(image).toHaveAttribute("alt", /\w/);
    // The large file of the clicked link, loaded and shown.
    expect(await image.getAttribute("src")).toBe(await links.nth(2).getAttribute("href"));
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(page.getByRole("button", { name: "Previous image" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Next image" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Close" })).toBeVisible();
    // Focus is inside the lightbox.
    expect(await page.evaluate(() => document.activeElement?.closest("dialog[open]") !== null)).toBe(true);

    // One key at a time: each move finishes before the next.
    for (let i = 4; i <= total; i++) {
      await page.keyboard.press("ArrowRight");
      await expect(counter).toHaveText(`${i} / ${total}`);
    }
    await page.keyboard.press("ArrowRight");
    await expect(counter).toHaveText(`1 / ${total}`);
    await page.keyboard.press("ArrowLeft");
    await expect(counter).toHaveText(`${total} / ${total}`);
    await page.getByRole("button", { name: "Next image" }).click();
    await expect(counter).toHaveText(`1 / ${total}`);

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(links.nth(2)).toBeFocused();
    expect(errors).toEqual([]);
  });

  test("locks page scrolling while open", async ({ page }) => {
    await page.goto("/gallery");
    await expect(page.locator("html[data-gallery-ready]")).toBeAttached();
    await page.locator("a[data-gallery-section='grooved-panels']").first().click();
    await expect(page.getByRole("dialog", { name: "Image viewer" })).toBeVisible();
    const before = await page.evaluate(() => window.scrollY);
    await page.mouse.wheel(0, 1500);
    await page.keyboard.press("PageDown");
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => window.scrollY)).toBe(before);
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe("hidden");
    await page.getByRole("button", { name: "Close" }).click();
    await expect(page.getByRole("dialog", { name: "Image viewer" })).toBeHidden();
    await page.mouse.wheel(0, 800);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before);
  });

  test("without JavaScript an image link opens the full image", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/gallery");
    const href = await page.locator("a[data-gallery-section='veneered-panels']").first().getAttribute("href");
    expect(href).toMatch(/^\/_astro\/.+\.webp$/);
    const response = await page.request.get(href ?? "");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("image/webp");
    await context.close();
  });
});
