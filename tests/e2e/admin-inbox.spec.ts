import { readFile } from "node:fs/promises";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { authEmulatorHost } from "../../scripts/lib/demo-accounts.mjs";
import { readXlsx } from "../support/xlsx";
import { axeViolations, expect as baseExpect, test } from "./fixtures";
import { postFrom } from "./post";

test.use({ timezoneId: "Europe/Tallinn" });

// Every flow here makes several calls to the Functions, each of which can take a second or more when
// the machine is busy: the flows get more time, and an assertion waits longer for a call's outcome.
test.describe.configure({ timeout: 90_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const PAGE = "/admin/contact-submissions";
let sent = 0;

/**
 * A loopback address of its own for every post (all of 127.0.0.0/8 reaches this machine), so no
 * post meets another's rate limit, whichever worker or run sent it.
 */
function freshAddress(): string {
  sent += 1;
  return `127.${(process.pid % 250) + 1}.${(Math.floor(Date.now() / 1000) % 250) + 1}.${sent}`;
}

/** A word no other submission contains, to find this test's rows. */
const uniqueMarker = (label: string) => `${label}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

async function submit(fields: {
  name: string;
  email?: string;
  message: string;
  company?: string;
  phone?: string;
  language?: string;
}) {
  const status = await postFrom(freshAddress(), {
    email: "visitor@example.ee",
    company: "",
    phone: "",
    website: "",
    ...fields,
  });
  expect(status).toBe(201);
}

async function requestSamples(fields: {
  name: string;
  email: string;
  address: { street: string; postal_code: string; city: string; country: string };
  finishes: string[];
}) {
  const status = await postFrom(
    freshAddress(),
    { company: "", phone: "", website: "", ...fields },
    "/api/request-samples",
  );
  expect(status).toBe(201);
}

async function signInAsAdmin(page: Page) {
  await page.goto("/auth");
  await expect(page.locator("form[data-ready]")).toBeVisible();
  await page.getByRole("textbox", { name: "Email" }).fill("admin@example.com");
  await page.getByLabel("Password").fill("admin-demo-123");
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL(PAGE);
  await expect(page.locator("table[data-submissions]")).toBeVisible();
}

const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Search enquiries" });
const rows = (page: Page) => page.locator("table[data-submissions] tbody tr");
const row = (page: Page, text: string) => rows(page).filter({ hasText: text });
const tab = (page: Page, label: string) =>
  page.getByRole("navigation", { name: "Filter by status" }).getByRole("link", { name: new RegExp(`^${label} `) });
const kindLink = (page: Page, label: string) =>
  page.getByRole("navigation", { name: "Filter by type" }).getByRole("link", { name: label, exact: true });

/** Resolves when the list for search `q` has come back from the API. */
const listLoaded = (page: Page, q: string) =>
  page.waitForResponse((response) => {
    const url = new URL(response.url());
    return (
      response.request().method() === "GET" &&
      url.pathname === "/api/contact-submissions" &&
      url.searchParams.get("q") === q
    );
  });

async function search(page: Page, text: string) {
  const loaded = listLoaded(page, text);
  await searchBox(page).fill(text);
  await searchBox(page).press("Enter");
  expect((await loaded).ok()).toBe(true);
  const q = new URLSearchParams({ q: text }).toString().replace(/[+%]/g, "\\$&");
  await expect(page).toHaveURL(new RegExp(`[?&]${q}(&|$)`));
}

async function openEnquiry(page: Page, name: string): Promise<Locator> {
  await row(page, name).getByRole("button", { name }).click();
  const dialog = page.getByRole("dialog", { name });
  await expect(dialog).toBeVisible();
  return dialog;
}

test("an admin filters by status tab and searches; the address keeps both through Back and reload", async ({
  page,
}) => {
  const marker = uniqueMarker("Filter");
  await submit({ name: "Alma Filter", message: `First ${marker}` });
  await submit({ name: "Bruno Filter", message: `Second ${marker}` });
  await signInAsAdmin(page);

  for (const label of ["All", "New", "Read", "Replied", "Archived"]) {
    await expect(tab(page, label)).toHaveText(new RegExp(`^${label}\\s*\\d+$`));
  }
  await expect(tab(page, "All")).toHaveAttribute("aria-current", "page");

  // Typing alone searches after a pause.
  await searchBox(page).fill(marker);
  await expect(page).toHaveURL(`${PAGE}?q=${marker}`);
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).nth(0)).toContainText("Bruno Filter");

  await tab(page, "New").click();
  await expect(page).toHaveURL(`${PAGE}?status=new&q=${marker}`);
  await expect(tab(page, "New")).toHaveAttribute("aria-current", "page");
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).first().locator("td").last()).toContainText("New");

  await tab(page, "Replied").click();
  await expect(page).toHaveURL(`${PAGE}?status=replied&q=${marker}`);
  await expect(page.getByText("No enquiries match this view")).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(`${PAGE}?status=new&q=${marker}`);
  await expect(rows(page)).toHaveCount(2);
  await page.reload();
  await expect(searchBox(page)).toHaveValue(marker);
  await expect(tab(page, "New")).toHaveAttribute("aria-current", "page");
  await expect(rows(page)).toHaveCount(2);

  // Search matches regardless of case and accents.
  await search(page, "alma FILTER");
  await expect(row(page, marker)).toHaveCount(1);
  await search(page, "Älma filter");
  await expect(row(page, marker)).toHaveCount(1);

  await page.getByRole("button", { name: "Clear search" }).click();
  await expect(page).toHaveURL(`${PAGE}?status=new`);
  await expect(searchBox(page)).toHaveValue("");
  await expect(searchBox(page)).toBeFocused();
});

test("an admin opens an enquiry (it becomes read), replies, archives, restores, notes it, and sees it all in the audit log", async ({
  page,
}) => {
  const marker = uniqueMarker("Detail");
  const name = `Kärt ${marker}`;
  await submit({
    name,
    email: "kart@example.ee",
    company: "Tamm OÜ",
    phone: "+372 5555 0101",
    message: `Hello ${marker}\nline two\nline three\nline four\nline five`,
  });
  await signInAsAdmin(page);
  await search(page, marker);
  await expect(row(page, marker)).toHaveAttribute("data-status", "new");

  const opener = row(page, marker).getByRole("button", { name });
  const dialog = await openEnquiry(page, name);
  const id = await row(page, marker).getAttribute("data-id");
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  await expect(page).toHaveURL(`${PAGE}?q=${marker}&id=${id}`);
  await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();
  // The whole message, every field.
  await expect(dialog.getByText("line five")).toBeVisible();
  for (const text of ["kart@example.ee", "Tamm OÜ", "+372 5555 0101", id ?? ""]) {
    await expect(dialog).toContainText(text);
  }
  await expect(dialog.getByRole("link", { name: "Reply by email" })).toHaveAttribute(
    "href",
    "mailto:kart@example.ee?subject=Re%3A%20your%20enquiry%20to%20Aural%20Acoustics",
  );
  // Opening a new enquiry marks it read.
  await expect(row(page, marker)).toHaveAttribute("data-status", "read");
  await expect(dialog.locator("dd").filter({ hasText: /^Read$/ })).toBeVisible();

  await dialog.getByRole("button", { name: "Mark replied", exact: true }).click();
  await expect(row(page, marker)).toHaveAttribute("data-status", "replied");
  await expect(dialog.getByRole("button", { name: "Replied", exact: true })).toHaveAttribute("aria-disabled", "true");
  // The dialog takes the next change only when the last one has finished.
  await expect(dialog.locator("[aria-busy]")).toHaveCount(0);

  await dialog.getByRole("button", { name: "Archive", exact: true }).click();
  await expect(row(page, marker)).toHaveAttribute("data-status", "archived");
  await expect(dialog.locator("[aria-busy]")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Restore", exact: true }).click();
  await expect(row(page, marker)).toHaveAttribute("data-status", "read");
  await expect(dialog.getByRole("button", { name: "Archive", exact: true })).toBeVisible();
  await expect(dialog.locator("[aria-busy]")).toHaveCount(0);

  const note = dialog.getByRole("textbox", { name: "Internal note" });
  await expect(note).toHaveAttribute("maxlength", "1000");
  await note.fill("Called back on Monday, sending samples.");
  await dialog.getByRole("button", { name: "Save note" }).click();
  await expect(dialog.getByText("Saved", { exact: true })).toBeVisible();

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await expect(page).toHaveURL(`${PAGE}?q=${marker}`);

  // Everything was stored.
  await page.reload();
  await expect(row(page, marker)).toHaveAttribute("data-status", "read");
  const again = await openEnquiry(page, name);
  await expect(again.getByRole("textbox", { name: "Internal note" })).toHaveValue(
    "Called back on Monday, sending samples.",
  );
  await again.getByRole("button", { name: "Close" }).click();
  await expect(again).toBeHidden();

  // The audit log names the admin and each change, never the visitor.
  await page.getByText("Audit log", { exact: true }).click();
  const log = page.locator("table[data-audit]");
  const short = (id ?? "").slice(0, 8);
  const entries = log.locator("tbody tr").filter({ has: page.getByRole("link", { name: `Open enquiry ${short}` }) });
  await expect(entries.first()).toBeVisible();
  const texts = await entries.allTextContents();
  for (const what of ["Marked Read", "Marked Replied", "Marked Archived", "Changed the note"]) {
    expect(
      texts.some((t) => t.includes(what) && t.includes("admin@example.com")),
      what,
    ).toBe(true);
  }
  expect(texts.filter((t) => t.includes("Marked Read"))).toHaveLength(2);
  await expect(log).not.toContainText("kart@example.ee");
  await expect(log).not.toContainText(marker);

  // An entry's link opens its enquiry.
  await entries.first().getByRole("link").click();
  await expect(page.getByRole("dialog", { name })).toBeVisible();
});

test("an admin replies from the dialog: the visitor gets it threaded in Finnish, the enquiry shows it, is Replied and audited", async ({
  page,
  request,
}) => {
  const marker = uniqueMarker("Reply");
  const name = `Liisa Virtanen ${marker}`;
  const email = `${marker.toLowerCase()}@example.fi`;
  await submit({
    name,
    email,
    message: `Hei! Tarvitsemme akustiikkapaneeleja neuvotteluhuoneeseen, noin 24 m², kaiku on kova. ${marker}`,
    language: "fi",
  });
  await signInAsAdmin(page);
  await search(page, marker);
  const dialog = await openEnquiry(page, name);
  const box = dialog.getByRole("textbox", { name: `Reply to ${name}` });
  await expect(box).toHaveAttribute("maxlength", "5000");
  // A saved reply goes in in the visitor's language, to be edited before it is sent.
  await dialog.getByRole("button", { name: "Please send a floor plan" }).click();
  await expect(box).toHaveValue(/pohjapiirroksen/);
  await expect(box).toBeFocused();
  await box.press("End");
  await box.pressSequentially(" Kati");
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole("button", { name: "Send reply" }).click();

  await expect(dialog.getByText("Reply sent", { exact: true })).toBeVisible();
  await expect(box).toHaveValue("");
  const conversation = dialog.locator("[data-conversation]");
  await expect(conversation.locator("[data-reply]")).toHaveCount(1);
  await expect(conversation).toContainText("admin@example.com");
  await expect(conversation).toContainText("pohjapiirroksen");
  await expect(row(page, marker)).toHaveAttribute("data-status", "replied");

  // In the visitor's mailbox: the confirmation and the reply, threaded with it.
  const mails = async () =>
    (
      (await (await request.get("http://localhost:1080/api/email")).json()) as {
        id: string;
        subject: string;
        to: { address: string }[];
        headers: Record<string, string>;
        messageId?: string;
      }[]
    ).filter((mail) => mail.to.some((to) => to.address === email));
  await expect.poll(async () => (await mails()).length).toBe(2);
  const reply = (await mails()).find((mail) => mail.subject.startsWith("Re: "));
  const confirmation = (await mails()).find((mail) => !mail.subject.startsWith("Re: "));
  expect(reply?.subject).toMatch(/^Re: AA-[0-9A-Z]{4} Hei! Tarvitsemme/);
  expect(reply?.headers["in-reply-to"]).toBe(confirmation?.headers["message-id"]);
  // Both mails' HTML as the catcher holds it, at a phone's width: in Finnish, nothing wider than the screen.
  const phone = await page.context().newPage();
  await phone.setViewportSize({ width: 390, height: 800 });
  for (const mail of [confirmation, reply]) {
    await phone.setContent(await (await request.get(`http://localhost:1080/api/email/${mail?.id}/html`)).text());
    await expect(phone.locator("html")).toHaveAttribute("lang", "fi");
    expect(await phone.evaluate(() => document.documentElement.scrollWidth), mail?.subject).toBeLessThanOrEqual(390);
  }
  await phone.close();

  await dialog.getByRole("button", { name: "Close" }).first().click();
  await expect(dialog).toBeHidden();
  await page.getByText("Audit log", { exact: true }).click();
  const short = (await row(page, marker).getAttribute("data-id"))?.slice(0, 8) ?? "";
  const entries = page
    .locator("table[data-audit] tbody tr")
    .filter({ has: page.getByRole("link", { name: `Open enquiry ${short}` }) });
  await expect(entries.filter({ hasText: "Sent a reply" })).toHaveCount(1);
});

/** Mails the preview's mail catcher holds whose text contains `text`. */
async function mailsWith(request: APIRequestContext, text: string): Promise<number> {
  const mails = (await (await request.get("http://localhost:1080/api/email")).json()) as { text?: string }[];
  return mails.filter((mail) => mail.text?.includes(text)).length;
}

test("spam waits in its own tab with its reasons; Not spam sends its notification once, Mark as spam moves it back", async ({
  page,
  request,
}) => {
  const marker = uniqueMarker("Spam");
  const name = `Growth Team ${marker}`;
  // Posted without a proof of work, as a script would: the content alone files it as spam.
  await submit({
    name,
    message: `Hi, I noticed your website is not on the first page of Google. We offer backlinks and guest posts, DA 50+. ${marker} https://bit.ly/x`,
  });
  await signInAsAdmin(page);
  await search(page, marker);
  await expect(rows(page)).toHaveCount(0);
  await tab(page, "Spam").click();
  await expect(page).toHaveURL(/status=spam/);
  await expect(row(page, marker)).toHaveAttribute("data-status", "spam");
  await expect(tab(page, "Spam")).toContainText(/[1-9]/);

  const dialog = await openEnquiry(page, name);
  // Opening spam does not mark it read: it stays in the folder.
  await expect(row(page, marker)).toHaveAttribute("data-status", "spam");
  await expect(dialog.getByRole("heading", { name: "Why it was filed as spam" })).toBeVisible();
  await expect(dialog.getByText("no proof of work", { exact: false })).toBeVisible();
  await expect(dialog.getByText('says "noticed your website"')).toBeVisible();
  await expect(dialog).toContainText("Withheld");
  await expect(dialog.getByRole("link", { name: "Reply by email" })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  expect(await mailsWith(request, marker)).toBe(0);

  await dialog.getByRole("button", { name: "Not spam", exact: true }).click();
  await expect(dialog.getByRole("button", { name: "Mark as spam", exact: true })).toBeVisible();
  await expect(dialog.getByRole("heading", { name: "Why it was first filed as spam" })).toBeVisible();
  await expect.poll(() => mailsWith(request, marker), { timeout: 15_000 }).toBe(1);
  await expect(dialog).toContainText("Sent");

  await dialog.getByRole("button", { name: "Mark as spam", exact: true }).click();
  await expect(dialog.getByRole("button", { name: "Not spam", exact: true })).toBeVisible();
  await expect(dialog.locator("[aria-busy]")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Not spam", exact: true }).click();
  await expect(dialog.getByRole("button", { name: "Mark as spam", exact: true })).toBeVisible();
  await page.waitForTimeout(1000);
  expect(await mailsWith(request, marker)).toBe(1);

  await page.keyboard.press("Escape");
  await page.getByText("Audit log", { exact: true }).click();
  const log = page.locator("table[data-audit]");
  await expect(log).toContainText("Not spam: moved to New");
  await expect(log).toContainText("Marked as spam");
});

test("several selected enquiries are called spam at once, and not spam again", async ({ page }) => {
  const marker = uniqueMarker("Bulk");
  for (const n of [1, 2]) {
    await submit({ name: `Bulk Visitor ${n} ${marker}`, message: `Panels for our meeting room, please. ${marker}` });
  }
  await signInAsAdmin(page);
  await search(page, marker);
  await expect(rows(page)).toHaveCount(2);
  for (const n of [1, 2]) await page.getByRole("checkbox", { name: `Select Bulk Visitor ${n} ${marker}` }).check();
  const bulk = page.getByRole("region", { name: "Selected enquiries" });
  await expect(bulk).toContainText("2 selected");
  await bulk.getByRole("button", { name: "Spam", exact: true }).click();
  await expect(page.getByText("Filed as spam")).toBeVisible();
  await tab(page, "Spam").click();
  await expect(rows(page)).toHaveCount(2);
  await page.getByRole("checkbox", { name: "Select every enquiry shown" }).check();
  await expect(bulk).toContainText("2 selected");
  await bulk.getByRole("button", { name: "Not spam", exact: true }).click();
  await expect(page.getByText("Moved to the inbox")).toBeVisible();
  await tab(page, "All").click();
  await expect(rows(page)).toHaveCount(2);
  for (const n of [1, 2]) await expect(row(page, `Bulk Visitor ${n}`)).toHaveAttribute("data-status", "new");
  expect(await axeViolations(page)).toEqual([]);
});

test("an admin filters by sample requests and opens one: its finishes and delivery address, no message", async ({
  page,
}) => {
  const marker = uniqueMarker("Samples");
  const name = `Mari ${marker}`;
  await submit({ name: `Quinn ${marker}`, message: `A quote please ${marker}` });
  await requestSamples({
    name,
    email: "mari@example.fi",
    address: { street: "Mannerheimintie 1 A 5", postal_code: "00100", city: "Helsinki", country: "FI" },
    finishes: ["felt-panels/moss"],
  });
  await signInAsAdmin(page);
  await expect(kindLink(page, "All")).toHaveAttribute("aria-current", "page");
  await search(page, marker);
  // Both kinds, each row tagged with its own.
  await expect(rows(page)).toHaveCount(2);
  await expect(row(page, name).locator("[data-kind]")).toHaveText("Samples");
  await expect(row(page, `Quinn ${marker}`).locator("[data-kind]")).toHaveText("Quote");
  await expect(row(page, name).locator("td p")).toHaveText("Felt Panels — Moss");

  // The status tabs count the kind chosen, as the list answer gives them.
  const samplesLoaded = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === "/api/contact-submissions" && url.searchParams.get("kind") === "samples";
  });
  await kindLink(page, "Sample requests").click();
  const answer = await samplesLoaded;
  expect(answer.ok()).toBe(true);
  const { counts } = (await answer.json()) as { counts: Record<"new" | "read" | "replied" | "archived", number> };
  await expect(page).toHaveURL(`${PAGE}?kind=samples&q=${marker}`);
  await expect(kindLink(page, "Sample requests")).toHaveAttribute("aria-current", "page");
  await expect(kindLink(page, "All")).not.toHaveAttribute("aria-current");
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(name);
  const all = counts.new + counts.read + counts.replied + counts.archived;
  await expect(tab(page, "All")).toHaveText(new RegExp(`^All\\s*${all}$`));
  await expect(tab(page, "New")).toHaveText(new RegExp(`^New\\s*${counts.new}$`));
  await expect(tab(page, "New")).toHaveAttribute("href", `${PAGE}?kind=samples&status=new&q=${marker}`);

  await kindLink(page, "Quote requests").click();
  await expect(page).toHaveURL(`${PAGE}?kind=contact&q=${marker}`);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(`Quinn ${marker}`);
  await page.goBack();
  await expect(page).toHaveURL(`${PAGE}?kind=samples&q=${marker}`);
  await expect(rows(page)).toHaveCount(1);

  const dialog = await openEnquiry(page, name);
  const id = await row(page, marker).getAttribute("data-id");
  await expect(page).toHaveURL(`${PAGE}?kind=samples&q=${marker}&id=${id}`);
  await expect(dialog.getByText("Sample request", { exact: true })).toBeVisible();
  await expect(dialog.getByRole("region", { name: "Finishes" }).getByRole("listitem")).toHaveText([
    "Felt Panels — Moss",
  ]);
  const address = dialog.getByRole("region", { name: "Delivery address" });
  for (const line of ["Mannerheimintie 1 A 5", "00100 Helsinki", "Finland"]) {
    await expect(address.getByText(line, { exact: true })).toBeVisible();
  }
  await expect(dialog.getByRole("heading", { name: "Message" })).toHaveCount(0);
  await expect(dialog.getByRole("link", { name: "Reply by email" })).toHaveAttribute(
    "href",
    "mailto:mari@example.fi?subject=Re%3A%20your%20sample%20request%20to%20Aural%20Acoustics",
  );
  // Opening it marks it read, as any enquiry.
  await expect(dialog.locator("dd").filter({ hasText: /^Read$/ })).toBeVisible();

  // The address with the kind and the open request survives a reload.
  await page.reload();
  const again = page.getByRole("dialog", { name });
  await expect(again).toBeVisible();
  await expect(kindLink(page, "Sample requests")).toHaveAttribute("aria-current", "page");
  await expect(again.getByRole("region", { name: "Delivery address" })).toContainText("Finland");
  await page.keyboard.press("Escape");
  await expect(again).toBeHidden();
  await expect(page).toHaveURL(`${PAGE}?kind=samples&q=${marker}`);
});

test("an admin deletes an enquiry only after confirming", async ({ page }) => {
  const marker = uniqueMarker("Delete");
  const name = `Dora ${marker}`;
  await submit({ name, message: `Please delete ${marker}` });
  await signInAsAdmin(page);
  await search(page, marker);

  const dialog = await openEnquiry(page, name);
  await expect(row(page, marker)).toHaveAttribute("data-status", "read");
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  const confirm = dialog.getByRole("button", { name: "Delete permanently" });
  await expect(confirm).toBeFocused();
  await expect(confirm).toHaveAccessibleDescription("This enquiry will be deleted permanently. This cannot be undone.");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(dialog.getByRole("button", { name: "Delete", exact: true })).toBeFocused();

  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  await dialog.getByRole("button", { name: "Delete permanently" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("The enquiry was deleted permanently")).toBeVisible();
  await expect(page.getByText("No enquiries match this view")).toBeVisible();
  await expect(page).toHaveURL(`${PAGE}?q=${marker}`);

  await page.reload();
  await expect(page.getByText("No enquiries match this view")).toBeVisible();
});

test("an admin erases every enquiry from one address", async ({ page }) => {
  const marker = uniqueMarker("erase");
  const email = `${marker}@example.ee`;
  await submit({ name: "Erin First", email, message: `One ${marker}` });
  await submit({ name: "Erin Second", email: email.toUpperCase(), message: `Two ${marker}` });
  await submit({ name: "Erin Other", email: `other-${email}`, message: `Three ${marker}` });
  await signInAsAdmin(page);
  await search(page, marker);
  await expect(rows(page)).toHaveCount(3);

  await page.getByText("Erase by email", { exact: true }).click();
  const field = page.getByRole("textbox", { name: "Email address" });
  await field.fill("not an address");
  await page.getByRole("button", { name: "Erase…" }).click();
  await expect(field).toHaveAccessibleDescription("Invalid email address");

  await field.fill(` ${email} `);
  await page.getByRole("button", { name: "Erase…" }).click();
  const confirm = page.getByRole("button", { name: "Erase permanently" });
  await expect(confirm).toBeFocused();
  await expect(confirm).toHaveAccessibleDescription(
    `Every enquiry from ${email} will be deleted permanently. This cannot be undone.`,
  );
  await confirm.click();
  await expect(page.getByRole("status").filter({ hasText: "Erased 2 enquiries" })).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText("Erin Other");

  await page.getByText("Audit log", { exact: true }).click();
  await expect(
    page.locator("table[data-audit] tbody tr").filter({ hasText: "Erased 2 enquiries by email" }).first(),
  ).toBeVisible();
  await expect(page.locator("table[data-audit]")).not.toContainText(email);
});

test("an admin downloads the current view as a spreadsheet and as CSV", async ({ page }) => {
  const marker = uniqueMarker("Csv");
  await submit({ name: `=HYPERLINK("x") ${marker}`, message: `Quote "this", then\na new line ${marker}` });
  await submit({ name: `Plain ${marker}`, message: `Plain ${marker}` });
  await signInAsAdmin(page);
  await search(page, marker);
  await expect(rows(page)).toHaveCount(2);

  // The workbook is the main download: text cells only, the formula-looking name as it was typed.
  const [workbook] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download spreadsheet (.xlsx)" }).click(),
  ]);
  expect(workbook.suggestedFilename()).toMatch(/^contact-submissions-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const [sheet] = await readXlsx(new Uint8Array(await readFile(await workbook.path())));
  const cells = sheet?.rows.flat() ?? [];
  expect(cells.filter((cell) => cell.formula)).toEqual([]);
  const names = sheet?.rows.slice(1).map((row) => row[6]?.value);
  expect(names).toEqual([`Plain ${marker}`, `=HYPERLINK("x") ${marker}`]);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^contact-submissions-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.subarray(3).toString("utf8");
  const lines = text.split("\r\n");
  expect(lines[0]).toBe(
    '"id","kind","language","created_at","updated_at","status","name","email","phone","company","message","finishes","street","postal_code","city","country","note","notified","replies"',
  );
  // Newest first; every text cell quoted, quotes doubled, the line break kept inside quotes, the formula defused.
  expect(text).toContain(`,"Plain ${marker}",`);
  expect(text).toContain(`"'=HYPERLINK(""x"") ${marker}"`);
  expect(text).toContain(`"Quote ""this"", then\na new line ${marker}"`);
  expect(text.indexOf(`Plain ${marker}`)).toBeLessThan(text.indexOf("HYPERLINK"));
  expect(text.split(marker).length - 1).toBe(4);

  await page.getByText("Audit log", { exact: true }).click();
  await expect(
    page
      .locator("table[data-audit] tbody tr")
      .filter({ hasText: "Downloaded an export" })
      .filter({ hasText: "admin@example.com" })
      .first(),
  ).toBeVisible();
});

test("a refused change shows the API's message in a toast above the open dialog", async ({ page }) => {
  const marker = uniqueMarker("Refused");
  const name = `Rein ${marker}`;
  await submit({ name, message: `Refused ${marker}` });
  await signInAsAdmin(page);
  await search(page, marker);
  await page.route("**/api/contact-submissions/*", (route) =>
    route.request().method() === "PATCH"
      ? route.fulfill({
          status: 503,
          contentType: "application/json",
          body: JSON.stringify({
            error: { code: "storage_unavailable", message: "Storage unavailable, please try again later" },
          }),
        })
      : route.fallback(),
  );
  const dialog = await openEnquiry(page, name);
  await expect(
    dialog.getByText("Storage is unavailable, nothing was changed. Please try again in a minute."),
  ).toBeVisible();
  await expect(dialog.getByText("Storage unavailable", { exact: true })).toBeVisible();
  await expect(row(page, marker)).toHaveAttribute("data-status", "new");
  await page.unrouteAll();
});

test("while storage is unavailable the inbox says so, never that there are no enquiries", async ({ page }) => {
  await signInAsAdmin(page);
  const list = (url: URL) => url.pathname === "/api/contact-submissions";
  await page.route(list, (route) =>
    route.fulfill({
      status: 503,
      contentType: "application/json",
      body: JSON.stringify({
        error: { code: "storage_unavailable", message: "Storage unavailable, please try again later" },
      }),
    }),
  );
  await page.reload();
  const notice = page.getByText("Storage is unavailable, nothing was changed. Please try again in a minute.");
  await expect(notice.first()).toBeVisible();
  await expect(page.getByText("No submissions yet")).toHaveCount(0);
  await expect(page.getByRole("table")).toHaveCount(0);
  await page.unrouteAll();
});

test("?id= opens that enquiry's detail on load, and closing it leaves the list", async ({ page }) => {
  const marker = uniqueMarker("Link");
  const name = `Linda ${marker}`;
  await submit({ name, message: `From the mail ${marker}` });
  await signInAsAdmin(page);
  await search(page, marker);
  const id = await row(page, marker).getAttribute("data-id");

  await page.goto(`${PAGE}?id=${id}`);
  const dialog = page.getByRole("dialog", { name });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();
  await expect(dialog.locator("dd").filter({ hasText: /^Read$/ })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(PAGE);

  await page.goto(`${PAGE}?id=00000000-0000-4000-8000-999999999999`);
  await expect(page.getByText("That enquiry was not found. It may have been deleted.")).toBeVisible();
  await expect(page).toHaveURL(PAGE);
});

test("the inbox works by keyboard and has no axe violations, with the dialog and confirmations open @phone", async ({
  page,
}) => {
  test.slow();
  const marker = uniqueMarker("Axe");
  const name = `Aksel ${marker}`;
  await submit({ name, message: `Accessible ${marker}` });
  await signInAsAdmin(page);
  await search(page, marker);

  // The page with both tools open.
  await page.getByText("Erase by email", { exact: true }).click();
  await page.getByText("Audit log", { exact: true }).click();
  await expect(page.locator("[data-audit-log] p, table[data-audit]").first()).toBeVisible();
  await expect(page.locator("[data-audit-log]").getByText("Loading...")).toBeHidden();
  // The open tools keep the page within the screen (the audit table scrolls sideways in its own frame),
  // so the dialog is centred on the screen rather than on a wider page.
  const width = page.viewportSize()?.width ?? 0;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
  expect(await axeViolations(page)).toEqual([]);

  // Keyboard only: to the name, open, close, focus back.
  const opener = row(page, marker).getByRole("button", { name });
  await opener.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();
  await expect(dialog).toBeInViewport({ ratio: 1 });
  // Opening marks the enquiry read; the check runs on the settled dialog.
  await expect(dialog.locator("dd").filter({ hasText: /^Read$/ })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(dialog.getByRole("button", { name: "Delete permanently" })).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // Cancel gives the focus back to Delete; the controls before it are reached inside the dialog.
  await expect(dialog.getByRole("button", { name: "Delete", exact: true })).toBeFocused();
  for (const control of ["Mark as spam", "Archive", "Mark replied", "Reply by email"]) {
    await page.keyboard.press("Shift+Tab");
    await expect(
      dialog.getByRole(control === "Reply by email" ? "link" : "button", { name: control, exact: true }),
    ).toBeFocused();
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  // Nothing is wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
});

/** An ID token for a demo account, from the Auth emulator's REST API. */
async function idToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await request.post(
    `http://${authEmulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    { data: { email, password, returnSecureToken: true } },
  );
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { idToken: string }).idToken;
}

test("every inbox endpoint answers 403 to a signed-in user without the admin role, and 401 without a token", async ({
  request,
}) => {
  const token = await idToken(request, "user@example.com", "user-demo-123");
  const id = "00000000-0000-4000-8000-000000000001";
  const calls: [string, string, unknown?][] = [
    ["GET", "/api/contact-submissions"],
    ["GET", "/api/contact-submissions?status=new&q=x"],
    ["GET", "/api/contact-submissions/export.csv"],
    ["GET", "/api/contact-submissions/audit"],
    ["PATCH", `/api/contact-submissions/${id}`, { status: "read" }],
    ["DELETE", `/api/contact-submissions/${id}`],
    ["POST", "/api/contact-submissions/erase", { email: "kart@example.ee" }],
  ];
  for (const [method, url, data] of calls) {
    const headers = { origin: "http://localhost:8888" };
    const asUser = await request.fetch(url, {
      method,
      headers: { ...headers, authorization: `Bearer ${token}` },
      ...(data ? { data } : {}),
    });
    expect(asUser.status(), `${method} ${url}`).toBe(403);
    expect(await asUser.json()).toMatchObject({ error: { code: "forbidden" } });
    const anonymous = await request.fetch(url, { method, headers, ...(data ? { data } : {}) });
    expect(anonymous.status(), `${method} ${url} without a token`).toBe(401);
  }
});
