import { LOCALES, localePath, splitLocale } from "../../src/i18n/locales";
import { axeViolations, expect, test, watchForErrors } from "./fixtures";

// The product overview's sort and filters, and the site search in every language, in the browser.

/** Each language's name of the felt panels, as a visitor types it. */
const FELT_PANELS = { en: "Felt Panels", et: "Vildipaneelid", fi: "Huopapaneelit", sv: "Filtpaneler" } as const;

test.describe("the comparison table", () => {
  test("sorts by a column and filters by fire class, NRC and colour, in the URL for sharing", async ({ page }) => {
    const errors = watchForErrors(page);
    // On a phone the table is screens below the cards: the page's load does no work on it.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/products");
    const table = page.locator("table[data-compare]");
    const rows = table.locator("tbody tr[data-product]");
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await expect(table.locator("thead button")).toHaveCount(0);
    await expect(page.locator("form[data-compare-filters]")).toBeHidden();
    // Coming near, it gets its sort buttons and filters.
    await page.getByRole("heading", { name: "Compare the panels" }).scrollIntoViewIfNeeded();
    await expect(table.locator("thead button")).toHaveCount(8);
    await expect(page.locator("form[data-compare-filters]")).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 720 });
    const visibleNrc = async () =>
      await rows.evaluateAll((trs: HTMLElement[]) =>
        trs.filter((tr) => !tr.hidden).map((tr) => Number(tr.dataset.nrc)),
      );

    // Sort by NRC: ascending, then descending, the header telling which.
    const nrcHeader = table.getByRole("columnheader", { name: "NRC" });
    await nrcHeader.getByRole("button").click();
    await expect(nrcHeader).toHaveAttribute("aria-sort", "ascending");
    const ascending = await visibleNrc();
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    await nrcHeader.getByRole("button").click();
    await expect(nrcHeader).toHaveAttribute("aria-sort", "descending");
    const descending = await visibleNrc();
    expect(descending).toEqual([...ascending].sort((a, b) => b - a));
    await expect(page).toHaveURL(/[?&]sort=nrc&order=desc/);

    // Filters: only the panels that meet them, counted in the status line.
    await page.getByLabel("NRC, at least").selectOption({ label: "0.80" });
    expect((await visibleNrc()).every((nrc) => nrc >= 0.8)).toBe(true);
    await page.getByLabel("Reaction to fire, at least").selectOption({ label: "A2-s1,d0" });
    const shown = await rows.evaluateAll((trs: HTMLElement[]) => trs.filter((tr) => !tr.hidden).length);
    await expect(page.getByRole("status")).toHaveText(`${shown} of 5 panels shown`);
    await page.getByLabel("Finish colour").selectOption({ label: "Blue" });
    await expect(page.getByText("No panel meets all these filters.")).toBeVisible();

    // The view is the address: opened again, it is the same view.
    const shared = page.url();
    expect(new URL(shared).searchParams.get("colour")).toBe("blue");
    await page.goto(shared);
    await expect(page.getByLabel("Finish colour")).toHaveValue("blue");
    await expect(table.getByRole("columnheader", { name: "NRC" })).toHaveAttribute("aria-sort", "descending");
    await expect(page.getByText("No panel meets all these filters.")).toBeVisible();

    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect(page.getByRole("status")).toHaveText("5 of 5 panels shown");
    await expect(page).not.toHaveURL(/colour=/);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  test("a product's Compare link opens the table on that product, highlighted and ready to sort", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/products/felt-panels");
    await page.getByRole("link", { name: "Compare with the other panels" }).click();
    await expect(page).toHaveURL(/\/products#compare-felt-panels$/);
    const row = page.locator("#compare-felt-panels");
    await expect(row).toBeInViewport();
    expect(await row.evaluate((tr) => tr.matches(":target"))).toBe(true);
    await expect(page.locator("table[data-compare] thead button")).toHaveCount(8);
  });

  test("reached from below (the table above the screen), its controls appear without moving what is on screen", async ({
    page,
  }) => {
    // As a return to the page's end does: the table is passed before its controls exist.
    await page.setViewportSize({ width: 1024, height: 600 });
    await page.goto("/products");
    // Where the footer is right after the jump, before the controls could be built (a later task).
    const before = await page.evaluate(() => {
      const table = document.querySelector("product-compare");
      if (table) window.scrollTo({ top: scrollY + table.getBoundingClientRect().bottom + 40, behavior: "instant" });
      const form = document.querySelector("form[data-compare-filters]");
      return form?.hasAttribute("hidden") ? document.querySelector("footer")?.getBoundingClientRect().top : null;
    });
    expect(before).not.toBeNull();
    const footerTop = () => page.locator("footer").evaluate((footer) => footer.getBoundingClientRect().top);
    await expect(page.locator("form[data-compare-filters]")).not.toHaveAttribute("hidden");
    await expect(page.locator("table[data-compare] thead button")).toHaveCount(8);
    expect(Math.abs((await footerTop()) - (before ?? 0))).toBeLessThan(1);
  });

  test("is the plain, complete table without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/products?colour=blue");
    await expect(page.locator("form[data-compare-filters]")).toBeHidden();
    await expect(page.locator("table[data-compare] tbody tr:visible")).toHaveCount(5);
    await context.close();
  });
});

test.describe("site search", () => {
  for (const locale of LOCALES) {
    // On the phone in English only: the dialog's layout is the same in every language.
    test(`${locale}: finds a product by its name in that language first${locale === "en" ? " @phone" : ""}`, async ({
      page,
    }) => {
      const errors = watchForErrors(page);
      const loaded: string[] = [];
      page.on("request", (request) => loaded.push(new URL(request.url()).pathname));
      await page.goto(localePath(locale, "/learning"));
      // Nothing of search is loaded before it is opened.
      expect(loaded.filter((path) => path.startsWith("/pagefind/") || /site-search/.test(path))).toEqual([]);

      const opener = page.locator("[data-search-open]");
      await opener.click();
      const dialog = page.getByRole("dialog");
      const field = dialog.getByRole("searchbox");
      await expect(field).toBeFocused();
      await field.fill(FELT_PANELS[locale]);
      const results = dialog.getByRole("listitem").getByRole("link");
      await expect(results.first()).toHaveAttribute("href", localePath(locale, "/products/felt-panels"));
      // Only pages of this language.
      for (const href of await results.evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""))) {
        expect(splitLocale(href).locale, href).toBe(locale);
      }
      await expect(dialog.getByRole("status")).not.toBeEmpty();

      // Keyboard: down into the results, Escape closes and focus goes back to the button.
      await field.press("ArrowDown");
      await expect(results.first()).toBeFocused();
      if (locale === "en") expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();
      expect(errors).toEqual([]);
    });
  }

  test("Ctrl+K opens it, and words are found as people write them", async ({ page }) => {
    // Six visits, each opening search and loading its index: three times the usual time.
    test.slow();
    const errors = watchForErrors(page);
    const searches = [
      ["/fi", "jälkikaiunta", /^\/fi\//],
      ["/sv", "efterklang", /^\/sv\//],
      ["/et", "spoon", /^\/et\/products\/veneered-panels$/],
      ["/", "perfor", /^\/products\/perforated-panels$/],
      ["/", "Moss", /^\/products\/felt-panels$/],
    ] as const;
    for (const [home, query, first] of searches) {
      await page.goto(home);
      await page.keyboard.press("ControlOrMeta+k");
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("searchbox").fill(query);
      const firstLink = dialog.getByRole("listitem").getByRole("link").first();
      await expect(firstLink).toBeVisible();
      expect(await firstLink.getAttribute("href"), query).toMatch(first);
    }
    await page.goto("/");
    await page.keyboard.press("ControlOrMeta+k");
    await page.getByRole("dialog").getByRole("searchbox").fill("qqqzzzxx");
    await expect(page.getByRole("dialog").getByRole("status")).toHaveText(
      "No page matches “qqqzzzxx”. Try a shorter word.",
    );
    expect(errors).toEqual([]);
  });

  test("without JavaScript, the button offers the product overview and the learning index", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/sv/about");
    await page.locator("[data-search-open]").click();
    await expect(page.getByRole("link", { name: "Alla produkter" })).toHaveAttribute("href", "/sv/products");
    await expect(page.getByRole("link", { name: "Kunskapsbank" })).toHaveAttribute("href", "/sv/learning");
    await context.close();
  });
});
