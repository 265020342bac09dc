import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { expect, test, watchForErrors } from "./fixtures";

const PATH = "/tools/room-acoustics-calculator";
const ROOM = `${PATH}?length=9&width=7.5&height=3&type=classroom&floor=carpet&ceiling=plaster&walls=plaster&product=felt-panels&amount=12&unit=panels`;
const hydrated = (page: Page) => expect(page.locator("room-calculator")).toHaveAttribute("data-ready", "");
const reportButton = (page: Page) => page.getByRole("button", { name: "Download report (PDF)" });
/** Requests for the report's code or its fonts. */
const reportRequest = (url: string) => /\/_astro\/report\.|\/fonts\/pdf\//.test(url);

test.describe("the calculator's PDF report", () => {
  test("loads only when asked for and states the figures the page shows", async ({ page }) => {
    const errors = watchForErrors(page);
    const requested: string[] = [];
    page.on("request", (request) => requested.push(request.url()));
    await page.goto(ROOM);
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    expect(requested.filter(reportRequest)).toEqual([]);

    const midBefore = (await page.locator('[data-out="mid-before"]').textContent()) ?? "";
    const midAfter = (await page.locator('[data-out="mid-after"]').textContent()) ?? "";
    const recommendation = (await page.locator('[data-out="recommendation"]').textContent()) ?? "";
    const [download] = await Promise.all([page.waitForEvent("download"), reportButton(page).click()]);
    expect(download.suggestedFilename()).toBe("room-acoustics-report.pdf");
    await expect(page.locator('[data-out="report"]')).toContainText("Report downloaded");
    expect(requested.filter(reportRequest).length).toBeGreaterThanOrEqual(4);

    const bytes = new Uint8Array(await readFile(await download.path()));
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
    const flat = text.replace(/\s+/g, " ");
    expect(flat).toContain(`Now, T(500–1000 Hz) ${midBefore} s`);
    expect(flat).toContain(`With panels ${midAfter} s`);
    expect(flat).toContain(recommendation);
    expect(flat).toContain("Classroom, 9 × 7.5 × 3 m, with Felt Panels.");
    expect(flat.replaceAll(" ", "")).toContain(`${new URL(page.url()).origin}${ROOM}`.replaceAll(" ", ""));
    expect(errors).toEqual([]);
  });

  test("is offered only with scripts and a valid room", async ({ page, browser }) => {
    await page.goto(PATH);
    await hydrated(page);
    await expect(reportButton(page)).toBeVisible();
    await page.getByRole("textbox", { name: "Height (m)" }).fill("40");
    await expect(reportButton(page)).toBeHidden();
    await page.getByRole("textbox", { name: "Height (m)" }).fill("3");
    await expect(reportButton(page)).toBeVisible();

    const context = await browser.newContext({ javaScriptEnabled: false });
    const noScript = await context.newPage();
    await noScript.goto(PATH);
    await expect(noScript.getByRole("link", { name: "Request a quote for this room" })).toBeVisible();
    await expect(noScript.getByRole("button", { name: "Download report (PDF)" })).toBeHidden();
    await context.close();
  });

  test("the quote request shows the visitor the link to the calculation", async ({ page }) => {
    await page.goto(ROOM);
    await hydrated(page);
    await page.getByRole("link", { name: "Request a quote for this room" }).click();
    await expect(page).toHaveURL(/\/contact\?/);
    const link = page.getByRole("link", { name: "open it in the room acoustics calculator" });
    await expect(link).toBeVisible();
    expect(new URL((await link.getAttribute("href")) ?? "").search).toBe(new URL(ROOM, page.url()).search);
    const message = await page.getByRole("textbox", { name: "Message", exact: true }).inputValue();
    expect(message).toContain(`Calculation: ${new URL(ROOM, page.url()).href}`);
  });
});
