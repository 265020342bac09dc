// The site's web fonts, cut at build from the variable fonts the packages ship. Per family, one face
// with the characters the site's languages write (Basic Latin, the Latin-1 letters of Estonian,
// Finnish and Swedish, typographic signs and the symbols the content uses), which every page loads,
// and two small faces a browser loads only for a page that shows one of their characters: the rest
// of Latin-1 (a name such as Ødegaard or a word such as façade) and the Latin Extended-A letters of
// Estonian and Finnish loanwords (š, ž). The weight axis is cut to the weights the design uses, the
// OpenType features to those its text is drawn with.
// A face's unicode-range names only the characters its font draws. A range that claims a character
// the font lacks costs twice: the browser draws it in whatever system font it finds (a sans α in
// the middle of Inter), and finding one is a search through the system's fonts during layout.
// Inter is cut from its full variable font (the split files of the font packages leave out the
// Greek letters, subscripts, arrows and ≈ the content uses); Fraunces has no Greek or arrows at
// all, so its faces leave those to the next font of the heading stack.
// Files are written once per input into node_modules/.cache and reused by later builds.
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fontProviders } from "astro/config";
import * as fontkit from "fontkit";
import subsetFont from "subset-font";

const span = (from, to) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)).join("");

/** Latin-1 letters and signs of English, Estonian, Finnish and Swedish text: no-break space, soft hyphen. */
const LANGUAGE_LATIN_1 = "\u00a0\u00ad©«°±²³·»×ÄÅÉÕÖÜäåéõöü";
/** Letters, digits and punctuation of English, Estonian, Finnish and Swedish, and signs the content uses. */
export const BASE_TEXT = `${span(0x20, 0x7e)}${LANGUAGE_LATIN_1}–—‘’‚“”„•…€™→←−≈₂αΣᾱ`;
/** The rest of Latin-1: other Western European letters and signs, for the odd name or loanword. */
export const LATIN_1_TEXT = [...span(0xa0, 0xff)].filter((c) => !LANGUAGE_LATIN_1.includes(c)).join("");
/** Latin Extended-A letters of Estonian and Finnish loanwords (šokolaad, žürii). */
export const EXTENDED_TEXT = "ŠšŽž";

/**
 * The OpenType features kept: those a browser applies by itself (kerning, ligatures, contextual
 * forms, marks, localised forms, and rvrn, the glyph alternates a variable font swaps in along its
 * axes) and those the stylesheet asks for (`tabular-nums`: tnum), with their proportional, lining and
 * case-sensitive counterparts. Features the design does not use (fractions, stylistic sets) would
 * otherwise keep glyphs no page draws.
 */
export const FEATURES = [
  ..."kern liga clig calt ccmp locl mark mkmk rlig rclt rvrn".split(" "),
  ..."tnum pnum lnum case".split(" "),
];

/** The CSS unicode-range of a set of characters: code points, runs of them joined. */
export function unicodeRange(text) {
  const points = [...new Set([...text].map((c) => /** @type {number} */ (c.codePointAt(0))))].sort((a, b) => a - b);
  const parts = [];
  for (let i = 0; i < points.length; ) {
    let j = i;
    while (j + 1 < points.length && points[j + 1] === /** @type {number} */ (points[j]) + 1) j++;
    const hex = (n) => n.toString(16).toUpperCase().padStart(4, "0");
    // A range is written U+0160-0161: the end has no U+ of its own (CSS drops a descriptor that has).
    parts.push(i === j ? `U+${hex(points[i])}` : `U+${hex(points[i])}-${hex(points[j])}`);
    i = j + 1;
  }
  return parts.join(", ");
}

/**
 * @typedef {{ base: string, latin1: string, extended: string }} Sources the font files (paths under
 *   node_modules) each face is cut from
 * @typedef {{ name: string, file: string, weight: { min: number, max: number }, pinned: Record<string, number>,
 *   sources: Sources, fallbacks: string[] }} Family
 */

const FONTSOURCE_FRAUNCES = "@fontsource-variable/fraunces/files/fraunces";
const FULL_INTER = "inter-ui/variable/InterVariable.woff2";

/**
 * Inter for text (400 regular to 700 for <strong>), Fraunces for headings and figures (400 to 600).
 * Inter's optical-size axis is pinned at 14, the text size its packages' split files are drawn at,
 * so a 48 px word has the same letters as before rather than the display cut.
 */
export const FAMILIES = /** @type {const} @satisfies {Family[]} */ ([
  {
    name: "Inter",
    file: "inter",
    weight: { min: 400, max: 700 },
    pinned: { opsz: 14 },
    sources: { base: FULL_INTER, latin1: FULL_INTER, extended: FULL_INTER },
    fallbacks: ["Arial", "sans-serif"],
  },
  {
    name: "Fraunces",
    file: "fraunces",
    weight: { min: 400, max: 600 },
    pinned: {},
    sources: {
      base: `${FONTSOURCE_FRAUNCES}-latin-wght-normal.woff2`,
      latin1: `${FONTSOURCE_FRAUNCES}-latin-wght-normal.woff2`,
      extended: `${FONTSOURCE_FRAUNCES}-latin-ext-wght-normal.woff2`,
    },
    fallbacks: ["Georgia", "serif"],
  },
]);

/**
 * The characters of `text` that the font in `input` draws, in their order.
 * @param {Buffer} input
 * @param {string} text
 */
export function drawable(input, text) {
  const font = fontkit.create(input);
  if (!("characterSet" in font)) throw new Error("a font collection is not a face");
  const drawn = new Set(font.characterSet);
  return [...text].filter((c) => drawn.has(/** @type {number} */ (c.codePointAt(0)))).join("");
}

/**
 * Cuts one face of the characters of `text` its font draws, or reuses the cut a previous build made
 * from the same input; returns the file and the characters it holds.
 * @param {string} cacheDir
 * @param {Family} family
 * @param {keyof Sources} part
 * @param {string} text
 */
async function cut(cacheDir, family, part, text) {
  const input = await readFile(join("node_modules", family.sources[part]));
  const held = drawable(input, text);
  const key = createHash("sha256")
    .update(input)
    .update(held)
    .update(JSON.stringify([family.weight, family.pinned]))
    .update(FEATURES.join())
    .update("web-fonts 3")
    .digest("hex")
    .slice(0, 16);
  const path = join(cacheDir, `${family.file}-${part}-${key}.woff2`);
  if (existsSync(path)) return { path, text: held };
  const output = await subsetFont(input, held, {
    targetFormat: "woff2",
    variationAxes: { ...family.pinned, wght: family.weight },
    keepFeatures: FEATURES,
  });
  await mkdir(cacheDir, { recursive: true });
  const partial = `${path}.${process.pid}.tmp`;
  await writeFile(partial, output);
  await rename(partial, path);
  return { path, text: held };
}

/**
 * The faces of each family, base first, as files under `cacheDir` with their unicode ranges.
 * @param {string} cacheDir
 */
export async function webFonts(cacheDir) {
  return Promise.all(
    FAMILIES.map(async (family) => {
      const faces = await Promise.all([
        cut(cacheDir, family, "base", BASE_TEXT),
        cut(cacheDir, family, "latin1", LATIN_1_TEXT),
        cut(cacheDir, family, "extended", EXTENDED_TEXT),
      ]);
      return { family, faces: faces.map(({ path, text }) => ({ path, text, unicodeRange: unicodeRange(text) })) };
    }),
  );
}

/**
 * The site's fonts as Astro's `fonts` option takes them: each family's faces from the local files
 * webFonts cuts, with its metric-matched fallbacks, and `swap`, so a first visit shows the brand
 * fonts as soon as they arrive and the swap barely moves text.
 * @param {string} cacheDir
 */
export async function siteFonts(cacheDir) {
  const families = await webFonts(cacheDir);
  return families.map(({ family, faces }) => ({
    provider: fontProviders.local(),
    name: family.name,
    cssVariable: `--font-${family.file}`,
    fallbacks: [...family.fallbacks],
    display: /** @type {const} */ ("swap"),
    options: {
      variants: /** @type {[FontVariant, ...FontVariant[]]} */ (
        faces.map((face) => ({
          src: /** @type {[string]} */ ([face.path]),
          weight: `${family.weight.min} ${family.weight.max}`,
          style: /** @type {const} */ ("normal"),
          unicodeRange: /** @type {[string]} */ ([face.unicodeRange]),
        }))
      ),
    },
  }));
}

/** @typedef {{ src: [string], weight: string, style: "normal", unicodeRange: [string] }} FontVariant */
