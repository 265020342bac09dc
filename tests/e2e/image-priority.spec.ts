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

/**
 * A page whose first screen shows a photo preloads it from the head, so a slow phone fetches it with
 * the fonts rather than once the parser reaches it. The preload must name the very file the page's own
 * element picks at that width: one request among the element's candidates, at high priority, and it is
 * the one shown.
 */
const FIRST_SCREEN_IMAGES = [
  { path: "/products/felt-panels", image: ".product-image img" },
  { path: "/products", image: "main li img" },
  { path: "/private-spaces/living-room", image: "main img" },
];

test("the first screen's photo is preloaded from the head, fetched once at high priority ahead of the rest, and shown", async ({
  browser,
  baseURL,
}) => {
  // Three pages at two widths, each a fresh context on a throttled connection: more than one test's usual time.
  test.setTimeout(90_000);
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    const context = await browser.newContext({ viewport, ...(baseURL ? { baseURL } : {}) });
    for (const { path, image } of FIRST_SCREEN_IMAGES) {
      const label = `${path} at ${viewport.width} px`;
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
      const requests: { url: string; priority: string }[] = [];
      cdp.on("Network.requestWillBeSent", (event) => {
        if (event.type === "Image") requests.push({ url: event.request.url, priority: event.request.initialPriority });
      });
      await page.goto(path, { waitUntil: "load" });
      const element = page.locator(image).first();
      await expect(element, label).toHaveJSProperty("complete", true);
      // Every file the element could pick, in any format and at any width.
      const { shown, candidates } = await element.evaluate((img: HTMLImageElement) => {
        const sets = [img, ...(img.parentElement?.querySelectorAll("source") ?? [])].map(
          (node) => node.getAttribute("srcset") ?? "",
        );
        const urls = sets.flatMap((set) => set.split(",").map((entry) => entry.trim().split(/\s+/)[0] ?? ""));
        return { shown: img.currentSrc, candidates: urls.map((url) => new URL(url, location.href).href) };
      });
      const preloaded = await page
        .locator('head link[rel="preload"][as="image"]')
        .evaluateAll((links) => links.map((link) => link.getAttribute("imagesrcset") ?? ""));
      const fetched = requests.filter((request) => candidates.includes(request.url));
      expect(fetched, label).toHaveLength(1);
      expect(fetched[0]?.priority, label).toBe("High");
      expect(shown, label).toBe(fetched[0]?.url);
      expect(
        preloaded.some((set) => set.includes(new URL(shown).pathname)),
        label,
      ).toBe(true);
      // Every other photo waits behind it: the overview's next two cards, on a phone below the first
      // screen, are fetched at low priority rather than beside it.
      const others = requests.filter((request) => !candidates.includes(request.url));
      if (path === "/products") expect(others.length, label).toBeGreaterThanOrEqual(2);
      for (const other of others) expect(["Low", "VeryLow"], `${label}: ${other.url}`).toContain(other.priority);
      await page.close();
    }
    await context.close();
  }
});
