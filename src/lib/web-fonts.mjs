// The site's web fonts, cut at build from the variable fonts the packages ship. Per family, one face
// with the characters the site's languages write (Basic Latin, the Latin-1 letters of Estonian,
// Finnish and Swedish, typographic signs and the symbols the content uses), which every page loads,
// and two small faces a browser loads only for a page that shows one of their characters: the rest
// of Latin-1 (a name such as Ødegaard or a word such as façade) and the Latin Extended-A letters of
// Estonian and Finnish loanwords (š, ž). The weight axis is cut to the weights the design uses, the
// OpenType features to those its text is drawn with.
// Files are written once per input into node_modules/.cache and reused by later builds.
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
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
 * @typedef {{ name: string, pkg: string, file: string, weight: { min: number, max: number }, fallbacks: string[] }} Family
 */

/** Inter for text (400 regular to 700 for <strong>), Fraunces for headings and figures (400 to 600). */
export const FAMILIES = /** @type {const} @satisfies {Family[]} */ ([
  {
    name: "Inter",
    pkg: "@fontsource-variable/inter",
    file: "inter",
    weight: { min: 400, max: 700 },
    fallbacks: ["Arial", "sans-serif"],
  },
  {
    name: "Fraunces",
    pkg: "@fontsource-variable/fraunces",
    file: "fraunces",
    weight: { min: 400, max: 600 },
    fallbacks: ["Georgia", "serif"],
  },
]);

/** Cuts one face, or reuses the cut a previous build made from the same input. */
async function cut(cacheDir, source, text, weight, label) {
  const input = await readFile(source);
  const key = createHash("sha256")
    .update(input)
    .update(text)
    .update(JSON.stringify(weight))
    .update(FEATURES.join())
    .update("web-fonts 2")
    .digest("hex")
    .slice(0, 16);
  const path = join(cacheDir, `${label}-${key}.woff2`);
  if (existsSync(path)) return path;
  const output = await subsetFont(input, text, {
    targetFormat: "woff2",
    variationAxes: { wght: weight },
    keepFeatures: FEATURES,
  });
  await mkdir(cacheDir, { recursive: true });
  const partial = `${path}.${process.pid}.tmp`;
  await writeFile(partial, output);
  await rename(partial, path);
  return path;
}

/**
 * The faces of each family, base first, as files under `cacheDir` with their unicode ranges.
 * @param {string} cacheDir
 */
export async function webFonts(cacheDir) {
  return Promise.all(
    FAMILIES.map(async (family) => {
      const files = `./node_modules/${family.pkg}/files/${family.file}`;
      const [base, latin1, extended] = await Promise.all([
        cut(cacheDir, `${files}-latin-wght-normal.woff2`, BASE_TEXT, family.weight, `${family.file}-base`),
        cut(cacheDir, `${files}-latin-wght-normal.woff2`, LATIN_1_TEXT, family.weight, `${family.file}-latin-1`),
        cut(cacheDir, `${files}-latin-ext-wght-normal.woff2`, EXTENDED_TEXT, family.weight, `${family.file}-extended`),
      ]);
      return {
        family,
        faces: [
          { path: base, unicodeRange: unicodeRange(BASE_TEXT) },
          { path: latin1, unicodeRange: unicodeRange(LATIN_1_TEXT) },
          { path: extended, unicodeRange: unicodeRange(EXTENDED_TEXT) },
        ],
      };
    }),
  );
}
