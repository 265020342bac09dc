import type { Page } from "@playwright/test";
import { axeViolations, expect, test, watchForErrors } from "./fixtures";

// These tests meet the banner as a first-time visitor does.
test.use({ consentChoice: null });

interface Recorded {
  name: string;
  params: { page_title: string; page_path: string; page_location: string };
}

const recorded = (page: Page) =>
  page.evaluate(() => JSON.parse(sessionStorage.getItem("aural.analytics-sink") ?? "[]") as Recorded[]);

/** Analytics code and Google endpoints the page requested, and CSP violations it reported. */
async function watchAnalytics(page: Page) {
  const requests: string[] = [];
  page.on("request", (request) => {
    if (/\/_astro\/(analytics|firebase-analytics)\.|google|gtag/.test(request.url())) requests.push(request.url());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const list = JSON.parse(sessionStorage.getItem("csp-violations") ?? "[]") as string[];
      list.push(`${event.violatedDirective} ${event.blockedURI}`);
      sessionStorage.setItem("csp-violations", JSON.stringify(list));
    });
  });
  return {
    requests,
    violations: () => page.evaluate(() => JSON.parse(sessionStorage.getItem("csp-violations") ?? "[]") as string[]),
  };
}

const banner = (page: Page) => page.getByRole("region", { name: "May we count your visit?" });

test.describe("analytics consent @phone", () => {
  test("before a choice: the banner asks, nothing is recorded and no analytics code loads", async ({
    page,
    context,
  }) => {
    const watch = await watchAnalytics(page);
    await page.goto("/");
    await expect(banner(page)).toBeVisible();
    const accept = banner(page).getByRole("button", { name: "Accept" });
    const decline = banner(page).getByRole("button", { name: "Decline" });
    // Equal prominence: same size and same style.
    const [a, d] = [await accept.boundingBox(), await decline.boundingBox()];
    expect(a?.width).toBeCloseTo(d?.width ?? 0, 0);
    expect(a?.height).toBeCloseTo(d?.height ?? 0, 0);
    expect(await accept.getAttribute("class")).toBe(await decline.getAttribute("class"));
    expect(await axeViolations(page)).toEqual([]);

    await page.goto("/contact?product=felt-panels");
    await expect(banner(page)).toBeVisible();
    await page.evaluate(() => history.pushState(null, "", "/contact?product=grooved-panels"));
    await page.waitForTimeout(1000);
    expect(await recorded(page)).toEqual([]);
    expect(watch.requests).toEqual([]);
    expect(await context.cookies()).toEqual([]);
  });

  test("after Accept: exactly one page_view per navigation, with title and path plus query", async ({ page }) => {
    const errors = watchForErrors(page);
    const watch = await watchAnalytics(page);
    await page.goto("/");
    await banner(page).getByRole("button", { name: "Accept" }).click();
    await expect(banner(page)).toBeHidden();
    await expect.poll(() => recorded(page)).toHaveLength(1);
    const homeTitle = await page.title();

    await page.goto("/contact?product=felt-panels");
    await expect(banner(page)).toBeHidden();
    await expect.poll(() => recorded(page)).toHaveLength(2);
    const contactTitle = await page.title();

    // An in-page change of query through the History API is a page view; a hash change is not.
    await page.evaluate(() => history.pushState(null, "", "/contact?product=grooved-panels"));
    await expect.poll(() => recorded(page)).toHaveLength(3);
    await page.evaluate(() => history.pushState(null, "", "/contact?product=grooved-panels#contact-form"));

    // The choice survives a reload, which is a page load like any other.
    await page.reload();
    await expect(banner(page)).toBeHidden();
    await expect.poll(() => recorded(page)).toHaveLength(4);
    await page.waitForTimeout(800);

    const events = await recorded(page);
    expect(events.map((e) => [e.name, e.params.page_title, e.params.page_path])).toEqual([
      ["page_view", homeTitle, "/"],
      ["page_view", contactTitle, "/contact?product=felt-panels"],
      ["page_view", contactTitle, "/contact?product=grooved-panels"],
      ["page_view", contactTitle, "/contact?product=grooved-panels"],
    ]);
    expect(events[1]?.params.page_location).toBe(new URL("/contact?product=felt-panels", page.url()).href);
    expect(watch.requests.every((url) => url.includes("/_astro/"))).toBe(true);
    expect(await watch.violations()).toEqual([]);
    expect(errors).toEqual([]);
  });

  test("after Decline nothing is recorded; the choice is remembered and can be changed from the footer", async ({
    page,
  }) => {
    const watch = await watchAnalytics(page);
    await page.goto("/about");
    await banner(page).getByRole("button", { name: "Decline" }).click();
    await expect(banner(page)).toBeHidden();
    await page.goto("/gallery");
    await page.reload();
    await expect(banner(page)).toBeHidden();
    await page.waitForTimeout(1000);
    expect(await recorded(page)).toEqual([]);
    expect(watch.requests).toEqual([]);

    // Change of mind: the footer link reopens the banner with the current choice stated.
    const settings = page.getByRole("contentinfo").getByRole("link", { name: "Cookie settings" });
    await settings.click();
    await expect(banner(page)).toBeVisible();
    await expect(banner(page)).toContainText("You have declined analytics cookies.");
    await expect(page.getByRole("heading", { name: "May we count your visit?" })).toBeFocused();
    await banner(page).getByRole("button", { name: "Accept" }).click();
    await expect(banner(page)).toBeHidden();
    await expect(settings).toBeFocused();
    await expect.poll(() => recorded(page)).toHaveLength(1);
    expect((await recorded(page))[0]?.params.page_path).toBe("/gallery");

    // And back: after Decline, in-page changes and new pages record nothing more.
    await settings.click();
    await expect(banner(page)).toContainText("You have accepted analytics cookies.");
    await banner(page).getByRole("button", { name: "Decline" }).click();
    await page.evaluate(() => history.pushState(null, "", "/gallery?section=felt-panels"));
    await page.goto("/about");
    await page.waitForTimeout(1000);
    expect(await recorded(page)).toHaveLength(1);
    expect(await watch.violations()).toEqual([]);
  });

  test("the banner keeps the page usable by keyboard and passes axe when reopened", async ({ page }) => {
    await page.goto("/");
    await banner(page).getByRole("button", { name: "Decline" }).click();
    await page.getByRole("contentinfo").getByRole("link", { name: "Cookie settings" }).press("Enter");
    await expect(banner(page)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press("Tab");
    await expect(banner(page).getByRole("button", { name: "Accept" })).toBeFocused();
  });
});
