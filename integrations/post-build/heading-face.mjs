// @ts-check
// The second step: each page's <h1> in its brand face on the first paint of a cold visit. The h1 is
// the largest text and so the page's LCP: drawn in the fallback first and again when Fraunces
// arrives, that second paint would be the LCP. Each page gets a subset of Fraunces holding only the
// glyphs of its own h1, preloaded first thing in the head, and a face named for it that the h1 uses
// before the full Fraunces; the full face still serves every other heading. The subset is a file
// rather than inline, because inlined it would push the largest content pages' HTML over the first
// round trip. Subsets with the same letters are one file, kept in a cache folder between builds.
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import subsetFont from "subset-font";
import { FAMILIES, FEATURES, webFonts } from "../web-fonts.mjs";

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

/**
 * The page's head with the subset at `href` preloaded first and its face, used by the h1, in a style
 * of its own (the pipeline's last step lists that style in the CSP).
 * @param {string} html
 * @param {string} href
 */
export function addHeadingFace(html, href) {
  const style = `@font-face{font-family:"${HEADING_FAMILY}";src:url(${href});font-weight:${FRAUNCES.weight.min} ${FRAUNCES.weight.max};font-display:swap}:root h1{font-family:"${HEADING_FAMILY}",var(--font-fraunces)}`;
  const preload = `<link rel="preload" href="${href}" as="font" crossorigin>`;
  return html
    .replace(/<meta name="viewport"[^>]*>/, (viewport) => `${viewport}${preload}`)
    .replace("</head>", `<style>${style}</style></head>`);
}

/**
 * Writes a heading subset for each text of `headings` into the build, and returns each text's site
 * path. The subset is cut from the site's own base face of Fraunces (not from the package's font),
 * glyphs only, so each glyph is the very outline the full face draws: pixel for pixel the same heading.
 * @param {Iterable<string>} headings
 * @param {{ root: string, fontCacheDir: string, cacheDir: string }} where the build folder, where the
 *   site's faces are cut (integrations/web-fonts.mjs), and where subsets are kept between builds
 * @returns {Promise<Map<string, string>>}
 */
export async function headingSubsets(headings, { root, fontCacheDir, cacheDir }) {
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
  const hrefs = new Map();
  for (const text of headings) {
    if (hrefs.has(text)) continue;
    const letters = [...new Set([...text, ...ADDED])].sort().join("");
    const key = createHash("sha256").update(sourceKey).update(letters).digest("hex").slice(0, 16);
    const cached = join(cacheDir, `heading-${key}.woff2`);
    if (!existsSync(cached))
      await writeFile(cached, await subsetFont(source, letters, { targetFormat: "woff2", keepFeatures: FEATURES }));
    const href = `/_astro/heading.${key}.woff2`;
    await writeFile(join(root, href), await readFile(cached));
    hrefs.set(text, href);
  }
  return hrefs;
}
