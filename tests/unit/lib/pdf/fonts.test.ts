import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { pdfFontFile } from "../../../../src/lib/pdf/assets";
import { PDF_CHARACTERS } from "../../../../src/lib/pdf/fonts";
import { DISPLAY_UNSUPPORTED } from "../../../../src/lib/pdf/writer";

describe("PDF fonts", () => {
  type Font = { postscriptName: string; hasGlyphForCodePoint(codePoint: number): boolean };
  const fontkit = createRequire(import.meta.url)("fontkit") as { create(bytes: Uint8Array): Font };
  const lacking = async (role: "text" | "strong" | "display") => {
    const font = fontkit.create(await pdfFontFile(role));
    return [...PDF_CHARACTERS].filter((c) => !font.hasGlyphForCodePoint(c.codePointAt(0) ?? 0)).join("");
  };
  const OBSOLETE = "\u00adŉ"; // the soft hyphen is never drawn; ŉ is deprecated in Unicode

  it("Inter has every character, Estonian, Finnish and Swedish letters and the symbols included", async () => {
    expect(PDF_CHARACTERS).toMatch(/õ.*/u);
    for (const c of "õäöüšžåÕÄÖÜŠŽÅα≥²₂–") expect(PDF_CHARACTERS).toContain(c);
    expect(await lacking("text")).toBe(OBSOLETE);
    expect(await lacking("strong")).toBe(OBSOLETE);
  });

  it("Fraunces lacks exactly the characters for which headings fall back to Inter", async () => {
    const missing = (await lacking("display")).replace(/[\u00ad]/g, "");
    expect([...missing].every((c) => DISPLAY_UNSUPPORTED.test(c))).toBe(true);
    expect([..."ŉſα₂→∞"].filter((c) => !missing.includes(c))).toEqual([]);
  });
});
