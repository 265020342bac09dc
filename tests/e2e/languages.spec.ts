import { et } from "../../src/i18n/dictionaries/et";
import { fi } from "../../src/i18n/dictionaries/fi";
import { sv } from "../../src/i18n/dictionaries/sv";
import { fill } from "../../src/i18n/fill";
import { resetRateLimit, storedEnquiries } from "./blobs";
import { axeViolations, expect, test, watchForErrors } from "./fixtures";

test.describe("language switcher", () => {
  test("keeps the visitor on the same page, named in each language, and needs no script", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/products/felt-panels");
    const switcher = page.locator("header details[name=main-nav]:has([data-language-links]) > summary");
    // Its name says what it is before the current language's code.
    await expect(switcher).toHaveAccessibleName(/^Language:?\s*EN$/);
    await switcher.click();
    const suomi = page.getByRole("link", { name: "Suomi", exact: true }).first();
    await expect(suomi).toHaveAttribute("hreflang", "fi");
    await expect(suomi).toHaveAttribute("lang", "fi");
    await suomi.click();
    await expect(page).toHaveURL("/fi/products/felt-panels");
    await expect(page.locator("html")).toHaveAttribute("lang", "fi");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Huopapaneelit");
    await expect(
      page.locator("header details[name=main-nav]:has([data-language-links]) > summary"),
    ).toHaveAccessibleName(new RegExp(`^${fi.language.label}:?\\s*FI$`));
    // The current language is marked; every other leads to the same page in that language.
    const links = page.locator("header details[name=main-nav] [data-language-links] a");
    await expect(links).toHaveCount(4);
    await expect(links.filter({ hasText: "Suomi" })).toHaveAttribute("aria-current", "true");
    await expect(links.filter({ hasText: "English" })).toHaveAttribute("href", "/products/felt-panels");
    await expect(links.filter({ hasText: "Eesti" })).toHaveAttribute("href", "/et/products/felt-panels");
    await expect(links.filter({ hasText: "Svenska" })).toHaveAttribute("href", "/sv/products/felt-panels");
    await context.close();
  });

  test("is in the mobile menu as a list of the four languages, labelled in the page's language @phone-only", async ({
    page,
  }) => {
    await page.goto("/sv/gallery");
    await page.getByText(sv.header.menu, { exact: true }).click();
    const list = page.getByRole("navigation", { name: sv.language.label });
    await expect(list.getByRole("link")).toHaveCount(4);
    await list.getByRole("link", { name: "Eesti" }).click();
    await expect(page).toHaveURL("/et/gallery");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(et.gallery.heading);
  });

  test("does not send a visitor to another language by the browser's language", async ({ browser }) => {
    const context = await browser.newContext({ locale: "fi-FI" });
    const page = await context.newPage();
    await page.goto("/about");
    await expect(page).toHaveURL("/about");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await context.close();
  });
});

test.describe("translated pages", () => {
  test("a missing page under a language's prefix answers 404 in that language", async ({ page }) => {
    const response = await page.goto("/sv/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", "sv");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(sv.notFound.heading);
    await expect(page.locator("[data-attempted-path]")).toHaveText("/sv/no-such-page");
  });

  test("the calculator writes decimal commas, takes them as input and asks for a quote in Finnish", async ({
    page,
  }) => {
    const errors = watchForErrors(page);
    await page.goto("/fi/tools/room-acoustics-calculator");
    await expect(page.locator("room-calculator[data-ready]")).toBeAttached();
    await expect(page.locator("[data-out=volume]")).toHaveText(/^\d+,\d$/);
    await page.getByRole("textbox", { name: `${fi.calculator.ui.length} (m)` }).fill("7,5");
    await expect(page.locator("[data-out=mid-before]")).toHaveText(/^\d+,\d\d$/);
    await page.getByRole("textbox", { name: `${fi.calculator.ui.height} (m)` }).fill("30");
    await expect(
      page.getByText(fi.calculator.ui.heightRange.replace("{min}", "2").replace("{max}", "25")),
    ).toBeVisible();
    await page.getByRole("textbox", { name: `${fi.calculator.ui.height} (m)` }).fill("2,7");
    await page.getByRole("textbox", { name: `${fi.calculator.ui.height} (m)` }).press("Tab");
    const quote = page.getByRole("link", { name: fi.calculator.ui.quote });
    await expect(quote).toHaveAttribute("href", /^\/fi\/contact\?/);
    const message = new URL(`http://x${await quote.getAttribute("href")}`).searchParams.get("message") ?? "";
    expect(message.split("\n")[0]).toBe(fi.calculator.ui.quoteIntro);
    expect(message).toContain("7,5 ×");
    expect(errors).toEqual([]);
  });

  test("the datasheet link leads to the datasheet in the page's language", async ({ page, request }) => {
    await page.goto("/et/products/felt-panels");
    // Beside the buttons, and again among the product's documents (where its certificates are PDFs too).
    const links = page.locator("a[type='application/pdf']:not([href^='/downloads/documents/'])");
    await expect(links).toHaveCount(2);
    for (const link of await links.all())
      await expect(link).toHaveAttribute("href", "/et/products/felt-panels/datasheet.pdf");
    const pdf = await request.get("/et/products/felt-panels/datasheet.pdf");
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    const bytes = await pdf.body();
    expect(bytes.toString("latin1")).toContain("/Lang (et-EE)");
  });
});

test.describe("forms in the visitor's language", () => {
  test.describe.configure({ mode: "serial" });
  test.beforeEach(async () => {
    await resetRateLimit();
  });

  test("the Estonian contact form words its messages in Estonian and stores the enquiry as Estonian", async ({
    page,
  }) => {
    await page.goto("/et/contact");
    await expect(page.locator("form[data-hydrated]")).toBeVisible();
    await page.getByRole("button", { name: et.contact.form.send }).click();
    await expect(page.getByText(et.forms.validation.nameRequired)).toBeVisible();
    await expect(page.getByText(et.contact.form.messageRequired)).toBeVisible();
    const marker = `Eesti ${Date.now()}`;
    await page.getByRole("textbox", { name: et.forms.name, exact: true }).fill("Kärt Tamm");
    await page.getByRole("textbox", { name: et.forms.email, exact: true }).fill("kart@example.ee");
    await page.getByRole("textbox", { name: et.contact.form.message, exact: true }).fill(marker);
    await page.getByRole("button", { name: et.contact.form.send }).click();
    // The first post may meet a function that is still starting.
    await expect(page.getByText(et.contact.toasts.success.title)).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole("button", { name: et.forms.closeToast })).toBeVisible();
    expect(await storedEnquiries()).toContainEqual(expect.objectContaining({ message: marker, language: "et" }));
  });

  test("without JavaScript, a Swedish sample request lands on the Swedish confirmation page", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/sv/samples");
    await page.locator("input[name=finishes]").first().check();
    const marker = `Svensk ${Date.now()}`;
    await page.getByRole("textbox", { name: sv.forms.name, exact: true }).fill(marker);
    await page.getByRole("textbox", { name: sv.forms.email, exact: true }).fill("lisa@example.se");
    await page.getByRole("textbox", { name: sv.samples.form.street, exact: true }).fill("Storgatan 1");
    await page.getByRole("textbox", { name: sv.samples.form.postalCode, exact: true }).fill("111 22");
    await page.getByRole("textbox", { name: sv.samples.form.city, exact: true }).fill("Stockholm");
    await page.getByRole("combobox", { name: sv.samples.form.country }).selectOption({ label: "Sverige" });
    await page.getByRole("button", { name: sv.samples.form.send }).click();
    await expect(page).toHaveURL(/\/sv\/samples\/sent\/AA-[0-9A-Z]{4}$/);
    await expect(
      page.getByText(fill(sv.samples.toasts.reference, { reference: page.url().split("/").pop() ?? "" })),
    ).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "sv");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(sv.samples.toasts.success.title);
    expect(await storedEnquiries()).toContainEqual(
      expect.objectContaining({ name: marker, kind: "samples", language: "sv" }),
    );
    await context.close();
  });
});

test.describe("accessibility of translated pages", () => {
  test.use({ reducedMotion: "reduce" });

  test("the open language menu and the Finnish form with its messages have no violations", async ({ page }) => {
    await page.goto("/fi/contact");
    await page.locator("header details[name=main-nav]:has([data-language-links]) > summary").click();
    expect(await axeViolations(page)).toEqual([]);
    await expect(page.locator("form[data-hydrated]")).toBeVisible();
    await page.getByRole("button", { name: fi.contact.form.send }).click();
    await expect(page.getByText(fi.forms.validation.nameRequired)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});
