import { expect, test } from "./fixtures";

test.describe("scroll reveal", () => {
  test("sections fade in once when scrolled into view, cards staggered 100/200/300 ms", async ({ page }) => {
    await page.goto("/");
    const cards = page.locator("[data-reveal-delay]");
    await expect(cards).toHaveCount(3);
    expect(await cards.evaluateAll((els) => els.map((el) => getComputedStyle(el).transitionDelay))).toEqual([
      "0.1s",
      "0.2s",
      "0.3s",
    ]);
    const first = cards.first();
    await expect(first).not.toHaveClass(/is-revealed/);
    expect(await first.evaluate((el) => getComputedStyle(el).opacity)).toBe("0");
    await first.scrollIntoViewIfNeeded();
    await expect(first).toHaveClass(/is-revealed/);
    await expect.poll(() => first.evaluate((el) => getComputedStyle(el).opacity)).toBe("1");
    expect(await first.evaluate((el) => getComputedStyle(el).transitionDuration)).toBe("0.7s, 0.7s");
    // Once only: scrolling away keeps it revealed.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(first).toHaveClass(/is-revealed/);
  });

  test("content stays visible with JavaScript off", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    for (const el of await page.locator("[data-reveal]").all()) {
      expect(await el.evaluate((node) => getComputedStyle(node).opacity)).toBe("1");
    }
    await context.close();
  });

  test("content stays visible under reduced motion", async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: "reduce" });
    const page = await context.newPage();
    await page.goto("/");
    const last = page.locator("[data-reveal]").last();
    expect(await last.evaluate((node) => getComputedStyle(node).opacity)).toBe("1");
    await context.close();
  });
});
