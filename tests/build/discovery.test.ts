import { describe, expect, it } from "vitest";
import { LOCALES, localePath } from "../../src/i18n/locales";
import { builtPages } from "../support/dist";

// The product overview and the learning index, as built: every language has both, each product's row
// shows exactly the figures its own page shows, and the breadcrumbs and "Compare" links lead there.

const pages = new Map(builtPages().map((page) => [page.route, page.html]));
const html = (route: string) => {
  const page = pages.get(route);
  if (page === undefined) throw new Error(`${route} is not built`);
  return page;
};
const text = (fragment: string) =>
  fragment
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
const productIds = [...pages.keys()].filter((r) => /^\/products\/[a-z-]+$/.test(r)).map((r) => r.slice(10));
const learningIds = [...pages.keys()].filter((r) => /^\/learning\/[a-z-]+$/.test(r)).map((r) => r.slice(10));

describe("the product overview", () => {
  it("has every product in every language", () => {
    expect(productIds.length).toBeGreaterThanOrEqual(5);
    for (const locale of LOCALES) {
      const overview = html(localePath(locale, "/products"));
      const rows = [...overview.matchAll(/<tr id="compare-([a-z-]+)"/g)].map((m) => m[1]);
      expect(rows.sort(), locale).toEqual([...productIds].sort());
    }
  });

  it("shows each product's NRC and fire class exactly as its own page does", () => {
    for (const locale of LOCALES) {
      const overview = html(localePath(locale, "/products"));
      for (const id of productIds) {
        const row = new RegExp(`<tr id="compare-${id}"[\\s\\S]*?</tr>`).exec(overview)?.[0] ?? "";
        const nrc = text(/<td[^>]*data-nrc[^>]*>([\s\S]*?)<\/td>/.exec(row)?.[1] ?? "");
        const fire = text(/<td[^>]*data-fire[^>]*>([\s\S]*?)<\/td>/.exec(row)?.[1] ?? "");
        const product = html(localePath(locale, `/products/${id}`));
        const ratings = /<dl[^>]*aria-label="[^"]*"[^>]*>([\s\S]*?)<\/dl>/g;
        const [acoustic, fireAndCarbon] = [...product.matchAll(ratings)].map((m) => m[1] ?? "");
        const productNrc = text(/<dd[^>]*>([\s\S]*?)<\/dd>/.exec(acoustic ?? "")?.[1] ?? "");
        const productFire = text(/<dd[^>]*>([\s\S]*?)<\/dd>/.exec(fireAndCarbon ?? "")?.[1] ?? "");
        expect(nrc, `${locale} ${id} NRC`).toBe(productNrc);
        expect(fire, `${locale} ${id} fire class`).toBe(productFire);
        expect(nrc).toMatch(/^\d[.,]\d\d$/);
      }
    }
  });

  it("loads the first row's photos at once, the first at high priority and the next two at low, and the others lazily", () => {
    for (const locale of LOCALES) {
      const cards = [...html(localePath(locale, "/products")).matchAll(/<li><a[^>]*>\s*<img([^>]*)>/g)].map(
        (m) => m[1] ?? "",
      );
      expect(cards.length, locale).toBe(productIds.length);
      cards.forEach((img, index) => {
        expect(img, `${locale} card ${index + 1}`).toContain(index < 3 ? 'loading="eager"' : 'loading="lazy"');
        expect(/fetchpriority="(\w+)"/.exec(img)?.[1], `${locale} card ${index + 1}`).toBe(
          index === 0 ? "high" : index < 3 ? "low" : undefined,
        );
      });
    }
  });

  it("carries ItemList structured data naming every product page", () => {
    const overview = html("/products");
    const list = [...overview.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
      .map((m) => JSON.parse(m[1] ?? "{}"))
      .flatMap((data) => data["@graph"] ?? [data])
      .find((data) => data["@type"] === "ItemList");
    expect(list?.itemListElement.map((item: { url: string }) => new URL(item.url).pathname).sort()).toEqual(
      productIds.map((id) => `/products/${id}`).sort(),
    );
  });

  it("is where each product page's breadcrumb and Compare link lead, that product's row highlighted", () => {
    for (const locale of LOCALES) {
      for (const id of productIds) {
        const product = html(localePath(locale, `/products/${id}`));
        const crumbs = /<nav aria-label="Breadcrumb"[\s\S]*?<\/nav>/.exec(product)?.[0] ?? "";
        expect(crumbs).toContain(`href="${localePath(locale, "/products")}"`);
        expect(product).toContain(`href="${localePath(locale, "/products")}#compare-${id}"`);
      }
    }
  });
});

describe("the learning index", () => {
  it("links every learning page and the calculator in every language, and every learning breadcrumb leads to it", () => {
    for (const locale of LOCALES) {
      const index = html(localePath(locale, "/learning"));
      for (const id of learningIds) {
        expect(index, `${locale} ${id}`).toContain(`href="${localePath(locale, `/learning/${id}`)}"`);
        const page = html(localePath(locale, `/learning/${id}`));
        const crumbs = /<nav aria-label="Breadcrumb"[\s\S]*?<\/nav>/.exec(page)?.[0] ?? "";
        expect(crumbs, `${locale} ${id}`).toContain(`href="${localePath(locale, "/learning")}"`);
      }
      expect(index).toContain(`href="${localePath(locale, "/tools/room-acoustics-calculator")}"`);
    }
  });
});
