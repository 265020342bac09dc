import { readFileSync } from "node:fs";
import { join } from "node:path";
import { extractText, getDocumentProxy, getMeta } from "unpdf";
import { beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { setOut } from "../../src/features/guides/drawing";
import { guideHref, guidePdfHref } from "../../src/features/guides/paths";
import type { Guide } from "../../src/features/guides/schema";
import { readProductFiles } from "../../src/features/products/files";
import { MOUNTING_METHODS } from "../../src/features/products/schema";
import { LOCALE_INFO, LOCALES, type Locale, localePath } from "../../src/i18n/locales";
import { PDF_CHARACTERS } from "../../src/lib/pdf/fonts";
import { builtPages, distDir } from "../support/dist";

// The installation guides as built: one per mounting method the products name, in every language,
// with the numbers of each product it applies to taken from that product's data, on the page, in its
// drawing and in its tagged PDF.

const products = await readProductFiles();
const pages = new Map(builtPages().map((page) => [page.route, page.html]));
const methods = [...new Set(products.map((p) => p.data.panel.mounting))];

/** A guide's words in a language, read from its content file. */
function guideText(method: string, locale: Locale): Guide {
  const folder = locale === "en" ? "content/guides" : `content/${locale}/guides`;
  const text = readFileSync(join(process.cwd(), folder, `${method}.mdx`), "utf8");
  return parse(text.split(/^---$/m)[1] ?? "") as Guide;
}

/** A product's name in a language, read from its content file. */
function productName(id: string, locale: Locale): string {
  const folder = locale === "en" ? "content/products" : `content/${locale}/products`;
  const text = readFileSync(join(process.cwd(), folder, `${id}.mdx`), "utf8");
  return (parse(text.split(/^---$/m)[1] ?? "") as { name: string }).name;
}

/** The numbers a product's guide states, written as the language writes them. */
function numbers(locale: Locale, product: (typeof products)[number]): string[] {
  const format = new Intl.NumberFormat(LOCALE_INFO[locale].intl, { maximumFractionDigits: 1 });
  const mm = (value: number) => `${format.format(value)} mm`;
  const panel = product.data.panel;
  return [
    `${panel.widthMm} × ${panel.heightMm} mm`,
    ...panel.otherSizes.map((size) => `${size.widthMm} × ${size.heightMm} mm`),
    mm(panel.thicknessMm),
    mm(product.data.absorption.mountingDepthMm),
    mm(panel.fixingCentresMm),
  ];
}

const decode = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

describe("the installation guides", () => {
  it("cover every mounting method a product names, and each method is one the schema knows", () => {
    expect(methods.length).toBeGreaterThan(0);
    for (const method of methods) expect(MOUNTING_METHODS).toContain(method);
  });

  it.each(LOCALES.flatMap((locale) => methods.map((method) => [locale, method] as const)))(
    "%s %s: a page with the guide's words, and each product's numbers from its data, drawn",
    (locale, method) => {
      const html = pages.get(localePath(locale, guideHref(method))) ?? "";
      expect(html, `${locale} ${method}`).not.toBe("");
      const guide = guideText(method, locale);
      const text = decode(html);
      expect(text).toContain(guide.heading);
      for (const step of guide.steps) expect(text).toContain(step.title);
      for (const tool of guide.tools) expect(text).toContain(tool);
      const mounted = products.filter((p) => p.data.panel.mounting === method);
      for (const product of mounted) {
        expect(html).toContain(`href="${localePath(locale, `/products/${product.id}`)}"`);
        for (const value of numbers(locale, product)) expect(text, `${product.id} ${value}`).toContain(value);
        expect(text).toContain(String(setOut(product.data.panel).perPanel));
      }
      // A front view and a section per product, each an image with its text alternative.
      expect(html.match(/<svg[^>]*role="img"/g)?.length).toBe(2 * mounted.length);
      expect(html).toContain(`href="${localePath(locale, guidePdfHref(method))}"`);
    },
  );

  it("is linked from the Documents of every product that is mounted with it, in every language", () => {
    for (const locale of LOCALES) {
      for (const product of products) {
        const html = pages.get(localePath(locale, `/products/${product.id}`)) ?? "";
        expect(html, `${locale} ${product.id}`).toContain(
          `href="${localePath(locale, guideHref(product.data.panel.mounting))}"`,
        );
      }
    }
  });
});

describe("the installation guides as PDF", () => {
  const made = new Map<string, { bytes: Uint8Array; text: string }>();
  beforeAll(async () => {
    for (const locale of LOCALES) {
      for (const method of methods) {
        const bytes = new Uint8Array(readFileSync(join(distDir, localePath(locale, guidePdfHref(method)))));
        const { text } = await extractText(await getDocumentProxy(bytes.slice()), { mergePages: true });
        made.set(`${locale}/${method}`, { bytes, text: text.replace(/\s+/g, " ") });
      }
    }
  });

  it.each(LOCALES.flatMap((locale) => methods.map((method) => [locale, method] as const)))(
    "%s %s: two tagged A4 pages in the language, with the guide's words and the products' numbers",
    async (locale, method) => {
      const { bytes, text } = made.get(`${locale}/${method}`) ?? { bytes: new Uint8Array(), text: "" };
      const doc = await getDocumentProxy(bytes.slice());
      expect(doc.numPages).toBe(2);
      const { info } = await getMeta(doc);
      const guide = guideText(method, locale);
      expect(info.Title).toBe(`${guide.heading} | Aural Acoustics`);
      const raw = Buffer.from(bytes).toString("latin1");
      expect(raw).toContain(`/Lang (${LOCALE_INFO[locale].intl})`);
      expect(raw).toMatch(/\/StructTreeRoot \d+ 0 R/);
      expect(raw).toContain("/Marked true");
      // The drawing is a Figure with its text alternative.
      expect(raw).toMatch(/\/S \/Figure/);
      for (const step of guide.steps) expect(text).toContain(step.title);
      for (const product of products.filter((p) => p.data.panel.mounting === method)) {
        expect(text).toContain(productName(product.id, locale));
        for (const value of numbers(locale, product)) expect(text, `${product.id} ${value}`).toContain(value);
      }
    },
  );

  it("is saved under a name that says its method and language", () => {
    const headers = readFileSync(join(distDir, "_headers"), "utf8");
    for (const locale of LOCALES) {
      for (const method of methods) {
        expect(headers).toContain(
          `${localePath(locale, guidePdfHref(method))}\n  Content-Type: application/pdf\n  Content-Disposition: attachment; filename="${method}-installation-guide-${locale}.pdf"`,
        );
      }
    }
  });

  it("only prints characters its fonts have", () => {
    const printed = LOCALES.flatMap((locale) => methods.map((method) => JSON.stringify(guideText(method, locale))));
    const missing = [...new Set(printed.join(""))].filter((c) => !PDF_CHARACTERS.includes(c));
    expect(missing).toEqual([]);
  });
});
