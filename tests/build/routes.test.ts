import { describe, expect, it } from "vitest";
import { builtPages } from "../support/dist";

/** Every route the site promises to serve, other than those still to come. */
const products = ["aural-solution", "felt-panels", "perforated-panels", "grooved-panels", "veneered-panels"];
const learning = [
  "room-acoustics",
  "acoustic-elements",
  "sound-absorbers",
  "sound-diffusers",
  "resonators",
  "sound-barriers",
];
const rooms = ["living-room", "kitchen", "bedroom", "home-office", "dining-room", "hallway"];
const publicSpaces = [
  "restaurants-cafes",
  "libraries",
  "auditoriums-lecture-halls",
  "sporting-halls",
  "school-cafeterias",
  "food-courts",
  "transport-waiting-areas",
  "open-plan-offices",
  "closed-offices",
  "healthcare-waiting",
  "prayer-rooms",
  "theaters-concert-halls",
  "museums-galleries",
  "bars-pubs",
  "community-centers",
  "bus-terminals",
];
const aspects = ["acoustic-characteristics", "optimal-levels", "enhancing-acoustics"];
const specRoutes = [
  "/",
  "/about",
  ...products.map((p) => `/products/${p}`),
  ...learning.map((l) => `/learning/${l}`),
  "/spatial-solutions",
  "/private-spaces",
  "/public-spaces",
  ...rooms.map((r) => `/private-spaces/${r}`),
  ...publicSpaces.map((p) => `/public-spaces/${p}`),
  ...aspects.map((a) => `/private-spaces/living-room/${a}`),
  ...aspects.map((a) => `/public-spaces/transport-waiting-areas/${a}`),
];

const text = (html: string, pattern: RegExp) =>
  pattern
    .exec(html)?.[1]
    ?.replace(/<[^>]+>/g, "")
    .trim() ?? "";
const count = (html: string, pattern: RegExp) => html.match(pattern)?.length ?? 0;

describe("the site's routes", () => {
  const pages = new Map(builtPages().map((p) => [p.route, p.html]));

  it("builds every listed route (44 here; gallery, contact, auth and admin come with their own pages)", () => {
    expect(specRoutes).toHaveLength(44);
    expect(specRoutes.filter((route) => !pages.has(route))).toEqual([]);
  });

  it("gives each route its own h1 and title", () => {
    const titles = specRoutes.map((route) => text(pages.get(route) ?? "", /<title>([^<]*)<\/title>/));
    const headings = specRoutes.map((route) => text(pages.get(route) ?? "", /<h1[^>]*>([\s\S]*?)<\/h1>/));
    expect(titles.every(Boolean)).toBe(true);
    expect(headings.every(Boolean)).toBe(true);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it("lists five products in the menu and four others on each product page", () => {
    const home = pages.get("/") ?? "";
    expect(count(home, /<a href="\/products\/[a-z-]+"/g)).toBeGreaterThanOrEqual(5);
    for (const p of products) {
      const html = pages.get(`/products/${p}`) ?? "";
      const more = /id="more-heading"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
      const links = [...more.matchAll(/href="\/products\/([a-z-]+)"/g)].map((m) => m[1]);
      expect(links.sort()).toEqual(products.filter((o) => o !== p).sort());
      expect(html).toContain(`href="/contact?product=${p}"`);
    }
  });

  it("lists 6 private and 16 public spaces", () => {
    expect(count(pages.get("/private-spaces") ?? "", /<a href="\/private-spaces\/[a-z-]+"/g)).toBe(6);
    expect(count(pages.get("/public-spaces") ?? "", /<a href="\/public-spaces\/[a-z-]+"/g)).toBe(16);
  });

  it("has 6 questions on room acoustics and 5 on each element page, in single-open accordions", () => {
    expect(count(pages.get("/learning/room-acoustics") ?? "", /<details name="faq-room-acoustics"/g)).toBe(6);
    for (const element of ["sound-absorbers", "sound-diffusers", "resonators", "sound-barriers"]) {
      expect(count(pages.get(`/learning/${element}`) ?? "", new RegExp(`<details name="faq-${element}"`, "g"))).toBe(5);
    }
    const menu = pages.get("/learning/acoustic-elements") ?? "";
    for (const element of ["sound-absorbers", "sound-diffusers", "resonators", "sound-barriers"]) {
      expect(menu).toContain(`href="/learning/${element}"`);
    }
  });

  it("ends every learning page with links to the flagship product and contact", () => {
    for (const l of learning) {
      const html = pages.get(`/learning/${l}`) ?? "";
      expect(html).toContain('href="/products/aural-solution"');
      expect(html).toContain('href="/contact"');
    }
  });

  it("gives sub-pages a back link and an image named after their last path segment", () => {
    for (const [base, space] of [
      ["/private-spaces/living-room", "living-room"],
      ["/public-spaces/transport-waiting-areas", "transport-waiting-areas"],
    ] as const) {
      for (const aspect of aspects) {
        const html = pages.get(`${base}/${aspect}`) ?? "";
        expect(html).toMatch(new RegExp(`<a href="${base}"[^>]*data-back-link`));
        // Astro renames optimised images after their source file.
        expect(html).toMatch(new RegExp(`/_astro/${aspect}\\.[\\w-]+\\.(avif|webp|jpg)`));
      }
      expect(pages.get(base)).toMatch(new RegExp(`/_astro/${space}\\.[\\w-]+\\.(avif|webp|jpg)`));
    }
  });
});

describe("structured data", () => {
  const pages = new Map(builtPages().map((p) => [p.route, p.html]));
  const jsonLd = (html: string) =>
    [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
      JSON.parse(m[1] ?? "{}"),
    );

  it("has Product data with NRC on product pages", () => {
    const data = jsonLd(pages.get("/products/felt-panels") ?? "");
    const product = data.find((d) => d["@type"] === "Product");
    expect(product?.name).toBe("Felt Panels");
    expect(product?.additionalProperty).toContainEqual(expect.objectContaining({ value: 0.75 }));
  });

  it("has FAQPage data matching the accordion on learning pages", () => {
    const data = jsonLd(pages.get("/learning/room-acoustics") ?? "");
    expect(data.find((d) => d["@type"] === "FAQPage")?.mainEntity).toHaveLength(6);
  });

  it("has a BreadcrumbList on content pages", () => {
    const data = jsonLd(pages.get("/public-spaces/transport-waiting-areas/optimal-levels") ?? "");
    const crumbs = data.find((d) => d["@type"] === "BreadcrumbList");
    expect(crumbs?.itemListElement.map((i: { name: string }) => i.name)).toEqual([
      "Home",
      "Spatial Oriented Solutions",
      "Public Spaces",
      "Transport Waiting Areas",
      "Optimal levels",
    ]);
  });
});
