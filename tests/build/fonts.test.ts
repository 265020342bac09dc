import { describe, expect, it } from "vitest";
import { BASE_TEXT, EXTENDED_TEXT, LATIN_1_TEXT } from "../../src/lib/web-fonts.mjs";
import { builtPages } from "../support/dist";

const RANGE_PART = /^U\+[0-9A-F]{1,6}(-[0-9A-F]{1,6})?$/;

/** The visible text of a page: no scripts, styles, JSON-LD or tags; entities decoded. */
function visibleText(html: string): string {
  return html
    .replace(/<(script|style|template)\b[\s\S]*?<\/\1>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#(\d+);/g, (_, n) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n) => String.fromCodePoint(Number.parseInt(n, 16)))
    .replace(
      /&(amp|lt|gt|quot|nbsp);/g,
      (_, name) => ({ amp: "&", lt: "<", gt: ">", quot: '"', nbsp: "\u00a0" })[name as "amp"],
    );
}

describe("web fonts in the build", () => {
  const pages = builtPages();

  it("every @font-face unicode-range is valid CSS, so a browser downloads a face only for its characters", () => {
    const home = pages.find((p) => p.route === "/")?.html ?? "";
    const ranges = [...home.matchAll(/unicode-range:([^;}]+)/g)].map((m) => m[1] ?? "");
    expect(ranges.length).toBeGreaterThanOrEqual(4);
    for (const range of ranges) {
      for (const part of range.split(",")) expect(part.trim()).toMatch(RANGE_PART);
    }
  });

  it("preloads only the base face of each family", () => {
    for (const page of pages) {
      const preloads = [...page.html.matchAll(/<link rel="preload" href="([^"]+)" as="font"/g)].map((m) => m[1]);
      expect(preloads, page.route).toHaveLength(2);
    }
  });

  it("every character of every page is in the character ranges of the site's faces", () => {
    const covered = new Set([...BASE_TEXT, ...LATIN_1_TEXT, ...EXTENDED_TEXT, "\n", "\t", "\r"]);
    const missing = new Map<string, Set<string>>();
    for (const page of pages) {
      for (const char of visibleText(page.html)) {
        if (covered.has(char)) continue;
        const routes = missing.get(char) ?? new Set();
        routes.add(page.route);
        missing.set(char, routes);
      }
    }
    const report = [...missing].map(
      ([char, routes]) =>
        `U+${char.codePointAt(0)?.toString(16).toUpperCase()} "${char}" on ${[...routes].slice(0, 3).join(", ")}`,
    );
    expect(report).toEqual([]);
  });
});
