// @ts-check
// npm run bench, "Hear the room": how long the calculator takes to build an impulse response in its
// worker, with the CPU slowed 4x (DevTools' throttling, a mid-range phone), for a live room whose
// response lasts the longest (6 s and more) and for the page's default room.

/** The target for building a 6-second response at 4x slowdown. */
export const IMPULSE_TARGET_MS = 300;

const CALCULATOR = "/tools/room-acoustics-calculator";
const ROOMS = [
  { name: "the default room", query: "" },
  {
    name: "a live room (concrete, 10 × 5 × 3 m)",
    query: "?length=10&width=5&height=3&floor=concrete&ceiling=concrete&walls=concrete&amount=0&unit=m2",
  },
];

/**
 * Presses "Listen: room as it is" on a fresh calculator page, `rounds` times per room, and reads the
 * page's own measure of each build (request to reply, User Timing).
 * @param {{ browser: import("playwright").Browser, origin: string, rounds?: number }} options
 */
export async function impulseUnderThrottling({ browser, origin, rounds = 3 }) {
  const results = [];
  for (const room of ROOMS) {
    for (let i = 0; i < rounds; i++) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
      await page.goto(new URL(`${CALCULATOR}${room.query}`, origin).href, { waitUntil: "networkidle" });
      await page.locator("room-calculator[data-ready]").waitFor();
      await page.locator('[data-listen-play="before"]').click();
      await page.locator("[data-out=listen]").filter({ hasText: /:/ }).waitFor({ timeout: 30_000 });
      const measures = await page.evaluate(() =>
        performance.getEntriesByType("measure").filter((m) => m.name.startsWith("impulse response")),
      );
      for (const m of measures) results.push({ room: room.name, name: m.name, ms: m.duration, first: i === 0 });
      await context.close();
    }
  }
  return results;
}

/** @param {{ room: string, name: string, ms: number }[]} results */
export function impulseReport(results) {
  const lines = [
    "## Hear the room: building an impulse response",
    "",
    `In Chromium with the CPU slowed 4x (DevTools' throttling), a fresh calculator page per press of "Listen: room as it is": the page's own measure from the request to the worker's reply. Target: a 6-second response within ${IMPULSE_TARGET_MS} ms.`,
    "",
    "| room | response | ms |",
    "| --- | --- | ---: |",
    ...results.map((r) => `| ${r.room} | ${r.name.replace("impulse response ", "")} | ${r.ms.toFixed(0)} |`),
    "",
  ];
  return lines;
}
