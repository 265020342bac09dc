/**
 * The fonts of the PDF documents: Inter for text and Fraunces for headings, as on the site. The site's
 * web fonts are split into Latin and Latin Extended files, so the documents use whole static fonts cut
 * to one set of characters (PDF_CHARACTERS) at build; the same files serve the datasheets made at build
 * and the report the browser makes.
 */
export type FontRole = "text" | "strong" | "display";
export type PdfFonts = Record<FontRole, Uint8Array>;

export const FONT_ROLES = ["text", "strong", "display"] as const satisfies readonly FontRole[];

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)).join("");

/**
 * Basic Latin, Latin-1 and Latin Extended-A (Estonian, Finnish, Swedish and the other European Latin
 * alphabets), with the symbols the documents print: α, ≤ ≥, ², ³, ₂, dashes, quotes, bullet, ellipsis,
 * euro, arrow, minus and infinity.
 */
export const PDF_CHARACTERS = `${range(0x20, 0x7e)}${range(0xa0, 0x17f)}α≤≥₂–—‘’“”•…€→−∞`;

/** Where the browser fetches each font (built by src/pages/fonts/pdf/[font].ttf.ts). */
export const FONT_FILES: Record<FontRole, string> = {
  text: "inter-regular",
  strong: "inter-semibold",
  display: "fraunces-medium",
};

export const fontHref = (role: FontRole) => `/fonts/pdf/${FONT_FILES[role]}.ttf`;

/** The three fonts, each loaded by `load`. */
export async function loadPdfFonts(load: (role: FontRole) => Promise<Uint8Array>): Promise<PdfFonts> {
  const files = await Promise.all(FONT_ROLES.map(load));
  return Object.fromEntries(FONT_ROLES.map((role, i) => [role, files[i]])) as PdfFonts;
}

/** The fonts as the browser fetches them from the site; rejects offline or on an error status. */
export const fetchPdfFonts = () =>
  loadPdfFonts(async (role) => {
    const response = await fetch(fontHref(role));
    if (!response.ok) throw new Error(`The ${role} font answered ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  });
