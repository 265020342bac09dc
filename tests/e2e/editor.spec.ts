import { copyFile, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import type { Page } from "@playwright/test";
import { parse } from "yaml";
import { CertificateSchema } from "../../src/features/documents/schema";
import { noiseReductionCoefficient, weightedAbsorption } from "../../src/lib/absorption-ratings";
import { astroDev, projectCopy } from "../support/project-copy";
import { expect, test } from "./fixtures";
import { copyOfContent, pickFolderOnDisk } from "./local-folder";

/**
 * The content editor at /cms/ in its local mode, on a copy of the content folder: what an editor
 * changes lands in the files as the only change, the site rebuilt from them shows it, and an edit
 * that breaks a schema rule is refused before anything is written.
 */

const PRODUCT = "content/products/felt-panels.mdx";
/** The product's translations, which the editor writes back with it on every save. */
const TRANSLATIONS = ["et", "fi", "sv"].map((locale) => `content/${locale}/products/felt-panels.mdx`);
const NEW_DESCRIPTION =
  "Wool felt panels in twelve quiet colours, as tiles or as large fields. NRC 0.75, soft to touch and recyclable.";

async function filesUnder(root: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const entries = await readdir(join(root, "content"), { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    // A temporary file of a save in progress may be renamed between the listing and the read.
    const bytes = await readFile(path).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT" && entry.name.startsWith(".sveltia-tmp-")) return undefined;
      throw error;
    });
    if (bytes) files.set(relative(root, path), bytes.toString("base64"));
  }
  return files;
}

/** Opens the editor on `root` and the Felt Panels product in it. */
async function openProduct(page: Page, root: string) {
  const folder = await pickFolderOnDisk(page, root);
  await page.goto("/cms/");
  await page.getByRole("button", { name: "Work with Local Repository" }).click();
  await page.getByText("Felt Panels", { exact: true }).click();
  await expect(page.getByRole("button", { name: "Save" })).toBeVisible();
  return folder;
}

/** A field's input in the English pane; the editor draws fields as they scroll into view. */
async function fieldInput(page: Page, keyPath: string) {
  const input = page.locator(`[data-key-path="${keyPath}"]`).first().locator("input, textarea").first();
  await page.mouse.move(300, 500);
  for (let i = 0; i < 80 && (await input.count()) === 0; i++) {
    await page.mouse.wheel(0, 500);
    await page.waitForTimeout(100);
  }
  await input.scrollIntoViewIfNeeded();
  return input;
}

test.describe("content editor", () => {
  test.describe.configure({ timeout: 180_000 });

  test("is its own page, kept out of search engines", async ({ page, request }) => {
    const response = await page.goto("/cms/");
    expect(response?.status()).toBe(200);
    expect(response?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    expect(await response?.text()).toContain('<meta name="robots" content="noindex, nofollow">');
    await expect(page.getByRole("button", { name: "Work with Local Repository" })).toBeVisible();
    const config = await (await request.get("/cms/config.yml")).text();
    expect(config).toContain("folder: content/{{locale}}/products");
    expect(await (await request.get("/robots.txt")).text()).toContain("Disallow: /cms/");
  });

  test("an editor changes a product's description and one band: only those two lines change, and the rebuilt page shows them", async ({
    page,
  }) => {
    const root = await mkdtemp(join(tmpdir(), "editor-"));
    try {
      await copyOfContent(process.cwd(), root);
      const before = await filesUnder(root);
      const original = await readFile(join(root, PRODUCT), "utf8");
      const folder = await openProduct(page, root);

      await (await fieldInput(page, "description")).fill(NEW_DESCRIPTION);
      await (await fieldInput(page, "absorption.bands.hz4000")).fill("0.4");
      await page.getByRole("button", { name: "Save" }).click();
      // The save is over when the product and its three translations have each been moved into place
      // (the editor writes a temporary file beside each, then renames it).
      await expect
        .poll(() => [PRODUCT, ...TRANSLATIONS].filter((path) => !folder.writes.includes(path)), { timeout: 30_000 })
        .toEqual([]);
      await expect
        .poll(async () => [...(await filesUnder(root)).keys()].filter((path) => path.includes(".sveltia-tmp-")))
        .toEqual([]);

      const edited = await readFile(join(root, PRODUCT), "utf8");
      const changed = original
        .split("\n")
        .map((line, i) => [line, edited.split("\n")[i]] as const)
        .filter(([a, b]) => a !== b);
      expect(edited.split("\n")).toHaveLength(original.split("\n").length);
      expect(changed).toEqual([
        [expect.stringMatching(/^description: /), `description: ${NEW_DESCRIPTION}`],
        ["    hz4000: 0.85", "    hz4000: 0.4"],
      ]);
      // Every other file (the product's three translations were written too) is byte for byte the same.
      const after = await filesUnder(root);
      expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
      expect([...after].filter(([path, bytes]) => before.get(path) !== bytes).map(([path]) => path)).toEqual([PRODUCT]);

      // The site built from the edited files: the new description, and αw recomputed from the bands.
      const bands = { "125": 0.15, "250": 0.4, "500": 0.8, "1000": 0.95, "2000": 0.9 };
      const was = weightedAbsorption({ ...bands, "4000": 0.85 }).alphaW;
      const now = weightedAbsorption({ ...bands, "4000": 0.4 }).alphaW;
      expect(now).not.toBe(was);
      expect(noiseReductionCoefficient({ ...bands, "4000": 0.4 })).toBe(0.75);
      const copy = await projectCopy(join(root, "content"));
      const server = await astroDev(copy, 4330);
      try {
        const response = await fetch(`${server.url}/products/felt-panels`, { signal: AbortSignal.timeout(60_000) });
        expect(response.status).toBe(200);
        const html = await response.text();
        expect(html).toContain(`<meta name="description" content="${NEW_DESCRIPTION}">`);
        expect(html).toContain(`αw ${now.toFixed(2)}`);
        expect(html).not.toContain(`αw ${was.toFixed(2)}`);
      } finally {
        await server.stop();
        await rm(copy, { recursive: true, force: true });
      }
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  test("a photo uploaded into a gallery section's folder lands there unchanged, where the build optimises it", async ({
    page,
  }) => {
    const root = await mkdtemp(join(tmpdir(), "editor-"));
    try {
      await copyOfContent(process.cwd(), root);
      const photo = join(root, "felt-tiles-by-a-window.jpg");
      await copyFile(join(process.cwd(), "content/gallery/felt-panels/felt-tile-pattern-up-close.jpg"), photo);
      const folder = await pickFolderOnDisk(page, root);
      await page.goto("/cms/");
      await page.getByRole("button", { name: "Work with Local Repository" }).click();
      await page.goto("/cms/#/assets/content/gallery/felt-panels");
      // The editor reads every content file before it shows a folder: on a busy machine that takes a while.
      await expect(page.getByText("/content/gallery/felt-panels", { exact: true })).toBeVisible({ timeout: 60_000 });
      await page.locator("input[type=file]").first().setInputFiles(photo);
      const confirm = page.getByRole("alertdialog").or(page.getByRole("dialog"));
      await expect(confirm).toContainText("/content/gallery/felt-panels");
      await confirm.getByRole("button", { name: "Upload", exact: true }).click();

      const saved = "content/gallery/felt-panels/felt-tiles-by-a-window.jpg";
      await expect.poll(() => folder.writes.includes(saved), { timeout: 30_000 }).toBe(true);
      expect(await readFile(join(root, saved))).toEqual(await readFile(photo));
      expect(folder.writes.filter((path) => path.startsWith("public/"))).toEqual([]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  test("an editor adds a certificate with its PDF and an expiry date: it lands as the schema wants, and the site shows it expired", async ({
    page,
  }) => {
    const root = await mkdtemp(join(tmpdir(), "editor-"));
    try {
      await copyOfContent(process.cwd(), root);
      const pdf = join(root, "m1-test-label.pdf");
      await writeFile(pdf, "%PDF-1.4\n% a test certificate\n%%EOF\n");
      const folder = await pickFolderOnDisk(page, root);
      await page.goto("/cms/");
      await page.getByRole("button", { name: "Work with Local Repository" }).click();
      await page.goto("/cms/#/collections/documents/new");
      await expect(page.getByRole("button", { name: "Save" })).toBeVisible({ timeout: 60_000 });
      const field = (key: string) => page.locator(`[data-key-path="${key}"]`).first();
      await field("title").locator("input").fill("M1-emissioonimärgis, Soonpaneelid");
      await field("type").getByText("emission-label", { exact: true }).click();
      await field("products").getByText("Grooved Panels", { exact: true }).click();
      await field("language").getByText("et", { exact: true }).click();
      await field("issuer").locator("input").fill("Example classification body");
      await field("number").locator("input").fill("M1-TEST-2024");
      await field("issued").locator("input[type=date]").fill("2024-02-01");
      await field("validUntil").locator("input[type=date]").fill("2025-01-31");
      await field("file").locator("input[type=file]").first().setInputFiles(pdf);
      await page.getByRole("button", { name: "Save" }).click();

      const entry = "content/documents/m1-emissioonimaergis-soonpaneelid.mdx";
      const file = "content/documents/files/m1-test-label.pdf";
      await expect
        .poll(() => [entry, file].filter((path) => !folder.writes.includes(path)), { timeout: 30_000 })
        .toEqual([]);
      expect(await readFile(join(root, file))).toEqual(await readFile(pdf));
      const data = parse((await readFile(join(root, entry), "utf8")).split(/^---$/m)[1] ?? "");
      expect(CertificateSchema.parse(data)).toEqual({
        title: "M1-emissioonimärgis, Soonpaneelid",
        type: "emission-label",
        products: ["grooved-panels"],
        language: "et",
        issuer: "Example classification body",
        number: "M1-TEST-2024",
        issued: "2024-02-01",
        validUntil: "2025-01-31",
        file: "./files/m1-test-label.pdf",
        illustrative: false,
      });

      // The site built from the edited files lists it under the product, as expired, and serves the PDF.
      const copy = await projectCopy(join(root, "content"));
      const server = await astroDev(copy, 4331);
      try {
        const library = await (await fetch(`${server.url}/downloads`, { signal: AbortSignal.timeout(90_000) })).text();
        const row = library.slice(library.indexOf('href="/downloads/documents/m1-test-label.pdf"'));
        expect(row.slice(0, row.indexOf("</tr>"))).toMatch(/data-expired[^>]*>\s*Expired on 31 January 2025/);
        const served = await fetch(`${server.url}/downloads/documents/m1-test-label.pdf`);
        expect(Buffer.from(await served.arrayBuffer())).toEqual(await readFile(pdf));
      } finally {
        await server.stop();
        await rm(copy, { recursive: true, force: true });
      }
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  test("an edit that breaks a schema rule is refused, and nothing is written", async ({ page }) => {
    const root = await mkdtemp(join(tmpdir(), "editor-"));
    try {
      await copyOfContent(process.cwd(), root);
      const original = await readFile(join(root, PRODUCT), "utf8");
      const folder = await openProduct(page, root);

      await (await fieldInput(page, "description")).fill("Too short.");
      await (await fieldInput(page, "absorption.bands.hz4000")).fill("2");
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByText(/fields have errors/)).toBeVisible();
      await expect(page.locator('[data-key-path="absorption.bands.hz4000"]').first()).toContainText("1.3");
      expect(folder.writes).toEqual([]);
      expect(await readFile(join(root, PRODUCT), "utf8")).toBe(original);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
