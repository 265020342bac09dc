import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { candidateWords, cutStyles, stylesFor } from "../../../integrations/post-build/cut-styles.mjs";

const hash = (text: string) => `sha256-${createHash("sha256").update(text).digest("base64")}`;

/** A stylesheet shaped as Tailwind writes it: banner, theme, base and utilities layers, @property. */
const STYLESHEET = [
  "/*! tailwindcss v4 | MIT License | https://tailwindcss.com */",
  "@layer theme{:root{--color-moss:#4a5d3a;--color-oak:#b08a5a;--color-sand:#e9e1d3}}",
  "@layer base{:focus-visible{outline:2px solid var(--color-moss)}[hidden]:where(:not([hidden=until-found])){display:none!important}table{border-collapse:collapse}}",
  "@layer utilities{",
  ".flex{display:flex}",
  ".grid{display:grid}",
  ".bg-oak{background-color:var(--color-oak)}",
  ".is-open{opacity:1}",
  ".aspect-\\[4\\/3\\]{aspect-ratio:4/3}",
  ":is(:where(.group\\/menu):is([open],:popover-open,:open) .group-open\\/menu\\:rotate-180){rotate:180deg}",
  ".peer:not(.is-open)~.fade{opacity:.5}",
  ".ring-2{--tw-ring-shadow:0 0 0 2px var(--tw-ring-color,currentcolor);box-shadow:var(--tw-ring-shadow)}",
  "@media (width>=40rem){.sm\\:grid{display:grid}.sm\\:hidden{display:none}}",
  "@media (width>=64rem){.lg\\:block{display:block}}",
  "}",
  '@property --tw-ring-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
  '@property --tw-ring-color{syntax:"*";inherits:false}',
  '@property --tw-blur{syntax:"*";inherits:false}',
].join("");

const cut = (...texts: string[]) => stylesFor(STYLESHEET, new Set(texts.flatMap((text) => [...candidateWords(text)])));

describe("stylesFor: a page's stylesheet keeps what its markup and scripts can use", () => {
  it("keeps utilities whose classes the markup uses and drops the others", () => {
    const css = cut('<div class="flex aspect-[4/3] sm:grid"></div>');
    expect(css).toContain(".flex{");
    expect(css).toContain(".aspect-\\[4\\/3\\]{");
    expect(css).toContain(".sm\\:grid{");
    expect(css).not.toContain(".grid{");
    expect(css).not.toContain(".bg-oak{");
    expect(css).not.toContain(".sm\\:hidden");
  });

  it("keeps a class that only a script adds, and one in an island's escaped props", () => {
    const css = cut(
      '<astro-island props="{&quot;tone&quot;:[0,&quot;bg-oak&quot;]}"></astro-island>',
      'menu.classList.toggle("is-open",open)',
    );
    expect(css).toContain(".is-open{");
    expect(css).toContain(".bg-oak{");
  });

  it("judges a rule by its classes only: states and attributes it also names never remove it", () => {
    const css = cut(
      '<details class="group/menu"><summary><svg class="group-open/menu:rotate-180"></svg></summary></details>',
    );
    expect(css).toContain("group-open\\/menu\\:rotate-180");
    // A class under :not() is not required for the rule to apply.
    expect(cut('<input class="peer"><p class="fade"></p>')).toContain(".peer:not(.is-open)~.fade");
  });

  it("keeps the reset, base styles and theme whole, whatever the markup", () => {
    const css = cut("<p>text</p>");
    expect(css).toContain(":focus-visible{outline:2px solid var(--color-moss)}");
    expect(css).toContain("[hidden]:where(:not([hidden=until-found])){display:none!important}");
    expect(css).toContain("table{border-collapse:collapse}");
    expect(css).toContain("--color-moss:#4a5d3a");
  });

  it("drops custom properties nothing reads any more, and their @property rules", () => {
    const plain = cut('<div class="flex"></div>');
    expect(plain).not.toContain("--color-oak");
    expect(plain).not.toContain("--tw-ring-shadow");
    expect(plain).not.toContain("--tw-ring-color");
    expect(plain).not.toContain("@property --tw-blur");
    // Read by a remaining rule (and through it, the property it reads), or named in the markup.
    const ring = cut('<button class="ring-2 bg-oak" style="color:var(--color-sand)"></button>');
    expect(ring).toContain("@property --tw-ring-shadow");
    expect(ring).toContain("@property --tw-ring-color");
    expect(ring).toContain("--color-oak:#b08a5a");
    expect(ring).toContain("--color-sand:#e9e1d3");
    expect(ring).not.toContain("@property --tw-blur");
  });

  it("removes a media query whose rules all went", () => {
    expect(cut('<div class="flex"></div>')).not.toContain("@media (width>=64rem)");
    expect(cut('<div class="lg:block"></div>')).toContain("@media (width>=64rem){.lg\\:block{display:block}}");
  });

  it("refuses a stylesheet without one utilities layer rather than guess", () => {
    expect(() => stylesFor(".flex{display:flex}", new Set(["flex"]))).toThrow(/one utilities layer/);
  });
});

describe("cutStyles", () => {
  const page = (body: string, css = STYLESHEET, listed = hash(css)) =>
    `<!doctype html><html><head><meta http-equiv="content-security-policy" content="default-src 'self'; style-src 'self' '${listed}';"><style>${css}</style></head><body>${body}</body></html>`;
  const files: Record<string, string> = {
    "/_astro/menu.js": 'import{o as e}from"./open.js";e()',
    "/_astro/open.js": 'export const o=()=>document.body.classList.add("is-open")',
    "/_astro/lazy.js": 'export default ()=>"bg-oak"',
    "/_astro/island.js": 'export default ()=>import("./lazy.js")',
  };
  const read = (url: string) => {
    const text = files[url];
    if (text === undefined) throw new Error(`no ${url}`);
    return text;
  };
  const styleOf = (html: string) => /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";

  it("keeps classes used by the scripts the page loads, imports and dynamic imports included", () => {
    const html = cutStyles(
      page(
        '<div class="flex"></div><script type="module" src="/_astro/menu.js"></script><astro-island component-url="/_astro/island.js"></astro-island>',
      ),
      read,
    );
    const css = styleOf(html);
    expect(css).toContain(".is-open{");
    expect(css).toContain(".bg-oak{");
    expect(css).not.toContain(".grid{");
  });

  it("changes nothing but the stylesheet: the CSP is the last step's to write", () => {
    const before = page('<div class="flex"></div>');
    const html = cutStyles(before, read);
    const css = styleOf(html);
    expect(css.length).toBeLessThan(STYLESHEET.length);
    expect(html.replace(css, "")).toBe(before.replace(STYLESHEET, ""));
  });

  it("leaves a page without the site's stylesheet as it is", () => {
    const html = page("<p></p>", "p{color:red}");
    expect(cutStyles(html, read)).toBe(html);
  });
});
