import { readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { buildDate, expiryState } from "../../src/features/documents/expiry";
import { en } from "../../src/i18n/dictionaries/en";
import { LOCALES, localePath } from "../../src/i18n/locales";
import { builtPages, distDir } from "../support/dist";

// The certificates and declarations editors upload, as built: each served as the file uploaded, listed
// under every product it covers in the library and on the product's page, an expired one shown as
// expired and never as valid, and the demonstration ones saying they are illustrative.

const pages = new Map(builtPages().map((page) => [page.route, page.html]));
const uploaded = readdirSync("content/documents")
  .filter((name) => name.endsWith(".mdx"))
  .map((name) => ({
    id: name.replace(/\.mdx$/, ""),
    ...(parse(readFileSync(join("content/documents", name), "utf8").split(/^---$/m)[1] ?? "") as {
      title: string;
      number: string;
      products: string[];
      file: string;
      validUntil?: string;
      illustrative?: boolean;
    }),
  }));
const href = (file: string) => `/downloads/documents/${basename(file)}`;
const today = buildDate();

/** The library's table row (or the product page's list item) that links the document. */
function entryOf(html: string, file: string, tag: "tr" | "li"): string {
  const at = html.indexOf(`href="${href(file)}"`);
  if (at < 0) return "";
  const start = html.lastIndexOf(`<${tag}`, at);
  return html.slice(start, html.indexOf(`</${tag}>`, at));
}

describe("uploaded certificates and declarations", () => {
  it("include one expired and one still valid, so both states are shown", () => {
    const states = uploaded.map((doc) => expiryState(doc.validUntil, today));
    expect(states).toContain("expired");
    expect(states.filter((state) => state !== "expired").length).toBeGreaterThan(0);
  });

  it("are served as the files uploaded, as attachments named for the file", () => {
    const headers = readFileSync(join(distDir, "_headers"), "utf8");
    for (const doc of uploaded) {
      expect(readFileSync(join(distDir, href(doc.file)))).toEqual(readFileSync(join("content/documents", doc.file)));
      expect(headers).toContain(
        `${href(doc.file)}\n  Content-Type: application/pdf\n  Content-Disposition: attachment; filename="${basename(doc.file)}"`,
      );
    }
  });

  it.each(LOCALES.map((locale) => [locale] as const))(
    "%s: the library lists each under every product it covers, expired as expired, never as valid",
    (locale) => {
      const html = pages.get(localePath(locale, "/downloads")) ?? "";
      for (const doc of uploaded) {
        for (const product of doc.products) {
          const section = html.slice(html.indexOf(`<section id="${product}"`));
          const row = entryOf(section, doc.file, "tr");
          expect(row, `${locale} ${doc.id} under ${product}`).toContain(doc.number);
          const expired = expiryState(doc.validUntil, today) === "expired";
          expect(row.includes("data-expired"), `${locale} ${doc.id}`).toBe(expired);
          if (locale === "en") {
            expect(row).toContain(expired ? "Expired on" : doc.validUntil ? "Valid until" : "Does not expire");
            if (expired) expect(row).not.toContain("Valid until");
            if (doc.illustrative) expect(row).toContain(en.downloads.certificate.illustrative);
          }
        }
      }
    },
  );

  it("are on each product page they cover, with their state", () => {
    for (const locale of LOCALES) {
      for (const doc of uploaded) {
        for (const product of doc.products) {
          const html = pages.get(localePath(locale, `/products/${product}`)) ?? "";
          const item = entryOf(html, doc.file, "li");
          expect(item, `${locale} ${product} ${doc.id}`).not.toBe("");
          expect(item.includes("data-expired")).toBe(expiryState(doc.validUntil, today) === "expired");
        }
      }
    }
  });
});
