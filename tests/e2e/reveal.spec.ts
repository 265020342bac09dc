import { expect, test } from "./fixtures";

test.describe("scroll reveal", () => {
  test("sections fade in once when scrolled into view, cards staggered 100/200/300 ms", async ({ page }) => {
    await page.goto("/");
    const cards = page.locator("[data-reveal-delay]");
    await expect(cards).toHaveCount(3);
    // The closing call to action sits far below the fold on load.
    const closing = page.locator("[data-reveal]").last();
    expect(await closing.evaluate((el) => el.getBoundingClientRect().top > window.innerHeight)).toBe(true);
    await expect(closing).not.toHaveClass(/is-revealed/);
    expect(await closing.evaluate((el) => getComputedStyle(el).opacity)).toBe("0");
    await closing.scrollIntoViewIfNeeded();
    await expect(closing).toHaveClass(/is-revealed/);
    await expect.poll(() => closing.evaluate((el) => getComputedStyle(el).opacity)).toBe("1");
    expect(await closing.evaluate((el) => getComputedStyle(el).transitionDuration)).toBe("0.7s, 0.7s");
    // Once only: scrolling away keeps it revealed.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(closing).toHaveClass(/is-revealed/);

    await cards.first().scrollIntoViewIfNeeded();
    for (const card of await cards.all()) await expect(card).toHaveClass(/is-revealed/);
    const delays = await cards.evaluateAll((els) => els.map((el) => getComputedStyle(el).transitionDelay));
    expect(delays.map((d) => d.split(",")[0]?.trim())).toEqual(["0.1s", "0.2s", "0.3s"]);
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
