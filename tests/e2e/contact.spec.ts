import { enquiryReference } from "../../src/features/forms/reference";
import { resetRateLimit, storedEnquiries } from "./blobs";
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

// The form hydrates when the browser is idle (client:idle), which a busy two-core machine can put off.
const hydrated = (page: import("@playwright/test").Page) =>
  expect(page.locator("form[data-hydrated]")).toBeVisible({ timeout: 15_000 });

test("shows each validation message next to its field and announces them", async ({ page }) => {
  // An address of this test's own: other tests store enquiries meanwhile.
  const email = `invalid-${Date.now()}@example.ee`;
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
  await fill(page, { Name: "n".repeat(101), Email: email, Message: "Hello" });
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
  expect((await storedEnquiries()).filter((s) => s.email === email)).toEqual([]);
});

test("a name that only looks filled in (U+3164, a Hangul filler) is refused by the form and by the server", async ({
  page,
  browser,
}) => {
  const email = `filler-${Date.now()}@example.ee`;
  await page.goto("/contact");
  await hydrated(page);
  const sent: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/submit-contact-form")) sent.push(request.method());
  });
  await fill(page, { Name: "\u3164", Email: email, Message: "Hello" });
  await page.getByRole("button", { name: "Send Message" }).click();
  const name = page.getByRole("textbox", { name: "Name", exact: true });
  await expect(name).toHaveAccessibleDescription("Name is required");
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Please correct 1 field.")).toBeAttached();
  expect(sent).toEqual([]);

  // Without JavaScript the browser sends it (the field is not empty), and the server refuses it.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const plain = await context.newPage();
  await plain.goto("/contact");
  await fill(plain, { Name: "\u3164", Email: email, Message: "Hello" });
  await plain.getByRole("button", { name: "Send Message" }).click();
  await expect(plain).toHaveURL("/contact/error");
  await context.close();
  expect((await storedEnquiries()).filter((s) => s.email === email)).toEqual([]);
});

test("sends a message: the button reads Sending..., a success toast shows and the form resets", async ({ page }) => {
  const errors = watchForErrors(page);
  const challenges: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/api/challenge")) challenges.push(request.url());
  });
  await page.goto("/contact");
  await hydrated(page);
  // The proof of work waits for the visitor: nothing is fetched or solved before the first focus.
  await page.waitForTimeout(300);
  expect(challenges).toEqual([]);
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
  let sent: Record<string, unknown> = {};
  await page.route("**/api/submit-contact-form", async (route) => {
    sent = route.request().postDataJSON();
    await held;
    await route.continue();
  });
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("button", { name: "Sending..." })).toBeDisabled();
  release();
  await expect(page.getByText("Thank you! Your message has been sent.")).toBeVisible();
  await expect(page.getByText("We'll get back to you within 24 hours.")).toBeVisible();
  // The reference the answer carries, as the confirmation mail names it.
  await expect(page.getByText(/Your reference: AA-[0-9A-HJKMNP-TV-Z]{4}$/)).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveValue("");
  await expect(page.getByRole("textbox", { name: "Message", exact: true })).toHaveValue("");
  await expect(page.getByRole("button", { name: "Send Message" })).toBeEnabled();
  // Other tests may store submissions at the same time, so look for this one rather than the newest.
  expect(await storedEnquiries()).toContainEqual(
    expect.objectContaining({
      name: "Mari Maasikas",
      company: "Studio Maasikas",
      phone: null,
      message: "Quote please",
    }),
  );
  // The post carried a solved proof of work in ALTCHA's payload shape, and it counted: not spam.
  expect(challenges).toHaveLength(1);
  const proof = JSON.parse(atob(String(sent.altcha)));
  expect(Object.keys(proof).sort()).toEqual(["challenge", "solution"]);
  expect(proof.challenge.parameters).toMatchObject({ algorithm: "SHA-256", nonce: expect.any(String) });
  expect(proof.solution).toMatchObject({
    counter: expect.any(Number),
    derivedKey: expect.stringMatching(/^[0-9a-f]+$/),
  });
  const stored = (await storedEnquiries()).find((s) => s.message === "Quote please" && s.name === "Mari Maasikas");
  expect(stored?.status).toBeUndefined();
  await expect(page.locator("[data-proof-failed]")).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("when the proof of work cannot be solved, a short notice says so and the message is still sent", async ({
  page,
}) => {
  await page.route("**/api/challenge", (route) => route.fulfill({ status: 503, body: "{}" }));
  await page.goto("/contact");
  await hydrated(page);
  await expect(page.locator("[data-proof-failed]")).toHaveCount(0);
  const email = `no-proof-${Date.now()}@example.ee`;
  await fill(page, { Name: "Kadri Kask", Email: email, Message: "Kas vildipaneele saab ka valges toonis?" });
  await expect(page.getByText("Your browser could not complete our automatic spam check.")).toBeVisible();
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Thank you! Your message has been sent.")).toBeVisible();
  const stored = (await storedEnquiries()).find((s) => s.email === email);
  expect(stored).toBeDefined();
  expect(stored?.status).toBeUndefined();
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
          .locator("[data-toast]")
          .getByText("Thank you! Your message has been sent.")
          // The previous success toast may still be on screen while the new one arrives.
          .last(),
        // Each accepted post is indexed and queued for mail before the answer: slow on a busy local run.
      ).toBeVisible({ timeout: 15_000 });
    }
    await expect(page.getByRole("button", { name: "Send Message" })).toBeEnabled();
  }
  await expect(page.getByText("Too many submissions")).toBeVisible();
  await expect(
    page.getByText("Please wait before submitting another message. Limit: 3 submissions per hour."),
  ).toBeVisible();
  await expect(page.locator("[data-toast]")).toHaveCount(1);
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
  await expect(page).toHaveURL(/\/contact\/sent\/AA-[0-9A-Z]{4}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you! Your message has been sent.");
  await expect(page.getByText("We'll get back to you within 24 hours.")).toBeVisible();
  const stored = (await storedEnquiries()).find((entry) => entry.message === "Sent without JavaScript");
  expect(stored).toMatchObject({ name: "No Script" });
  const reference = enquiryReference(String(stored?.id));
  expect(page.url()).toMatch(new RegExp(`/contact/sent/${reference}$`));
  await expect(page.getByText(`Your reference: ${reference}`)).toBeVisible();

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

test("a post that was not stored keeps every field, through a reload too, until one is sent", async ({ page }) => {
  await page.goto("/contact");
  await hydrated(page);
  const refuse = (route: import("@playwright/test").Route) =>
    route.fulfill({
      status: 503,
      contentType: "application/json",
      body: '{"error":{"code":"storage_unavailable","message":"Storage unavailable"}}',
    });
  await page.route("**/api/submit-contact-form", refuse);
  const typed = {
    Name: "Kept Visitor",
    Email: "kept@example.ee",
    Company: "Kept OÜ",
    Message: "Kept through an outage",
  };
  await fill(page, typed);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Error sending message")).toBeVisible();
  const expectTyped = async () => {
    for (const [label, value] of Object.entries(typed)) {
      await expect(page.getByRole("textbox", { name: label, exact: true })).toHaveValue(value);
    }
  };
  await expectTyped();

  // The outage lasts: a reload brings the page back with what was typed.
  await page.reload();
  await hydrated(page);
  await expectTyped();
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Error sending message").first()).toBeVisible();
  await expectTyped();

  // Storage is back: the message goes, the form empties, and a reload finds it empty.
  await page.unroute("**/api/submit-contact-form", refuse);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Thank you! Your message has been sent.")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Message", exact: true })).toHaveValue("");
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveValue("");
});

test("without JavaScript, a post that was not stored says nothing was sent, and Back returns the filled form", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/contact");
  // As the function answers a native post it could not store (503 storage_unavailable for JSON).
  await page.route("**/api/submit-contact-form", (route) =>
    route.fulfill({ status: 303, headers: { location: "/contact/error" } }),
  );
  await fill(page, { Name: "No Script", Email: "noscript@example.ee", Message: "Typed without JavaScript" });
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page).toHaveURL("/contact/error");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Error sending message");
  await expect(page.getByText("Nothing was sent.")).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL("/contact");
  await expect(page.getByRole("textbox", { name: "Message", exact: true })).toHaveValue("Typed without JavaScript");
  await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveValue("No Script");
  await context.close();
});

test("the preview holds the limit under 20 simultaneous posts from one address", async () => {
  const body = { name: "Burst", email: "burst@example.ee", message: "Burst", website: "" };
  // A loopback address of its own, so this burst has its own allowance.
  const statuses = await Promise.all(Array.from({ length: 20 }, () => postFrom("127.0.0.77", body)));
  // Sorted, so a failure shows every status that came back.
  expect(statuses.sort()).toEqual([...Array(3).fill(201), ...Array(17).fill(429)]);
});

// The sample request form shares the contact form's rate limit, so its tests run in this serial file.
test.describe("free samples", () => {
  const samplesForm = (page: import("@playwright/test").Page) => page.locator("form[action='/api/request-samples']");

  test("a product page's link opens the form with its first finish chosen", async ({ page }) => {
    await page.goto("/products/felt-panels");
    await page.getByRole("link", { name: "Order free samples" }).click();
    await expect(page).toHaveURL("/samples?finish=felt-panels%2Fmoss#samples-felt-panels");
    await hydrated(page);
    await expect(page.getByRole("checkbox", { name: "Moss", exact: true })).toBeChecked();
    await expect(page.getByText("1 of 4 chosen.")).toBeVisible();
  });

  test("shows each message by its field, and keeps the choice to four finishes", async ({ page }) => {
    const storedBefore = (await storedEnquiries()).length;
    await page.goto("/samples");
    await hydrated(page);
    await page.getByRole("button", { name: "Order free samples" }).click();
    for (const text of [
      "Choose between 1 and 4 finishes",
      "Name is required",
      "Invalid email address",
      "Street address is required",
      "Postal code is required",
      "City is required",
      "Choose a country we send samples to",
    ]) {
      await expect(samplesForm(page).getByText(text)).toBeVisible();
    }
    await expect(page.getByRole("textbox", { name: "Name", exact: true })).toBeFocused();
    await expect(page.getByRole("combobox", { name: "Country" })).toHaveAccessibleDescription(
      "Choose a country we send samples to",
    );
    for (const name of ["Moss", "Sand", "Terracotta", "Stone"])
      await page.getByRole("checkbox", { name, exact: true }).check();
    await expect(page.getByText("4 of 4 chosen.")).toBeVisible();
    await expect(page.getByRole("checkbox", { name: "Ink", exact: true })).toBeDisabled();
    await expect(samplesForm(page).getByText("Choose between 1 and 4 finishes")).toHaveCount(0);
    await page.getByRole("checkbox", { name: "Stone", exact: true }).uncheck();
    await expect(page.getByRole("checkbox", { name: "Ink", exact: true })).toBeEnabled();
    expect(await storedEnquiries()).toHaveLength(storedBefore);
  });

  test("sends a request: success toast, the form resets, stored as a sample request", async ({ page }) => {
    const errors = watchForErrors(page);
    await page.goto("/samples");
    await hydrated(page);
    await page.getByRole("checkbox", { name: "Walnut, matt", exact: true }).check();
    await page.getByRole("checkbox", { name: "Sage, painted", exact: true }).check();
    await fill(page, {
      Name: "Liisa Kask",
      Email: "liisa@example.fi",
      Company: "Kask Arkkitehdit",
      "Street address": "Mannerheimintie 12 B 7",
      "Postal code": "00100",
      City: "Helsinki",
    });
    await page.getByRole("combobox", { name: "Country" }).selectOption("Finland");
    await page.getByRole("button", { name: "Order free samples" }).click();
    await expect(page.getByText("Thank you! Your sample request has been sent.")).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveValue("");
    await expect(page.getByRole("checkbox", { name: "Walnut, matt", exact: true })).not.toBeChecked();
    expect(await storedEnquiries()).toContainEqual(
      expect.objectContaining({
        kind: "samples",
        name: "Liisa Kask",
        address: { street: "Mannerheimintie 12 B 7", postal_code: "00100", city: "Helsinki", country: "FI" },
        finishes: [
          { key: "veneered-panels/walnut-matt", product: "Veneered Panels", name: "Walnut, matt" },
          { key: "perforated-panels/sage", product: "Perforated Panels", name: "Sage, painted" },
        ],
      }),
    );
    expect(errors).toEqual([]);
  });

  test("works with JavaScript off: a native post lands on the confirmation page", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/samples");
    await page.getByRole("checkbox", { name: "Oak, matt", exact: true }).check();
    await fill(page, {
      Name: "Mats Berg",
      Email: "mats@example.se",
      "Street address": "Storgatan 1",
      "Postal code": "111 22",
      City: "Stockholm",
    });
    await page.getByRole("combobox", { name: "Country" }).selectOption("Sweden");
    await page.getByRole("button", { name: "Order free samples" }).click();
    await expect(page).toHaveURL(/\/samples\/sent\/AA-[0-9A-Z]{4}$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you! Your sample request has been sent.");
    expect(await storedEnquiries()).toContainEqual(
      expect.objectContaining({
        kind: "samples",
        name: "Mats Berg",
        finishes: [expect.objectContaining({ key: "veneered-panels/oak-matt" })],
      }),
    );
    await context.close();
  });
});
