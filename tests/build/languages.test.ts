import { describe, expect, it } from "vitest";
import { en } from "../../src/i18n/dictionaries/en";
import { type Dictionary, dictionary } from "../../src/i18n/dictionary";
import { LOCALES, type Locale, localePath, TRANSLATED_LOCALES } from "../../src/i18n/locales";
import { type BuiltPage, builtPages, sitemapPaths } from "../support/dist";

const pages = builtPages();
const byRoute = new Map(pages.map((page) => [page.route, page]));
/** Staff pages exist in English only. */
const staffOnly = (route: string) => /^\/(admin|auth)(\/|$)/.test(route);
const english = pages.filter(
  (page) =>
    !staffOnly(page.route) &&
    !TRANSLATED_LOCALES.some((l) => page.route === `/${l}` || page.route.startsWith(`/${l}/`)),
);

const first = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];
const decode = (text: string) =>
  text
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
const title = (page: BuiltPage) => decode(first(page.html, /<title>([^<]*)<\/title>/) ?? "");
const description = (page: BuiltPage) => decode(first(page.html, /<meta name="description" content="([^"]*)"/) ?? "");
const h1 = (page: BuiltPage) =>
  decode((first(page.html, /<h1[^>]*>([\s\S]*?)<\/h1>/) ?? "").replace(/<[^>]+>/g, "").trim());
const alternates = (page: BuiltPage) =>
  Object.fromEntries(
    [...page.html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [
      m[1],
      new URL(m[2] ?? "").pathname,
    ]),
  );

/**
 * Texts of the English dictionary a translated page must not show: every plain text (each part
 * between `{placeholders}`) of four or more characters, unless the language's own text is the same
 * (a standard's name, a unit, the brand).
 */
function englishTexts(locale: Locale): string[] {
  const found = new Set<string>();
  const walk = (model: unknown, theirs: unknown) => {
    if (typeof model === "string") {
      if (model === theirs) return;
      for (const part of model.split(/\{\w+\}/)) {
        const text = part
          .trim()
          .replace(/^[-:,.;]\s*|[:,]$/g, "")
          .trim();
        // A lower-case single word ("panels", or one left between placeholders) may be a word of
        // another language too (Swedish "en panels"), so it is not looked for on its own.
        const oneWord = /^[a-z]+$/.test(text);
        if (text.length >= 4 && /[a-z]{3}/i.test(text) && !oneWord) found.add(text);
      }
      return;
    }
    if (typeof model === "object" && model !== null) {
      for (const [key, value] of Object.entries(model)) walk(value, (theirs as Record<string, unknown>)?.[key]);
    }
  };
  walk(en, dictionary(locale) as Dictionary);
  return [...found];
}

/**
 * What a visitor reads or hears from a page: its text, its accessible names and descriptions, and the
 * texts scripts show from it (data-texts, without their keys and `{placeholders}`).
 */
function readable(html: string): string {
  const body = html.replace(/<script\b[^>]*type="application\/ld\+json"[^>]*>[\s\S]*?<\/script>/g, "");
  const attribute = (names: string) =>
    [...body.matchAll(new RegExp(`\\s(?:${names})="([^"]*)"`, "g"))].map((m) => decode(m[1] ?? ""));
  const scriptTexts = attribute("data-texts").flatMap((json) =>
    Object.values(JSON.parse(json) as Record<string, string>).map((text) => text.replace(/\{\w+\}/g, " ")),
  );
  const text = body
    // Text marked as written in a language of its own (an uploaded document's title) is not the page's.
    .replace(/<(\w+)\b[^>]*\slang="[a-z-]+"[^>]*>[^<]*<\/\1>/g, " ")
    .replace(/<script\b[\s\S]*?<\/script>/g, " ")
    .replace(/<style\b[\s\S]*?<\/style>/g, " ")
    .replace(/<[^>]+>/g, " ");
  return [
    decode(text),
    ...attribute("aria-label|alt|title|placeholder|label|content|data-accepted|data-declined|data-close"),
    ...scriptTexts,
  ]
    .join("\n")
    .replace(/\s+/g, " ");
}

/**
 * Interface texts that are rightly the same as English: ratings, units and the brand, and words that
 * happen to be spelt alike (Swedish "Material", the colour beige in Finnish and Swedish).
 */
const SAME_AS_ENGLISH: Record<Locale, string[]> = {
  en: [],
  et: ["NRC", "αw", "Aural Acoustics", "GWP A1-A3", "kg CO₂e/m²"],
  fi: ["NRC", "αw", "Aural Acoustics", "GWP A1-A3", "kg CO₂e/m²", "Beige"],
  sv: ["NRC", "αw", "Aural Acoustics", "GWP A1-A3", "kg CO₂e/m²", "Material", "Beige"],
};

describe("dictionaries", () => {
  for (const locale of TRANSLATED_LOCALES) {
    it(`${locale}: every interface text is translated (only ratings, units and the brand stay as in English)`, () => {
      const same: string[] = [];
      const walk = (model: unknown, theirs: unknown, path: string) => {
        if (typeof model === "string") {
          if (model === theirs && !SAME_AS_ENGLISH[locale].includes(model)) same.push(path);
          return;
        }
        if (typeof model === "object" && model !== null) {
          for (const [key, value] of Object.entries(model))
            walk(value, (theirs as Record<string, unknown>)?.[key], path ? `${path}.${key}` : key);
        }
      };
      walk(en, dictionary(locale), "");
      expect(same).toEqual([]);
    });
  }
});

describe("every public page in four languages", () => {
  it("has the English pages it should (about 60)", () => {
    expect(english.length).toBeGreaterThan(50);
  });

  for (const page of english) {
    it(`${page.route} exists under /et, /fi and /sv, each in its own words`, () => {
      for (const locale of TRANSLATED_LOCALES) {
        const route = localePath(locale, page.route);
        const translated = byRoute.get(route);
        expect(translated, route).toBeDefined();
        if (!translated) continue;
        expect(translated.html, route).toMatch(new RegExp(`^<!DOCTYPE html><html lang="${locale}"`, "i"));
        expect(title(translated), `${route} title`).not.toBe(title(page));
        expect(description(translated), `${route} description`).not.toBe(description(page));
        expect(h1(translated).length, `${route} h1`).toBeGreaterThan(2);
        expect(h1(translated), `${route} h1`).not.toBe(h1(page));
      }
    });
  }
});

describe("alternates", () => {
  const public_ = pages.filter((page) => !staffOnly(page.route));

  for (const page of public_) {
    it(`${page.route}: hreflang for all four languages and x-default, reciprocal, canonical to itself`, () => {
      const links = alternates(page);
      expect(Object.keys(links).sort()).toEqual([...LOCALES, "x-default"].sort());
      expect(links[(first(page.html, /<html lang="([^"]+)"/) ?? "") as Locale]).toBe(page.route);
      for (const locale of LOCALES) {
        const other = byRoute.get(links[locale] ?? "");
        expect(other, `${page.route} → ${links[locale]}`).toBeDefined();
        if (other) expect(alternates(other)).toEqual(links);
      }
      expect(links["x-default"]).toBe(links.en);
      expect(new URL(first(page.html, /<link rel="canonical" href="([^"]+)"/) ?? "").pathname).toBe(page.route);
    });
  }

  it("the staff pages, English only, offer no alternates", () => {
    for (const page of pages.filter((p) => staffOnly(p.route))) expect(alternates(page)).toEqual({});
  });

  it("indexable pages say their language in their structured data", () => {
    for (const page of public_.filter((p) => !p.html.includes('content="noindex'))) {
      const lang = first(page.html, /<html lang="([^"]+)"/);
      expect(page.html, page.route).toContain(`"inLanguage":"${lang}"`);
    }
  });

  it("the sitemap lists every language of each page", () => {
    const listed = new Set(sitemapPaths());
    for (const page of english.filter((p) => listed.has(p.route))) {
      for (const locale of TRANSLATED_LOCALES) expect(listed, page.route).toContain(localePath(locale, page.route));
    }
  });
});

describe("no English on a translated page", () => {
  for (const locale of TRANSLATED_LOCALES) {
    const texts = englishTexts(locale);
    const translated = pages.filter((page) => page.route === `/${locale}` || page.route.startsWith(`/${locale}/`));

    it(`${locale}: checks ${translated.length} pages against ${texts.length} English interface texts`, () => {
      expect(translated.length).toBe(english.length);
      expect(texts.length).toBeGreaterThan(200);
    });

    for (const page of translated) {
      it(`${page.route} shows no English interface text`, () => {
        const words = readable(page.html);
        const leaks = texts.filter((text) =>
          // As words: not inside another word, a path or an address ("felt-panels").
          new RegExp(`(^|[^\\p{L}/-])${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^\\p{L}/-])`, "u").test(words),
        );
        expect(leaks).toEqual([]);
      });
    }
  }
});
