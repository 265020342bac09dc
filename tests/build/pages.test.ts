import { describe, expect, it } from "vitest";
import { splitLocale } from "../../src/i18n/locales";
import { builtPages } from "../support/dist";

const one = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[1]);

describe("page essentials", () => {
  const pages = builtPages();
  const titles = new Map<string, string>();

  for (const page of pages) {
    it(`${page.route}: language, title, description, canonical, Open Graph and one h1`, () => {
      // English at the root, the other languages under their prefix (/et/about is Estonian).
      expect(page.html).toMatch(new RegExp(`^<!DOCTYPE html><html lang="${splitLocale(page.route).locale}"`, "i"));
      const [title] = one(page.html, /<title>([^<]+)<\/title>/g);
      expect(title?.length).toBeGreaterThan(5);
      titles.set(page.route, title ?? "");
      expect(one(page.html, /<meta name="description" content="([^"]+)"/g)[0]?.length).toBeGreaterThanOrEqual(50);
      const canonical = one(page.html, /<link rel="canonical" href="([^"]+)"/g)[0] ?? "";
      expect(new URL(canonical).pathname).toBe(page.route);
      for (const property of ["og:title", "og:description", "og:url", "og:image", "og:type"]) {
        expect(page.html).toContain(`property="${property}"`);
      }
      expect(page.html.match(/<h1[\s>]/g)).toHaveLength(1);
      expect(page.html).toContain('href="#main"');
      expect(page.html).toContain('id="main"');
      expect(page.html).toMatch(/<link rel="icon" href="\/favicon\.svg"/);
    });
  }

  it("gives every page its own title within its language", () => {
    const byLanguage = new Map<string, string[]>();
    for (const [route, title] of titles) {
      const { locale } = splitLocale(route);
      byLanguage.set(locale, [...(byLanguage.get(locale) ?? []), title]);
    }
    for (const all of byLanguage.values()) expect(new Set(all).size).toBe(all.length);
  });

  it("fetches at most one photo per page at high priority, and the gallery's next two at low", () => {
    for (const page of pages) {
      const images = one(page.html, /<img([^>]*)>/g).map((attributes = "") => ({
        loading: /loading="(\w+)"/.exec(attributes)?.[1],
        priority: /fetchpriority="(\w+)"/.exec(attributes)?.[1],
      }));
      expect(images.filter((image) => image.priority === "high").length, page.route).toBeLessThanOrEqual(1);
      if (splitLocale(page.route).path === "/gallery") {
        expect(images.slice(0, 4), page.route).toEqual([
          { loading: "eager", priority: "high" },
          { loading: "eager", priority: "low" },
          { loading: "eager", priority: "low" },
          { loading: "lazy", priority: undefined },
        ]);
        expect(images.slice(3).every((image) => image.loading === "lazy")).toBe(true);
      }
    }
  });

  it("keeps the 404 page out of search results", () => {
    const notFound = pages.find((p) => p.route === "/404");
    expect(notFound?.html).toContain('<meta name="robots" content="noindex, nofollow"');
    expect(notFound?.html).toContain("Oops! Page not found");
  });
});
