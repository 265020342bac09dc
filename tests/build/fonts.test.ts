import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { HEADING_FAMILY, headingOf } from "../../integrations/post-build/heading-face.mjs";
import { BASE_TEXT, drawable, EXTENDED_TEXT, LATIN_1_TEXT } from "../../integrations/web-fonts.mjs";
import { builtPages, distDir } from "../support/dist";

const RANGE_PART = /^U\+[0-9A-F]{1,6}(-[0-9A-F]{1,6})?$/;

/** The code points of a CSS unicode-range. */
function codePoints(range: string): number[] {
  return range.split(",").flatMap((part) => {
    const [from = "", to] = part.trim().replace("U+", "").split("-");
    const start = Number.parseInt(from, 16);
    const end = to === undefined ? start : Number.parseInt(to, 16);
    return Array.from({ length: end - start + 1 }, (_, i) => start + i);
  });
}

/** The web-font faces a page's CSS declares: family, file (in the build) and code points. */
function declaredFaces(html: string) {
  return [...html.matchAll(/@font-face\s*\{([^}]*)\}/g)].flatMap(([, body = ""]) => {
    const family = /font-family:\s*"?([^";]+)"?/.exec(body)?.[1] ?? "";
    const url = /src:\s*url\("?([^")]+)"?\)/.exec(body)?.[1];
    const range = /unicode-range:([^;}]+)/.exec(body)?.[1];
    if (!url || !range) return [];
    return [{ family, file: join(distDir, url), points: codePoints(range) }];
  });
}

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

  it("preloads only the base face of each family, besides the page's heading face", () => {
    for (const page of pages) {
      const preloads = [...page.html.matchAll(/<link rel="preload" href="([^"]+)" as="font"/g)]
        .map((m) => m[1] ?? "")
        .filter((href) => !href.startsWith("/_astro/heading."));
      expect(preloads, page.route).toHaveLength(2);
    }
  });

  it("each face draws every character its unicode-range names, so none is left to a system font's search", () => {
    const faces = declaredFaces(pages.find((p) => p.route === "/")?.html ?? "");
    expect(faces.length).toBeGreaterThanOrEqual(6);
    for (const face of faces) {
      const named = face.points.map((point) => String.fromCodePoint(point)).join("");
      const drawn = new Set(drawable(readFileSync(face.file), named));
      const missing = [...named].filter((char) => !drawn.has(char));
      expect(missing, `${face.family} ${face.file}`).toEqual([]);
    }
  });

  it("the text face draws every character of every page (Greek letters, subscripts and arrows included)", () => {
    const text = declaredFaces(pages.find((p) => p.route === "/")?.html ?? "").filter((face) =>
      face.family.startsWith("Inter"),
    );
    const drawn = new Set(text.flatMap((face) => face.points.map((point) => String.fromCodePoint(point))));
    // Layout characters, and the soft hyphen, which a browser shows only as the hyphen it breaks at.
    for (const char of "\n\t\r\u00ad") drawn.add(char);
    const missing = new Set<string>();
    for (const page of pages) {
      for (const char of visibleText(page.html)) if (!drawn.has(char)) missing.add(`${char} on ${page.route}`);
    }
    expect([...missing].slice(0, 10)).toEqual([]);
  });

  it("no Greek letter is set in capitals: an uppercased αw would read as AW, in a letter no face holds", () => {
    const capitalised = /class="[^"]*\buppercase\b[^"]*"[^>]*>[^<]*[\u03b1-\u03c9\u1fb0-\u1fb1]/;
    expect(pages.filter((page) => capitalised.test(page.html)).map((page) => page.route)).toEqual([]);
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

describe("each page's heading face", () => {
  const pages = builtPages().filter((page) => headingOf(page.html) !== undefined);

  it("is preloaded before anything else the page loads, and used by the h1 before the full face", () => {
    expect(pages.length).toBeGreaterThan(200);
    for (const page of pages) {
      const first = /<link rel="preload" href="([^"]+)"/.exec(page.html)?.[1] ?? "";
      expect(first, page.route).toMatch(/^\/_astro\/heading\.[0-9a-f]{16}\.woff2$/);
      expect(page.html).toContain(`@font-face{font-family:"${HEADING_FAMILY}";src:url(${first})`);
      expect(page.html).toContain(`:root h1{font-family:"${HEADING_FAMILY}",var(--font-fraunces)}`);
    }
  });

  it("is a few KB: one file per set of letters, each within 10 KB (the full face is 23 KB)", () => {
    const files = new Set(pages.map((page) => /<link rel="preload" href="([^"]+)"/.exec(page.html)?.[1] ?? ""));
    for (const file of files) expect(readFileSync(join(distDir, file)).length, file).toBeLessThanOrEqual(10 * 1024);
    // Pages that share a heading share its file.
    expect(files.size).toBeLessThan(pages.length);
  });

  it("reads the h1's text as the page shows it", () => {
    expect(headingOf('<h1 class="x">Tuul &amp; <em>vaikus</em>&#39;s\n  t&#x00E4;nav</h1>')).toBe(
      "Tuul & vaikus's tänav",
    );
    expect(headingOf("<p>no heading</p>")).toBeUndefined();
  });
});
