import { expect, test } from "./fixtures";
import { postFrom } from "./post";

test.describe.configure({ mode: "serial" });
/** The admin list is one call to the local Functions emulator, which is slow under a busy test run. */
const LIST_LOADED = { timeout: 15_000 };
test.use({ timezoneId: "Europe/Tallinn" });

async function signIn(page: import("@playwright/test").Page, email: string, password: string) {
  await page.goto("/auth");
  await expect(page.locator("form[data-ready]")).toBeVisible();
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/**
 * An anonymous visit to the admin page learns there is no session from Firebase Auth (its code loads
 * on demand, and the emulator's first answer takes seconds when it has just started, or when the test
 * run keeps both cores busy), then replaces itself with /auth.
 */
const TO_SIGN_IN = { timeout: 15_000 };

test("the sign-in form shows its validation messages", async ({ page }) => {
  await page.goto("/auth");
  await expect(page.locator("form[data-ready]")).toBeVisible();
  await page.getByRole("textbox", { name: "Email" }).fill("not-an-email");
  await page.getByLabel("Password").fill("12345");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Invalid email address")).toBeVisible();
  await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
});

test("a wrong password shows 'Sign in failed' with the server's message", async ({ page }) => {
  await signIn(page, "admin@example.com", "wrong-password");
  await expect(page.getByText("Sign in failed")).toBeVisible();
  await expect(page.getByText(/auth\/(wrong-password|invalid-credential)/)).toBeVisible();
});

test("an anonymous visit to the admin page lands on /auth and Back does not return", async ({ page }) => {
  await page.goto("/");
  await page.goto("/admin/contact-submissions");
  await expect(page).toHaveURL("/auth", TO_SIGN_IN);
  await page.goBack();
  await expect(page).toHaveURL("/");
});

test("a signed-in user without the role goes home and sees Access Denied on the admin page", async ({ page }) => {
  await signIn(page, "user@example.com", "user-demo-123");
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("button", { name: "Sign Out" }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Admin Dashboard" })).toHaveCount(0);
  await page.goto("/admin/contact-submissions");
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
});

test("an admin signs in, lands on the dashboard and sees a new submission first, shown as text", async ({ page }) => {
  // Several round trips to the local Functions, each slow while the other worker is busy.
  test.setTimeout(60_000);
  // From an address of its own, so that other tests' submissions do not use up its allowance.
  const marker = `Check ${Date.now()}`;
  const status = await postFrom("127.0.0.88", {
    name: "Kärt Tamm",
    email: "kart@example.ee",
    company: "",
    phone: "",
    website: "",
    message: `<script>window.__xss = 1</script> ${marker} line two line three line four line five`,
  });
  expect(status).toBe(201);

  // The success toast shows for the 100 ms before the redirect, too briefly to poll for on a busy
  // machine: the page reports the moment its text is rendered. The redirect's delay is measured by the
  // browser's own clock, from the session's response to the dashboard's navigation, so neither the
  // round trips to the Auth emulator and the local Functions nor the test's event delivery count.
  const rendered: string[] = [];
  const marks = new Map<string, number>();
  await page.exposeFunction("__rendered", (text: string) => rendered.push(text));
  await page.exposeFunction("__mark", (name: string, at: number) => {
    if (!marks.has(name)) marks.set(name, at);
  });
  await page.addInitScript(() => {
    const page = window as unknown as { __rendered: (text: string) => void; __mark: (n: string, at: number) => void };
    page.__mark(`navigation ${location.pathname}`, performance.timeOrigin);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceResourceTiming[]) {
        if (entry.name.endsWith("/api/session")) page.__mark("session", performance.timeOrigin + entry.responseEnd);
      }
    }).observe({ type: "resource", buffered: true });
    new MutationObserver(() => {
      // biome-ignore lint/performance/useDomNodeTextContent: the text as rendered, not hidden text
      if (document.body?.innerText.includes("Successfully signed in")) page.__rendered("Successfully signed in");
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await page.goto("/auth");
  await expect(page.locator("form[data-ready]")).toBeVisible();
  await page.getByRole("textbox", { name: "Email" }).fill("admin@example.com");
  await page.getByLabel("Password").fill("admin-demo-123");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect.poll(() => rendered.includes("Successfully signed in")).toBe(true);
  await expect.poll(() => marks.has("navigation /admin/contact-submissions") && marks.has("session")).toBe(true);
  const redirectMs = (marks.get("navigation /admin/contact-submissions") ?? 0) - (marks.get("session") ?? 0);
  expect(redirectMs).toBeGreaterThanOrEqual(90);
  expect(redirectMs).toBeLessThan(1000);
  await page.waitForURL("/admin/contact-submissions");

  const table = page.locator("table[data-submissions]");
  await expect(table).toBeVisible(LIST_LOADED);
  // Other tests may submit at the same moment, so find the row rather than assume it is first.
  const first = table.locator("tbody tr", { hasText: marker });
  await expect(first).toContainText("Kärt Tamm");
  const position = await table
    .locator("tbody tr")
    .evaluateAll((rows, m) => rows.findIndex((r) => r.textContent?.includes(m)), marker);
  expect(position).toBeLessThan(10);
  const dates = await table.locator("tbody tr td:first-child").allTextContents();
  const times = dates.map((d) => Date.parse(d.replace(/^(\w{3}) (\d{2}), (\d{4}) /, "$1 $2 $3 ")));
  expect(times).toEqual([...times].sort((a, b) => b - a));
  await expect(first.locator("td").nth(0)).toHaveText(/^[A-Z][a-z]{2} \d{2}, \d{4} \d{2}:\d{2}$/);
  await expect(first.locator("td").nth(3)).toHaveText("—");
  await expect(first.locator("td").nth(4)).toHaveText("—");
  await expect(first.locator("td p")).toHaveClass(/line-clamp-3/);
  await expect(first.locator("td p")).toContainText("<script>window.__xss = 1</script>");
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  await expect(page.getByText("No analytics report is configured.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Admin Dashboard" }).first()).toBeVisible();
  // The two extra header items still fit from the lg breakpoint up.
  for (const width of [1024, 1280, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width}px`).toBe(width);
    await expect(page.getByRole("button", { name: "Sign Out" }).first()).toBeInViewport();
  }

  await page.getByRole("button", { name: "Sign Out" }).first().click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("link", { name: "Admin Dashboard" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Sign Out" })).toHaveCount(0);
  // Signing out ended the server session too.
  expect((await page.request.get("/api/session")).status()).toBe(401);
});

const firebaseChunk = /\/_astro\/(firebase-client|fresh-token|store)\./;

test("signed in, the admin page works from the session cookie and loads no Firebase code", async ({ page }) => {
  await signIn(page, "admin@example.com", "admin-demo-123");
  await page.waitForURL("/admin/contact-submissions");
  const cookies = await page.context().cookies();
  const session = cookies.find((c) => c.name === "aural_session");
  expect(session).toMatchObject({ httpOnly: true, secure: true, sameSite: "Strict", path: "/api" });
  expect(await page.evaluate(() => document.cookie)).not.toContain("aural_session");

  const loaded: string[] = [];
  page.on("request", (request) => loaded.push(new URL(request.url()).pathname));
  await page.reload();
  await expect(page.locator("table[data-submissions]")).toBeVisible(LIST_LOADED);
  await expect(page.getByRole("button", { name: "Sign Out" }).first()).toBeVisible();
  expect(loaded.filter((path) => firebaseChunk.test(path))).toEqual([]);
});

test("a session that ran out is renewed from the browser's sign-in, without a trip to /auth", async ({ page }) => {
  // Sign-in, then a renewal through the Auth emulator: slow under a busy test run.
  test.slow();
  await signIn(page, "admin@example.com", "admin-demo-123");
  await page.waitForURL("/admin/contact-submissions");
  await page.context().clearCookies({ name: "aural_session" });
  const renewed = page.waitForResponse((r) => r.url().endsWith("/api/session") && r.request().method() === "POST");
  await page.reload();
  expect((await renewed).status()).toBe(200);
  await expect(page.locator("table[data-submissions]")).toBeVisible(LIST_LOADED);
  await expect(page).toHaveURL("/admin/contact-submissions");
});

test("sent to sign in from an admin link, an admin comes back to that link", async ({ page }) => {
  // Sign-in through the Auth emulator and a session from the local Functions: slow under a busy test run.
  test.slow();
  await page.goto("/admin/contact-submissions?status=replied");
  await expect(page).toHaveURL("/auth", TO_SIGN_IN);
  await expect(page.locator("form[data-ready]")).toBeVisible();
  await page.getByRole("textbox", { name: "Email" }).fill("admin@example.com");
  await page.getByLabel("Password").fill("admin-demo-123");
  const listed = page.waitForResponse(
    (r) =>
      new URL(r.url()).pathname === "/api/contact-submissions" &&
      new URL(r.url()).searchParams.get("status") === "replied",
    LIST_LOADED,
  );
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL("/admin/contact-submissions?status=replied", LIST_LOADED);
  // The inbox lists that link's view (there may be no replied enquiry to show).
  expect((await listed).status()).toBe(200);
});

test("a long unbroken name, email or company wraps inside its column, whole in its title", async ({ page }) => {
  // Unique per run: the local Blobs store keeps earlier runs' enquiries.
  const stamp = String(Date.now());
  const name = `Name${stamp}${"x".repeat(96 - stamp.length)}`;
  const company = `Company${"y".repeat(93)}`;
  const email = `${"z".repeat(60)}@${"long-domain-part".repeat(3)}.example`;
  // A message that reads as an enquiry: a bare "Wide row" under these names is now and then filed as spam.
  const message = "We need acoustic panels for a 40 m² meeting room with a concrete ceiling.";
  expect(await postFrom("127.0.0.89", { name, email, company, phone: "", website: "", message })).toBe(201);

  await signIn(page, "admin@example.com", "admin-demo-123");
  await page.waitForURL("/admin/contact-submissions");
  const row = page.locator("table[data-submissions] tbody tr", { hasText: name });
  await expect(row).toBeVisible(LIST_LOADED);
  await expect(row.locator("td").nth(1)).toHaveAttribute("title", name);
  await expect(row.getByRole("link", { name: email })).toHaveAttribute("title", email);
  await expect(row.locator("td").nth(4)).toHaveAttribute("title", company);
  // At desktop width the table fits its frame: no column was pushed out of view.
  const frame = page.getByRole("region", { name: "Contact submissions (scrolls sideways)" });
  const { scrollWidth, clientWidth } = await frame.evaluate((el) => ({
    scrollWidth: el.scrollWidth,
    clientWidth: el.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  await expect(row.locator("td").nth(5)).toBeInViewport();
});
