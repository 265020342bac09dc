/** Files the PDF documents embed, prepared in Node at build: the fonts and product images. */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import sharp from "sharp";
import subsetFont from "subset-font";
import { type FontRole, loadPdfFonts, PDF_CHARACTERS, type PdfFonts } from "./fonts";

/** Static instances of the site's typefaces (Google Fonts' files, as @expo-google-fonts ships them). */
const SOURCES: Record<FontRole, string> = {
  text: "@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf",
  strong: "@expo-google-fonts/inter/600SemiBold/Inter_600SemiBold.ttf",
  display: "@expo-google-fonts/fraunces/500Medium/Fraunces_500Medium.ttf",
};

// Resolved from the project, not from this module, which the build moves into its own chunks.
const resolve = createRequire(join(process.cwd(), "package.json")).resolve;
const cache = new Map<FontRole, Promise<Uint8Array<ArrayBuffer>>>();

/** One font as TrueType, cut to PDF_CHARACTERS; made once per process. */
export function pdfFontFile(role: FontRole): Promise<Uint8Array<ArrayBuffer>> {
  let file = cache.get(role);
  if (!file) {
    file = readFile(resolve(SOURCES[role])).then(async (source) =>
      Uint8Array.from(await subsetFont(source, PDF_CHARACTERS, { targetFormat: "truetype" })),
    );
    cache.set(role, file);
  }
  return file;
}

export const pdfFonts = (): Promise<PdfFonts> => loadPdfFonts(pdfFontFile);

/** A product image at print size (about 220 dpi at its width on the page), as baseline JPEG. */
export async function printImage(path: string): Promise<Uint8Array<ArrayBuffer>> {
  const jpeg = await sharp(path).resize({ width: 720, withoutEnlargement: true }).jpeg({ quality: 74 }).toBuffer();
  return Uint8Array.from(jpeg);
}
