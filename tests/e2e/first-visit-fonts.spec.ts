import type { CDPSession, Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * A first visit on a slow phone connection: empty cache, slow 4G (150 ms round trip, 1.6 Mbit/s down,
 * 750 kbit/s up). Once the page has loaded, the headings and the text must be drawn with the brand fonts
 * (Chromium says which font it actually rendered a node with; the computed font-family only names the
 * stack), the swap from the metric-matched fallback must not move anything (CLS 0 as Chrome reports
 * it, to three decimals: the fallback's metrics are matched to a fraction of a pixel, not exactly), and
 * the fonts a first visit downloads must stay within 60 KB.
 */
const CLS_ZERO = 0.001;
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 93_750 };
const FONT_BYTES = 60 * 1024;

test.describe.configure({ mode: "serial" });
test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

async function renderedFonts(cdp: CDPSession, selector: string): Promise<string[]> {
  const { root } = await cdp.send("DOM.getDocument", { depth: 0 });
  const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector });
  expect(nodeId, `no ${selector}`).toBeGreaterThan(0);
  const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
  return fonts.map((font) => `${font.familyName}${font.isCustomFont ? " (web font)" : ""}`);
}

async function firstVisit(page: Page, path: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
  const fontBytes = new Map<string, number>();
  const fontRequests = new Set<string>();
  cdp.on("Network.responseReceived", (event) => {
    if (event.type === "Font") fontRequests.add(event.requestId);
  });
  cdp.on("Network.loadingFinished", (event) => {
    if (fontRequests.has(event.requestId)) fontBytes.set(event.requestId, event.encodedDataLength);
  });
  await page.addInitScript(() => {
    const shifts = { value: 0 };
    (window as unknown as { __cls: typeof shifts }).__cls = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.value += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
    // The largest paint so far, as the browser reports it: each entry a new candidate.
    const largest: { time: number; element: string }[] = [];
    (window as unknown as { __lcp: typeof largest }).__lcp = largest;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null })[]) {
        largest.push({ time: entry.startTime, element: entry.element?.closest("[id]")?.id ?? "" });
      }
    }).observe({ type: "largest-contentful-paint", buffered: true });
  });

  await page.goto(path, { waitUntil: "load" });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // Let the swap paint, then read what was drawn.
  await page.waitForTimeout(300);
  await cdp.send("DOM.enable");
  await cdp.send("CSS.enable");
  return {
    heading: await renderedFonts(cdp, "h1"),
    text: await renderedFonts(cdp, "main p"),
    cls: await page.evaluate(() => (window as unknown as { __cls: { value: number } }).__cls.value),
    largest: await page.evaluate(() => (window as unknown as { __lcp: { time: number; element: string }[] }).__lcp),
    firstPaint: await page.evaluate(() => performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? -1),
    fontBytes: [...fontBytes.values()].reduce((sum, n) => sum + n, 0),
    fontFiles: fontBytes.size,
    cdp,
    /** The font files downloaded so far. */
    fontFilesNow: () => fontBytes.size,
  };
}

for (const path of ["/", "/products/felt-panels"]) {
  test(`first visit to ${path} on slow 4G: Fraunces headings, Inter text, no layout shift, fonts within 60 KB`, async ({
    page,
  }, testInfo) => {
    test.slow();
    const visit = await firstVisit(page, path);
    expect(visit.heading).toEqual(["Fraunces (web font)"]);
    expect(visit.text).toEqual(["Inter Variable (web font)"]);
    expect(visit.cls).toBeLessThan(CLS_ZERO);
    expect(visit.fontFiles).toBeGreaterThan(0);
    expect(visit.fontBytes).toBeLessThanOrEqual(FONT_BYTES);
    await testInfo.attach(`first visit ${path} at 390 px`, {
      body: await page.screenshot(),
      contentType: "image/png",
    });
  });
}

// On a phone the consent banner's paragraph is a learning page's largest text. It is shown from the
// first paint (an inline script marks the page before it is drawn), never popped in late, so the
// page's largest paint is its first paint.
test.describe("a visitor who has not answered the analytics question", () => {
  test.use({ consentChoice: null });

  test("first visit to a learning page on slow 4G: the consent banner is in the first paint, so the largest paint is the first", async ({
    page,
  }) => {
    test.slow();
    const visit = await firstVisit(page, "/learning/room-acoustics");
    const last = visit.largest.at(-1);
    expect(last?.element).toBe("cookie-consent");
    expect(last?.time).toBe(visit.firstPaint);
    expect(visit.text).toEqual(["Inter Variable (web font)"]);
    expect(visit.cls).toBeLessThan(CLS_ZERO);
  });
});

test("a letter none of the four languages writes is drawn in the brand font from a face loaded only for it", async ({
  page,
}) => {
  test.slow();
  const visit = await firstVisit(page, "/");
  // The first visit loads each family's base face and the h1's own subset, and nothing else.
  expect(visit.fontFiles).toBe(3);
  // A name and a loanword with other Latin-1 letters: the page asks for Fraunces' Latin-1 face.
  await page.evaluate(() => {
    const heading = document.querySelector("h1");
    if (heading) heading.textContent = "Ødegaard, façade";
  });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await expect.poll(visit.fontFilesNow).toBe(4);
  await page.waitForTimeout(300);
  const fonts = await renderedFonts(visit.cdp, "h1");
  expect(fonts.length).toBeGreaterThan(0);
  expect(
    fonts.every((font) => font === "Fraunces (web font)"),
    fonts.join(", "),
  ).toBe(true);
});

// Each page's h1 has a subset of Fraunces with its own letters, preloaded first, so that it is drawn
// in its face on the first paint (integrations/post-build/heading-face.mjs). The subset must draw the h1 exactly as
// the full face does: the same screenshot, pixel for pixel, with the subset and with it blocked.
for (const path of ["/", "/fi/learning/room-acoustics", "/et/products/felt-panels"]) {
  test(`${path}: the h1's own subset draws it exactly as the full face does`, async ({ browser }) => {
    const shots: Buffer[] = [];
    const faces: string[][] = [];
    for (const blocked of [false, true]) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
      const page = await context.newPage();
      if (blocked) await page.route(/\/_astro\/heading\.[\w-]+\.woff2$/, (route) => route.abort());
      await page.goto(path);
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      faces.push(
        await page.evaluate(() =>
          [...document.fonts].filter((face) => face.status === "loaded").map((face) => face.family),
        ),
      );
      shots.push(await page.locator("h1").screenshot());
      await context.close();
    }
    // With the subset, the h1 used it; blocked, the full face drew it.
    expect(faces[0]).toContain("Fraunces h1");
    expect(faces[1]).not.toContain("Fraunces h1");
    expect(Buffer.compare(shots[0] ?? Buffer.alloc(0), shots[1] ?? Buffer.alloc(1))).toBe(0);
  });
}
