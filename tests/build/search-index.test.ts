import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { SEARCH_PATH } from "../../src/features/search/search-path";
import { LOCALES, localePath, splitLocale } from "../../src/i18n/locales";
import { builtPages, distDir } from "../support/dist";

// The site search's index as the build writes it: one index per language, each holding its own
// language's content pages and nothing else, product pages with their NRC and fire class.

const bundle = join(distDir, SEARCH_PATH);
const entry = JSON.parse(readFileSync(join(bundle, "pagefind-entry.json"), "utf8")) as {
  languages: Record<string, { hash: string; page_count: number }>;
};

interface Fragment {
  url: string;
  filters: Record<string, string[]>;
  meta: Record<string, string>;
}
/** Each fragment (one per page) is gzip of a signature and the page's JSON; its name starts with the language. */
const fragments = readdirSync(join(bundle, "fragment")).map((file) => {
  const text = gunzipSync(readFileSync(join(bundle, "fragment", file))).toString("utf8");
  const language = file.split("_")[0] ?? "";
  return { language, ...(JSON.parse(text.slice(text.indexOf("{"))) as Fragment) };
});
const indexed = (language: string) => new Set(fragments.filter((f) => f.language === language).map((f) => f.url));

const routes = builtPages().map((page) => page.route);
const english = (pattern: RegExp) => routes.filter((route) => pattern.test(route));
const products = english(/^\/products\/[a-z-]+$/);
const learning = english(/^\/learning(\/[a-z-]+)?$/);

describe("the search index", () => {
  it("has one index per language", () => {
    expect(Object.keys(entry.languages).sort()).toEqual([...LOCALES].sort());
  });

  it("holds every product and learning page in its own language's index", () => {
    expect(products.length).toBeGreaterThanOrEqual(5);
    expect(learning.length).toBeGreaterThanOrEqual(5);
    for (const locale of LOCALES) {
      const own = indexed(locale);
      for (const route of [...products, ...learning, "/products"]) {
        expect(own.has(localePath(locale, route)), `${localePath(locale, route)} in ${locale}`).toBe(true);
      }
    }
  });

  it("holds no page of another language, nor staff, form result or error pages", () => {
    for (const fragment of fragments) {
      expect(splitLocale(fragment.url).locale, fragment.url).toBe(fragment.language);
      expect(fragment.url).not.toMatch(/^(\/(et|fi|sv))?\/(admin|auth|cms|404)(\/|$)|\/(sent|error|too-many)$/);
    }
    for (const locale of LOCALES) expect(entry.languages[locale]?.page_count).toBe(indexed(locale).size);
  });

  it("gives each product page its NRC and fire class as filters and metadata, as the page shows them", () => {
    for (const fragment of fragments.filter((f) => /^(\/(et|fi|sv))?\/products\/[a-z-]+$/.test(f.url))) {
      expect(fragment.meta.nrc, fragment.url).toMatch(/^0[.,]\d\d$/);
      expect(fragment.meta.fire, fragment.url).toMatch(/^(A1|A2|B|C|D|E)(-s[123],d[012])?$/);
      expect(fragment.filters.nrc).toEqual([fragment.meta.nrc]);
      expect(fragment.filters.fire).toEqual([fragment.meta.fire]);
    }
  });

  it("ships only what the site's own dialog loads, and that within 200 KB gzip for a first search", () => {
    const files = readdirSync(bundle);
    expect(files.filter((f) => /-ui\.|highlight/.test(f))).toEqual([]);
    // A first search in one language: the API, its worker, the language's WebAssembly and index
    // metadata (.pagefind and .pf_meta files are already compressed).
    for (const locale of LOCALES) {
      const hash = entry.languages[locale]?.hash ?? "";
      const bytes =
        gzipSync(readFileSync(join(bundle, "pagefind.js")), { level: 9 }).length +
        gzipSync(readFileSync(join(bundle, "pagefind-worker.js")), { level: 9 }).length +
        readFileSync(join(bundle, `wasm.${locale}.pagefind`)).length +
        readFileSync(join(bundle, `pagefind.${hash}.pf_meta`)).length;
      expect(bytes, locale).toBeLessThanOrEqual(200 * 1024);
    }
  });
});
