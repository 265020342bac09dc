import type { Browser } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * A space sub-page shows its image beside the text on wide screens, where the image is the largest
 * paint, and below all the text on a phone, where the text is. The image is fetched at high priority
 * where it is in the first screen and behind the fonts where it is not, and either way once.
 */
const SUB_PAGE = "/private-spaces/living-room/acoustic-characteristics";
const IMAGE = /\/_astro\/acoustic-characteristics\.[^/]+\.(avif|webp|jpg)$/;

async function imageRequests(
  browser: Browser,
  baseURL: string | undefined,
  viewport: { width: number; height: number },
) {
  const context = await browser.newContext({ viewport, ...(baseURL ? { baseURL } : {}) });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  // The priority a request was sent with, then any change the browser made once it laid the page out.
  const priority = new Map<string, { url: string; priority: string }>();
  const fonts: string[] = [];
  cdp.on("Network.requestWillBeSent", (event) => {
    if (IMAGE.test(new URL(event.request.url).pathname))
      priority.set(event.requestId, { url: event.request.url, priority: event.request.initialPriority });
    if (event.type === "Font") fonts.push(event.request.initialPriority);
  });
  cdp.on("Network.resourceChangedPriority", (event) => {
    const request = priority.get(event.requestId);
    if (request) request.priority = event.newPriority;
  });
  await page.goto(SUB_PAGE, { waitUntil: "load" });
  await expect(page.getByRole("img", { name: /Illustration: acoustic characteristics/ })).toHaveJSProperty(
    "complete",
    true,
  );
  const shown = await page
    .getByRole("img", { name: /Illustration: acoustic characteristics/ })
    .evaluate((img: HTMLImageElement) => img.currentSrc);
  await context.close();
  return { requests: [...priority.values()], fonts, shown };
}

test("a sub-page's image is fetched first on a wide screen and after the text's fonts on a phone", async ({
  browser,
  baseURL,
}) => {
  const wide = await imageRequests(browser, baseURL, { width: 1440, height: 900 });
  expect(wide.requests).toHaveLength(1);
  expect(wide.requests[0]?.priority).toBe("High");
  // The preload and the picture chose the same file: it was fetched once and it is the one shown.
  expect(wide.shown).toBe(wide.requests[0]?.url);
  expect(wide.shown).toMatch(/\.avif$/);

  const phone = await imageRequests(browser, baseURL, { width: 390, height: 844 });
  expect(phone.requests).toHaveLength(1);
  expect(phone.fonts.length).toBeGreaterThan(0);
  expect(phone.fonts.every((p) => p === "High" || p === "VeryHigh")).toBe(true);
  expect(["Low", "VeryLow"]).toContain(phone.requests[0]?.priority);
  expect(phone.shown).toBe(phone.requests[0]?.url);
});
