import { resetRateLimit, storedSubmissions } from "./blobs";
import { expect, test, watchForErrors } from "./fixtures";
import { postFrom } from "./post";

// Submissions share one client address (this machine), so these run in order with a reset between.
test.describe.configure({ mode: "serial" });
test.beforeEach(async () => {
  await resetRateLimit();
});

async function fill(page: import("@playwright/test").Page, values: Partial<Record<string, string>>) {
  for (const [label, value] of Object.entries(values)) {
    await page.getByRole("textbox", { name: label, exact: true }).fill(value ?? "");
  }
}

const hydrated = (page: import("@playwright/test").Page) => expect(page.locator("form[data-hydrated]")).toBeVisible();

test("shows each validation message next to its field and announces them", async ({ page }) => {
  const storedBefore = (await storedSubmissions()).length;
  await page.goto("/contact");
  await hydrated(page);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Name is required")).toBeVisible();
  await expect(page.getByText("Invalid email address")).toBeVisible();
  await expect(page.getByText("Message is required")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Name", exact: true })).toBeFocused();
  await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveAccessibleDescription(
    "Name is required",
  );
  await expect(page.getByText("Please correct 3 fields.")).toBeAttached();

  // maxlength stops typing past the limits; pasted values over them are still caught by the schema.
  await page
    .getByRole("textbox", { name: "Name", exact: true })
    .evaluate((el: HTMLInputElement) => el.removeAttribute("maxlength"));
  await fill(page, { Name: "n".repeat(101), Email: "mari@example.ee", Message: "Hello" });
  await expect(page.getByText("Name must be less than 100 characters")).toBeVisible();
  for (const [field, text] of [
    ["Company", "Company name must be less than 100 characters"],
    ["Phone", "Phone number must be less than 20 characters"],
    ["Message", "Message must be less than 1000 characters"],
    ["Email", "Email must be less than 255 characters"],
  ] as const) {
    const input = page.getByRole("textbox", { name: field, exact: true });
    await input.evaluate((el: HTMLInputElement) => el.removeAttribute("maxlength"));
    await input.fill(field === "Email" ? `${"e".repeat(260)}@x.ee` : "x".repeat(1001));
    await expect(page.getByText(text)).toBeVisible();
  }
  // Nothing invalid was sent, so nothing was stored.
  expect(await storedSubmissions()).toHaveLength(storedBefore);
});

test("sends a message: the button reads Sending..., a success toast shows and the form resets", async ({ page }) => {
  const errors = watchForErrors(page);
  await page.goto("/contact");
  await hydrated(page);
  await fill(page, {
    Name: "Mari Maasikas",
    Email: "mari@example.ee",
    Company: "Studio Maasikas",
    Message: "Quote please",
  });
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/submit-contact-form", async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("button", { name: "Sending..." })).toBeDisabled();
  release();
  await expect(page.getByText("Thank you! Your message has been sent.")).toBeVisible();
  await expect(page.getByText("We'll get back to you within 24 hours.")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveValue("");
  await expect(page.getByRole("textbox", { name: "Message", exact: true })).toHaveValue("");
  await expect(page.getByRole("button", { name: "Send Message" })).toBeEnabled();
  // Other tests may store submissions at the same time, so look for this one rather than the newest.
  expect(await storedSubmissions()).toContainEqual(
    expect.objectContaining({
      name: "Mari Maasikas",
      company: "Studio Maasikas",
      phone: null,
      message: "Quote please",
    }),
  );
  expect(errors).toEqual([]);
});

test("the fourth submission within an hour shows the rate-limit toast, one toast at a time", async ({ page }) => {
  await page.goto("/contact");
  await hydrated(page);
  for (let i = 1; i <= 4; i++) {
    await fill(page, { Name: `Visitor ${i}`, Email: "v@example.ee", Message: `Message ${i}` });
    await page.getByRole("button", { name: "Send Message" }).click();
    if (i < 4) {
      await expect(
        page
          .locator('[data-sonner-toast]:not([data-removed="true"])')
          .getByText("Thank you! Your message has been sent."),
        // Each accepted post is indexed and queued for mail before the answer: slow on a busy local run.
      ).toBeVisible({ timeout: 15_000 });
    }
    await expect(page.getByRole("button", { name: "Send Message" })).toBeEnabled();
  }
  await expect(page.getByText("Too many submissions")).toBeVisible();
  await expect(
    page.getByText("Please wait before submitting another message. Limit: 3 submissions per hour."),
  ).toBeVisible();
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(1);
  // The rejected message is kept so the visitor can send it later.
  await expect(page.getByRole("textbox", { name: "Message", exact: true })).toHaveValue("Message 4");
});

test("a quote link from a product page pre-fills the message", async ({ page }) => {
  await page.goto("/products/felt-panels");
  await page.getByRole("link", { name: "Request a Quote" }).click();
  await expect(page).toHaveURL("/contact?product=felt-panels");
  await expect(page.getByRole("textbox", { name: "Message", exact: true })).toHaveValue(/quote for Felt Panels/);
});

test("works with JavaScript off: a native post lands on the confirmation page", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/contact");
  await fill(page, { Name: "No Script", Email: "noscript@example.ee", Message: "Sent without JavaScript" });
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page).toHaveURL("/contact/sent");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you! Your message has been sent.");
  await expect(page.getByText("We'll get back to you within 24 hours.")).toBeVisible();
  expect(await storedSubmissions()).toContainEqual(
    expect.objectContaining({ name: "No Script", message: "Sent without JavaScript" }),
  );

  // The browser's own validation stands in for the script's.
  await page.goto("/contact");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page).toHaveURL("/contact");
  await context.close();
});

test("a storage failure shows the error toast", async ({ page }) => {
  await page.goto("/contact");
  await hydrated(page);
  await page.route("**/api/submit-contact-form", (route) =>
    route.fulfill({
      status: 503,
      contentType: "application/json",
      body: '{"error":{"code":"storage_unavailable","message":"Storage unavailable"}}',
    }),
  );
  await fill(page, { Name: "Mari", Email: "mari@example.ee", Message: "Hello" });
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Error sending message")).toBeVisible();
  await expect(page.getByText("Please try again or contact us directly.")).toBeVisible();
});

test("the preview holds the limit under 20 simultaneous posts from one address", async () => {
  const body = { name: "Burst", email: "burst@example.ee", message: "Burst", website: "" };
  // A loopback address of its own, so this burst has its own allowance.
  const statuses = await Promise.all(Array.from({ length: 20 }, () => postFrom("127.0.0.77", body)));
  // Sorted, so a failure shows every status that came back.
  expect(statuses.sort()).toEqual([...Array(3).fill(201), ...Array(17).fill(429)]);
});
