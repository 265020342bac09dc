import { expect, test } from "./fixtures";

test("an unknown path answers 404 with the not-found page and logs the path @phone", async ({ page }) => {
  const warnings: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "warning") warnings.push(msg.text());
  });
  const response = await page.goto("/no/such/page?ref=old-link");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops! Page not found");
  await expect(page.locator("[data-attempted-path]")).toHaveText("/no/such/page?ref=old-link");
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL("/");
  expect(warnings.some((w) => w.includes("/no/such/page?ref=old-link"))).toBe(true);
});

test("the attempted path is shown as text, never as markup", async ({ page }) => {
  await page.goto("/%3Cimg%20src=x%20onerror=alert(1)%3E");
  await expect(page.locator("[data-attempted-path] img")).toHaveCount(0);
  await expect(page.locator("[data-attempted-path]")).toContainText("<img");
});
