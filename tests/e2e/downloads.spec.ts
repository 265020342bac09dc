import { fi } from "../../src/i18n/dictionaries/fi";
import { fill } from "../../src/i18n/fill";
import { axeViolations, expect, test, watchForErrors } from "./fixtures";

// The document library: plain lists without JavaScript, a filter with it, files as attachments.

test("without JavaScript: every product's documents as lists by product and by type, each file an attachment", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/fi/downloads");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(fi.downloads.title);
  await expect(page.locator("form[data-document-filters]")).toBeHidden();
  const felt = page.locator("section#felt-panels");
  // The datasheet and the installation guide in four languages, two certificates, the IFC, DXF and zip.
  await expect(felt.locator("tbody tr")).toHaveCount(13);
  // The 2022 emission label is past its last valid day: it says so, in words.
  const expired = felt.locator("tbody tr", {
    has: page.getByRole("link", { name: fi.downloads.types["emission-label"] }),
  });
  await expect(expired).toContainText(fi.downloads.certificate.expired("30. kesäkuuta 2025"));
  await expect(expired).not.toContainText("Voimassa");
  // "By type" leads to a plain list of every product's file of that type.
  await page.getByRole("link", { name: fi.downloads.types.ifc }).first().click();
  await expect(page).toHaveURL(/#type-ifc$/);
  await expect(page.locator("#type-ifc li")).toHaveCount(5);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    felt.getByRole("link", { name: fi.downloads.types.ifc }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("felt-panels.ifc");
  await context.close();
});

test("with JavaScript: filters by product and type, and says how many are shown", async ({ page }) => {
  const errors = watchForErrors(page);
  await page.goto("/fi/downloads");
  const form = page.locator("form[data-document-filters]");
  await expect(form).toBeVisible();
  const rows = page.locator("section[data-product-section] tbody tr:visible");
  const total = await rows.count();
  // Eleven generated documents per product, and seven certificates listed under the products they cover.
  expect(total).toBe(62);
  await form.getByRole("combobox", { name: fi.downloads.type, exact: true }).selectOption("ifc");
  await expect(rows).toHaveCount(5);
  await expect(form.getByRole("status")).toHaveText(fill(fi.downloads.showing, { shown: 5, total }));
  await form.getByRole("combobox", { name: fi.downloads.product, exact: true }).selectOption("felt-panels");
  await expect(rows).toHaveCount(1);
  await expect(page.locator("section[data-product-section]:visible")).toHaveCount(1);
  await form.getByRole("combobox", { name: fi.downloads.type, exact: true }).selectOption("");
  await expect(rows).toHaveCount(13);
  expect(await axeViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
});
