import { expect, test } from "./fixtures";

test.describe("learning accordions", () => {
  test("opening one item closes the other, and the open item collapses @phone", async ({ page }) => {
    await page.goto("/learning/sound-absorbers");
    const items = page.locator("details[name^='faq-']");
    await expect(items).toHaveCount(5);
    const first = items.nth(0);
    const second = items.nth(1);
    await first.locator("summary").click();
    await expect(first).toHaveAttribute("open", "");
    await expect(first.getByText(/friction turns part of the sound energy/)).toBeVisible();
    await second.locator("summary").click();
    await expect(second).toHaveAttribute("open", "");
    await expect(first).not.toHaveAttribute("open", "");
    await second.locator("summary").click();
    await expect(second).not.toHaveAttribute("open", "");
    await expect(page.locator("details[open]")).toHaveCount(0);
  });

  test("works from the keyboard", async ({ page }) => {
    await page.goto("/learning/room-acoustics");
    const summary = page.locator("details[name^='faq-'] summary").nth(2);
    await summary.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText(/T = 0\.161 × V \/ A/)).toBeVisible();
    await page.keyboard.press("Space");
    await expect(page.getByText(/T = 0\.161 × V \/ A/)).toBeHidden();
  });
});

test.describe("product pages @phone", () => {
  test("thumbnails switch the main image and missing images show a placeholder", async ({ page }) => {
    await page.goto("/products/felt-panels");
    const main = page.locator(".product-image:visible img");
    await expect(main).toHaveAttribute("alt", "A grid of green, sand and terracotta felt tiles above a sofa");
    // The visible thumbnail is the radio's label; tapping it selects the image.
    await page.locator("label", { has: page.getByRole("radio", { name: /Show image 3/ }) }).click();
    await expect(page.getByRole("radio", { name: /Show image 3/ })).toBeChecked();
    await expect(main).toHaveAttribute("alt", "Six felt colour samples in green and stone tones");
    await expect(page.getByText("Photo coming soon")).toHaveCount(0);

    await page.goto("/products/veneered-panels");
    await expect(page.getByText("Photo coming soon")).toHaveCount(2);
    const thumbs = page.getByRole("radio");
    await expect(thumbs).toHaveCount(2);
    await thumbs.first().focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.locator(".product-image:visible img")).toHaveAttribute("alt", "Close-up of walnut veneer grain");
  });

  test("shows specifications, ratings and a quote link for the product", async ({ page }) => {
    await page.goto("/products/aural-solution");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("The Aural Solution");
    await expect(page.getByText("Our flagship · 10-year warranty")).toBeVisible();
    const specs = page.getByRole("table", { name: /Technical specifications/ });
    for (const row of ["NRC rating", "Dimensions", "Thickness", "Material", "Finish", "Installation"]) {
      await expect(specs.getByRole("rowheader", { name: row })).toBeVisible();
    }
    await expect(specs.getByRole("row", { name: /Weighted absorption/ })).toContainText("αw 0.95, class A");
    await expect(page.getByRole("img", { name: /Sound absorption coefficient of The Aural Solution/ })).toBeVisible();
    await expect(page.getByRole("list", { name: "Ideal applications" }).getByRole("listitem")).toHaveCount(6);
    await expect(page.getByRole("link", { name: "Request a Quote" })).toHaveAttribute(
      "href",
      "/contact?product=aural-solution",
    );
  });

  test("Explore More Solutions leads to the other four products", async ({ page }) => {
    await page.goto("/products/grooved-panels");
    const more = page.locator("section", { has: page.getByRole("heading", { name: "Explore More Solutions" }) });
    await expect(more.getByRole("link")).toHaveCount(4);
    await more.getByRole("link", { name: /Felt Panels/ }).click();
    await expect(page).toHaveURL("/products/felt-panels");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Felt Panels");
  });
});

test.describe("spaces @phone", () => {
  test("the hub leads to private and public spaces and on to a space's sub-page and back", async ({ page }) => {
    // Two browsers share the machine's two cores with the preview: a page's first load there can take
    // more than the default 5 s, and each step waits for its navigation to land.
    const landed = { timeout: 15_000 };
    await page.goto("/spatial-solutions");
    await page.getByRole("link", { name: /Public Spaces/ }).click();
    await expect(page).toHaveURL("/public-spaces", landed);
    await page.getByRole("link", { name: /Transport Waiting Areas/ }).click();
    await expect(page.getByText("1.0–1.5 s")).toBeVisible(landed);
    await page.getByRole("link", { name: /Read more about optimal levels/ }).click();
    await expect(page).toHaveURL("/public-spaces/transport-waiting-areas/optimal-levels", landed);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Optimal acoustic levels for transport waiting areas",
    );
    await page.getByRole("link", { name: "Back to Transport Waiting Areas" }).click();
    await expect(page).toHaveURL("/public-spaces/transport-waiting-areas", landed);
  });

  test("a space without its own text uses the generic sections", async ({ page }) => {
    await page.goto("/private-spaces/kitchen");
    for (const heading of ["Acoustic characteristics", "Optimal levels", "Enhancing acoustics"]) {
      await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
    }
    await expect(page.getByText(/Photography of our kitchen projects is coming soon/)).toBeVisible();
  });
});
