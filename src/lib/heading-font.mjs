// @ts-check
// Each page's <h1> in its brand face on the first paint of a cold visit. The h1 is the largest text
// and so the page's LCP: drawn in the fallback first and again when Fraunces arrives, that second
// paint would be the LCP. After the build, each page gets a subset of Fraunces holding only the
// glyphs of its own h1 (8–9 KB), preloaded first thing in the head, and a face named for it that
// the h1 uses before the full Fraunces. It arrives a round trip after the page's first bytes, about
// when the page is first drawn, instead of after the full face's 23 KB; the full face still serves
// every other heading. Inlining the subset was measured too: even cut to the h1's letters alone
// (2.1–2.5 KB of brotli) it would push the largest content pages over the first round trip's HTML
// budget, so it is a file.
// Subsets with the same letters are one file; files are kept in node_modules/.cache between builds.
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import subsetFont from "subset-font";
import { rewriteBuiltPages } from "./built-pages.mjs";
import { cspHash } from "./csp.mjs";
import { FAMILIES, FEATURES, webFonts } from "./web-fonts.mjs";

/** The heading family as the site cuts it (its weight axis, 400 to 600). */
const FRAUNCES = /** @type {(typeof FAMILIES)[number]} */ (FAMILIES.find((family) => family.name === "Fraunces"));
/** The face's name in the page's CSS. */
export const HEADING_FAMILY = "Fraunces h1";
/**
 * Characters every subset holds besides the heading's own: the hyphens a browser adds where it breaks
 * a long word, and the letters a renderer measures a face by to fit its hinting (FreeType's
 * auto-hinter reads its cap-height, x-height, ascender and descender zones from these). Without them
 * the subset's glyphs are hinted, and so drawn, a shade differently from the full face's.
 */
const ADDED = "-\u2010\u00adTHEZOCQSLUfijkdbhxzroescpqgjy";

const ENTITIES = /** @type {Record<string, string>} */ ({
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
});

/**
 * The text of a page's first <h1> (tags dropped, character references undone); undefined for a page
 * without one.
 * @param {string} html
 */
export function headingOf(html) {
  const match = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html);
  if (!match) return undefined;
  return (match[1] ?? "")
    .replace(/<[^>]+>/g, "")
    .replace(/&#x([\da-f]+);/gi, (_, hex) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, decimal) => String.fromCodePoint(Number(decimal)))
    .replace(/&(\w+);/g, (whole, name) => ENTITIES[name] ?? whole)
    .replace(/\s+/g, " ")
    .trim();
}

/** The page's head with the subset preloaded first and its face, used by the h1, in a style of its own. */
function withHeadingFace(/** @type {string} */ html, /** @type {string} */ href) {
  const style = `@font-face{font-family:"${HEADING_FAMILY}";src:url(${href});font-weight:${FRAUNCES.weight.min} ${FRAUNCES.weight.max};font-display:swap}:root h1{font-family:"${HEADING_FAMILY}",var(--font-fraunces)}`;
  const preload = `<link rel="preload" href="${href}" as="font" crossorigin>`;
  const csp = /(<meta http-equiv="content-security-policy" content="[^"]*?style-src)/i;
  if (!csp.test(html)) throw new Error("no CSP meta tag with a style-src to list the heading face's style in");
  return html
    .replace(csp, `$1 '${cspHash(style)}'`)
    .replace(/<meta name="viewport"[^>]*>/, (viewport) => `${viewport}${preload}`)
    .replace("</head>", `<style>${style}</style></head>`);
}

/**
 * Writes each page's heading subset into the build and links it from the page. The subset is cut
 * from the site's own base face of Fraunces (not from the package's font), glyphs only, so each
 * glyph is the very outline the full face draws: pixel for pixel the same heading.
 * @param {string} root the build folder
 * @param {string} fontCacheDir where the site's faces are cut (src/lib/web-fonts.mjs)
 * @param {string} cacheDir
 */
export async function addHeadingFaces(root, fontCacheDir, cacheDir) {
  const faces = await webFonts(fontCacheDir);
  const base = faces.find(({ family }) => family === FRAUNCES)?.faces[0]?.path;
  if (!base) throw new Error("no base face of Fraunces to cut the headings from");
  const source = await readFile(base);
  const sourceKey = createHash("sha256")
    .update(source)
    .update(FEATURES.join())
    .update(JSON.stringify(FRAUNCES.weight))
    .digest("hex")
    .slice(0, 12);
  await mkdir(cacheDir, { recursive: true });
  await mkdir(join(root, "_astro"), { recursive: true });
  /** @type {Map<string, string>} */
  const files = new Map();
  const subsetFor = async (/** @type {string} */ text) => {
    const letters = [...new Set([...text, ...ADDED])].sort().join("");
    const known = files.get(letters);
    if (known) return known;
    const key = createHash("sha256").update(sourceKey).update(letters).digest("hex").slice(0, 16);
    const cached = join(cacheDir, `heading-${key}.woff2`);
    if (!existsSync(cached)) {
      const font = await subsetFont(source, letters, {
        targetFormat: "woff2",
        keepFeatures: FEATURES,
      });
      await writeFile(cached, font);
    }
    const href = `/_astro/heading.${key}.woff2`;
    await writeFile(join(root, href), await readFile(cached));
    files.set(letters, href);
    return href;
  };
  // Each page's subset is made first (asynchronously), then the pages are rewritten with them.
  /** @type {Map<string, string>} */
  const hrefs = new Map();
  await rewriteBuiltPages(root, (html) => {
    const heading = headingOf(html);
    if (heading !== undefined && !hrefs.has(heading)) hrefs.set(heading, "");
    return html;
  });
  for (const text of hrefs.keys()) hrefs.set(text, await subsetFor(text));
  const { pages } = await rewriteBuiltPages(root, (html) => {
    const heading = headingOf(html);
    if (heading === undefined) return html;
    return withHeadingFace(html, /** @type {string} */ (hrefs.get(heading)));
  });
  return { pages, files: files.size };
}

/** The Astro integration: after the style cut, before each page's CSP is trimmed to its own code. */
export function headingFonts(/** @type {string} */ fontCacheDir) {
  return /** @type {import("astro").AstroIntegration} */ ({
    name: "heading-fonts",
    hooks: {
      "astro:build:done": async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const { pages, files } = await addHeadingFaces(root, fontCacheDir, "./node_modules/.cache/heading-fonts");
        logger.info(`${pages} pages: each h1 in a subset of its own letters (${files} files)`);
      },
    },
  });
}
