import type { Page } from "@playwright/test";
import { et } from "../../src/i18n/dictionaries/et";
import { fi } from "../../src/i18n/dictionaries/fi";
import { sv } from "../../src/i18n/dictionaries/sv";
import { axeViolations, expect, test, watchForErrors } from "./fixtures";

const sections = ["Veneered Panels", "Grooved Panels", "Perforated Panels", "Felt Panels"];
const felt = "a[data-gallery-section='felt-panels']";
/** The island's own code and the React it shares with the forms: nothing of either before intent. */
const ISLAND_CODE = /\/_astro\/(GalleryLightbox|react|client)\.[\w-]+\.js$/;

/** Shows intent (a pointer over a photo) and waits until the lightbox's island has hydrated. */
async function hydrated(page: Page) {
  await page.locator(felt).first().hover();
  await expect(page.locator("html[data-gallery-ready]")).toBeAttached();
}

test.describe("gallery", () => {
  test("shows the four sections in order as a plain HTML grid, with a Get in Touch link @phone", async ({ page }) => {
    await page.goto("/gallery");
    await expect(page.locator("[data-gallery]").getByRole("heading", { level: 2 })).toHaveText(sections);
    const photos = page.locator("[data-gallery-section-block='felt-panels'] img");
    await expect(photos).toHaveCount(5);
    await expect(photos.first()).toHaveAttribute("alt", /\w{3,}/);
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

  test("loads no lightbox code and no React until a visitor shows intent", async ({ page }) => {
    const loaded: string[] = [];
    page.on("request", (request) => loaded.push(new URL(request.url()).pathname));
    await page.goto("/gallery", { waitUntil: "load" });
    await page.waitForTimeout(500);
    expect(loaded.filter((path) => ISLAND_CODE.test(path) || path.endsWith(".css"))).toEqual([]);
    await page.locator(felt).first().hover();
    await expect(page.locator("html[data-gallery-ready]")).toBeAttached();
    expect(loaded.filter((path) => ISLAND_CODE.test(path)).length).toBe(3);
  });

  test("a click made while the code is still arriving opens the lightbox at that photo", async ({ page }) => {
    const errors = watchForErrors(page);
    let release = () => {};
    const arrived = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/_astro\/GalleryLightbox\.[\w-]+\.js$/, async (route) => {
      await arrived;
      await route.continue();
    });
    await page.goto("/gallery");
    const links = page.locator(felt);
    await links.nth(3).click();
    // Held: not followed to the bare image file, and nothing shown yet.
    await page.waitForTimeout(400);
    expect(new URL(page.url()).pathname).toBe("/gallery");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    release();
    const dialog = page.getByRole("dialog", { name: "Image viewer" });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator(".yarl__counter")).toHaveText(`4 / ${await links.count()}`);
    expect(new URL(page.url()).pathname).toBe("/gallery");
    expect(errors).toEqual([]);
  });

  test("opens at the clicked photo, wraps both ways, locks the page's scrolling, closes on Escape and returns focus", async ({
    page,
  }) => {
    const errors = watchForErrors(page);
    await page.goto("/gallery");
    await hydrated(page);
    const links = page.locator(felt);
    const total = await links.count();
    await links.nth(2).click();
    const dialog = page.getByRole("dialog", { name: "Image viewer" });
    await expect(dialog).toBeVisible();
    const counter = dialog.locator(".yarl__counter");
    await expect(counter).toHaveText(`3 / ${total}`);
    // One of the clicked link's sizes (the zoom picks the one the screen needs), loaded and shown.
    const image = dialog.locator(".yarl__slide_current img.yarl__slide_image");
    const sizes = ((await links.nth(2).getAttribute("data-srcset")) ?? "")
      .split(",")
      .map((s) => s.trim().split(" ")[0]);
    expect(sizes).toHaveLength(3);
    expect(sizes).toContain(await image.getAttribute("src"));
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // Its caption: the photo's alt text and its section.
    const alt = (await links.nth(2).locator("img").getAttribute("alt")) ?? "";
    await expect(dialog.locator(".yarl__slide_current .yarl__slide_title")).toHaveText(alt);
    await expect(dialog.locator(".yarl__slide_current .yarl__slide_description")).toHaveText("Felt Panels");
    for (const name of ["Previous image", "Next image", "Close", "Zoom in"]) {
      await expect(dialog.getByRole("button", { name })).toBeVisible();
    }
    // Focus is inside the lightbox.
    expect(await page.evaluate(() => document.activeElement?.closest("[role=dialog]") !== null)).toBe(true);

    // One key at a time: each move finishes before the next.
    for (let i = 4; i <= total; i++) {
      await page.keyboard.press("ArrowRight");
      await expect(counter).toHaveText(`${i} / ${total}`);
    }
    await page.keyboard.press("ArrowRight");
    await expect(counter).toHaveText(`1 / ${total}`);
    await page.keyboard.press("ArrowLeft");
    await expect(counter).toHaveText(`${total} / ${total}`);
    await dialog.getByRole("button", { name: "Next image" }).click();
    await expect(counter).toHaveText(`1 / ${total}`);
    await dialog.getByRole("button", { name: "Previous image" }).click();
    await expect(counter).toHaveText(`${total} / ${total}`);

    // The page behind does not scroll while it is open, and does again once it is closed.
    const before = await page.evaluate(() => window.scrollY);
    await page.mouse.wheel(0, 1500);
    await page.keyboard.press("End");
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => window.scrollY)).toBe(before);
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe("hidden");

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(links.nth(2)).toBeFocused();
    await page.mouse.wheel(0, 800);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before);
    expect(errors).toEqual([]);
  });

  test("zooms by keyboard and wheel, has thumbnails that move to their photo, and is axe-clean open", async ({
    page,
  }) => {
    await page.goto("/gallery");
    await hydrated(page);
    await page.locator(felt).first().click();
    const dialog = page.getByRole("dialog", { name: "Image viewer" });
    const zoomOut = dialog.getByRole("button", { name: "Zoom out" });
    await expect(zoomOut).toBeDisabled();
    await page.keyboard.press("+");
    await expect(zoomOut).toBeEnabled();
    await page.keyboard.press("-");
    await expect(zoomOut).toBeDisabled();
    const box = await dialog.locator(".yarl__slide_current").boundingBox();
    await page.mouse.move((box?.x ?? 0) + (box?.width ?? 0) / 2, (box?.y ?? 0) + (box?.height ?? 0) / 2);
    await page.mouse.wheel(0, -300);
    await expect(zoomOut).toBeEnabled();
    await zoomOut.click();
    await expect(zoomOut).toBeDisabled();

    const thumbnails = dialog.getByRole("navigation", { name: "Thumbnails" }).getByRole("button");
    await expect(thumbnails).toHaveCount(5);
    const last = (await page.locator(felt).nth(4).locator("img").getAttribute("alt")) ?? "";
    await thumbnails.filter({ has: page.getByAltText(last, { exact: true }) }).click();
    await expect(dialog.locator(".yarl__counter")).toHaveText("5 / 5");

    const fullscreen = await page.evaluate(() => document.fullscreenEnabled);
    await expect(dialog.getByRole("button", { name: "Full screen" })).toHaveCount(fullscreen ? 1 : 0);
    expect(await axeViolations(page)).toEqual([]);
  });

  test("zooms with a double tap on a touch screen @phone-only", async ({ page }) => {
    await page.goto("/gallery");
    const link = page.locator(felt).nth(1);
    await link.scrollIntoViewIfNeeded();
    await link.tap();
    const dialog = page.getByRole("dialog", { name: "Image viewer" });
    await expect(dialog.locator(".yarl__counter")).toHaveText("2 / 5");
    const image = dialog.locator(".yarl__slide_current img.yarl__slide_image");
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const box = await image.boundingBox();
    const x = (box?.x ?? 0) + (box?.width ?? 0) / 2;
    const y = (box?.y ?? 0) + (box?.height ?? 0) / 2;
    const zoomOut = dialog.getByRole("button", { name: "Zoom out" });
    await expect(zoomOut).toBeDisabled();
    await page.touchscreen.tap(x, y);
    await page.touchscreen.tap(x, y);
    await expect(zoomOut).toBeEnabled();
  });

  for (const [locale, t] of [
    ["et", et],
    ["fi", fi],
    ["sv", sv],
  ] as const) {
    test(`speaks the page's language: ${locale}`, async ({ page }) => {
      await page.goto(`/${locale}/gallery`);
      await hydrated(page);
      await page.locator(felt).nth(1).click();
      const dialog = page.getByRole("dialog", { name: t.gallery.viewer });
      await expect(dialog).toBeVisible();
      for (const name of [t.gallery.previous, t.gallery.next, t.gallery.close, t.gallery.zoomIn]) {
        await expect(dialog.getByRole("button", { name })).toBeVisible();
      }
      await expect(dialog.getByRole("navigation", { name: t.gallery.thumbnails })).toBeVisible();
      await expect(dialog.locator(".yarl__counter")).toHaveText("2 / 5");
      await page.keyboard.press("ArrowLeft");
      await expect(dialog.locator(".yarl__counter")).toHaveText("1 / 5");
      await page.keyboard.press("ArrowLeft");
      await expect(dialog.locator(".yarl__counter")).toHaveText("5 / 5");
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
    });
  }

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
