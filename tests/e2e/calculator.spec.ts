import type { Page } from "@playwright/test";
import { axeViolations, expect, test, watchForErrors } from "./fixtures";

const PATH = "/tools/room-acoustics-calculator";
const hydrated = (page: Page) => expect(page.locator("room-calculator")).toHaveAttribute("data-ready", "");
const midAfter = (page: Page) => page.locator('[data-out="mid-after"]');

test.describe("room acoustics calculator @phone", () => {
  test("numbers follow the inputs, live in the URL, and survive a reload", async ({ page }) => {
    const errors = watchForErrors(page);
    await page.goto(PATH);
    await hydrated(page);
    const before = await midAfter(page).textContent();

    await page.getByRole("textbox", { name: "Length (m)" }).fill("9");
    await expect(midAfter(page)).not.toHaveText(before ?? "");
    await page.getByRole("combobox", { name: "Floor" }).selectOption({ label: "Carpet on concrete" });
    await page.getByRole("combobox", { name: "Room type" }).selectOption({ label: "Classroom" });
    await expect(page.getByText("Target 0.45–0.65 s")).toBeVisible();
    await page.getByRole("textbox", { name: "Amount on the walls" }).fill("12");
    await page.getByRole("textbox", { name: "Amount on the walls" }).blur();
    await expect(page).toHaveURL(/length=9&.*type=classroom.*floor=carpet.*amount=12/);

    const shared = page.url();
    const result = await midAfter(page).textContent();
    const table = await page.locator("table").first().textContent();
    await page.goto("/");
    await page.goto(shared);
    await hydrated(page);
    await expect(page.getByRole("textbox", { name: "Length (m)" })).toHaveValue("9");
    await expect(page.getByRole("combobox", { name: "Room type" })).toHaveValue("classroom");
    await expect(midAfter(page)).toHaveText(result ?? "");
    expect(await page.locator("table").first().textContent()).toBe(table);
    expect(errors).toEqual([]);
  });

  test("bad dimensions get a clear error and hide the result until fixed", async ({ page }) => {
    await page.goto(PATH);
    await hydrated(page);
    const height = page.getByRole("textbox", { name: "Height (m)" });
    await height.fill("40");
    await expect(page.getByText("Height must be between 2 and 25 m")).toBeVisible();
    await expect(height).toHaveAttribute("aria-invalid", "true");
    await expect(height).toHaveAccessibleDescription(/Height must be between 2 and 25 m/);
    await expect(page.getByText("Check the highlighted fields to see the result.")).toBeVisible();
    await expect(midAfter(page)).toBeHidden();
    await height.fill("3,1");
    await expect(page.getByText("Height must be between 2 and 25 m")).toBeHidden();
    await expect(height).toHaveAttribute("aria-invalid", "false");
    await expect(midAfter(page)).toBeVisible();
    await expect(page.locator('[data-out="volume"]')).toHaveText("83.7");
  });

  test("suggests the smallest panel count and applies it", async ({ page }) => {
    await page.goto(PATH);
    await hydrated(page);
    await expect(page.locator('[data-out="status"]')).toContainText("above the target");
    const apply = page.getByRole("button", { name: /^Use \d+ panels$/ });
    const label = (await apply.textContent()) ?? "";
    const count = /\d+/.exec(label)?.[0] ?? "";
    await apply.click();
    await expect(page.getByRole("textbox", { name: "Amount on the walls" })).toHaveValue(count);
    await expect(page.getByRole("combobox", { name: "Unit" })).toHaveValue("panels");
    await expect(page.locator('[data-out="status"]')).toContainText("within the target");
    await expect(apply).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`amount=${count}&unit=panels`));
  });

  test("'Request a quote for this room' opens the contact form with the room described", async ({ page }) => {
    await page.goto(`${PATH}?length=7&width=5&height=3&product=veneered-panels&amount=3&unit=panels`);
    await hydrated(page);
    await page.getByRole("link", { name: "Request a quote for this room" }).click();
    await expect(page).toHaveURL(/\/contact\?product=veneered-panels&message=/);
    const message = page.getByRole("textbox", { name: "Message", exact: true });
    await expect(message).toHaveValue(/Room: 7 × 5 × 3 m \(105 m³\)/);
    await expect(message).toHaveValue(/Product: Veneered Panels, 10\.08 m² \(3 panels of 2800 × 1200 mm\)/);
    await expect(message).toHaveValue(
      /Calculation: http:\/\/localhost:8888\/tools\/room-acoustics-calculator\?length=7/,
    );
  });

  test("is reachable from the menu, products and spaces, pre-set to them, and passes axe", async ({ page }) => {
    await page.goto("/public-spaces/restaurants-cafes");
    await page.getByRole("link", { name: "Check your restaurants and cafés in the calculator" }).click();
    await hydrated(page);
    await expect(page.getByRole("combobox", { name: "Room type" })).toHaveValue("restaurants-cafes");
    await expect(page.getByText("Target 0.6–0.9 s")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await page.goto("/products/grooved-panels");
    await page.getByRole("link", { name: "Work it out for your room" }).click();
    await hydrated(page);
    await expect(page.getByRole("combobox", { name: "Product" })).toHaveValue("grooved-panels");

    await page.goto("/learning/room-acoustics");
    await expect(page.getByRole("link", { name: "Open the room calculator" })).toHaveAttribute("href", PATH);
  });
});

// A shared room's code held back until the test lets it load, as on a slow connection.
async function holdLiveCode(page: Page) {
  const released = Promise.withResolvers<void>();
  const requested = Promise.withResolvers<void>();
  await page.route(/\/_astro\/live-result\.[\w-]+\.js$/, async (route) => {
    requested.resolve();
    await released.promise;
    await route.continue();
  });
  return { requested: requested.promise, release: () => released.resolve() };
}

test.describe("a shared room on a slow connection", () => {
  const SHARED = `${PATH}?length=9&width=7.5&height=3&type=classroom&floor=carpet&ceiling=plaster&walls=plaster&product=felt-panels&amount=12&unit=panels`;

  test("the calculator is ready, its report offered, only once the page shows that room's result", async ({ page }) => {
    await page.goto(PATH);
    await hydrated(page);
    const defaultRoom = await page.locator('[data-out="mid-before"]').textContent();

    const live = await holdLiveCode(page);
    await page.goto(SHARED);
    await live.requested;
    await expect(page.locator("room-calculator")).not.toHaveAttribute("data-ready", "");
    await expect(page.getByRole("button", { name: "Download report (PDF)" })).toBeHidden();
    live.release();
    await hydrated(page);
    // Read at once: when the element says it is ready, the shared room is what the page shows.
    const shown = await page.locator('[data-out="mid-before"]').textContent();
    expect(shown).not.toBe(defaultRoom);
    await expect(page.getByRole("textbox", { name: "Length (m)" })).toHaveValue("9");
    await expect(page.getByRole("button", { name: "Download report (PDF)" })).toBeVisible();
  });

  test("an edit made while its code loads is kept, not written over by the address's room", async ({ page }) => {
    const live = await holdLiveCode(page);
    await page.goto(SHARED);
    await live.requested;
    const length = page.getByRole("textbox", { name: "Length (m)" });
    await length.fill("12");
    await length.blur();
    live.release();
    await hydrated(page);
    // Read at once: when the element says it is ready, the page shows the room the visitor edited (the
    // form as it stood, with their length), not the address's 9 × 7.5 × 3 m.
    const volume = await page.locator('[data-out="volume"]').textContent();
    const width = Number(await page.getByRole("textbox", { name: "Width (m)" }).inputValue());
    const height = Number(await page.getByRole("textbox", { name: "Height (m)" }).inputValue());
    expect(width).not.toBe(7.5);
    expect(volume).toContain(String(Math.round(12 * width * height * 10) / 10));
    await expect(length).toHaveValue("12");
    await expect(page).toHaveURL(/length=12&/);
  });
});

test("the header's Learning Materials menu links to the calculator", async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.locator("summary", { hasText: "Learning Materials" }).click();
  await nav.getByRole("link", { name: "Room Acoustics Calculator" }).click();
  await expect(page).toHaveURL(PATH);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Room acoustics calculator");
});
