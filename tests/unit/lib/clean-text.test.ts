import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cleanText } from "../../../src/lib/clean-text";

/** Every code point of a class, listed once from the regex engine's own Unicode tables. */
function codePoints(pattern: RegExp): string[] {
  const found: string[] = [];
  for (let cp = 0; cp <= 0x10ffff; cp++) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue;
    const char = String.fromCodePoint(cp);
    if (pattern.test(char)) found.push(char);
  }
  return found;
}

const DEFAULT_IGNORABLE = codePoints(/^\p{Default_Ignorable_Code_Point}$/u);
const WHITE_SPACE = codePoints(/^[\s\p{Zs}]$/u);
/** Letters that draw nothing: the Hangul fillers and the blank Braille pattern. */
const BLANK_LETTERS = ["\u115F", "\u1160", "\u3164", "\uFFA0", "\u2800"];
const BLANKS = [...new Set([...DEFAULT_IGNORABLE, ...WHITE_SPACE, ...BLANK_LETTERS])];
/** The characters an outside probe found stored as names, each alone. */
const PROBED = ["\u3164", "\uFFA0", "\u2800", "\u034F", "\uFE0F", "\u17B4"];

const blank = fc.constantFrom(...BLANKS);
const blanks = fc.array(blank, { maxLength: 12 }).map((chars) => chars.join(""));
/** Letters that show: any letter but the blank ones (the Hangul fillers are letters too). */
const visibleLetter = fc
  .integer({ min: 0x41, max: 0x3ffff })
  .map((cp) => String.fromCodePoint(cp))
  .filter((char) => /^\p{L}$/u.test(char) && !BLANKS.includes(char));
/** Variation selectors and tag characters, which cleaning keeps after a visible character. */
const MODIFIERS = /\p{Variation_Selector}|[\u{E0020}-\u{E007F}]/gu;
/** Text of every kind: any code point, lone surrogates included, mixed with blanks. */
const anyText = fc
  .array(fc.oneof(fc.string({ unit: "binary", maxLength: 6 }), blank, visibleLetter), { maxLength: 12 })
  .map((parts) => parts.join(""));

describe("cleanText", () => {
  it("knows the classes it is tested against", () => {
    expect(DEFAULT_IGNORABLE.length).toBeGreaterThan(4000);
    for (const char of PROBED) expect(BLANKS).toContain(char);
  });

  it.each(PROBED.map((char) => [`U+${char.codePointAt(0)?.toString(16).toUpperCase()}`, char]))(
    "cleans %s alone, or repeated among spaces, to nothing",
    (_label, char) => {
      expect(cleanText(char)).toBe("");
      expect(cleanText(` ${char}${char}\u200B${char} `)).toBe("");
    },
  );

  it("cleans any text made only of default-ignorable code points, blank letters and white space to nothing", () => {
    fc.assert(
      fc.property(blanks, (value) => {
        expect(cleanText(value)).toBe("");
      }),
    );
  });

  it("keeps a visible letter, trimming the blanks around it", () => {
    fc.assert(
      fc.property(blanks, visibleLetter, blanks, (before, letter, after) => {
        const cleaned = cleanText(before + letter + after);
        expect(cleaned.replace(MODIFIERS, "")).toBe(letter.normalize("NFC"));
      }),
    );
  });

  it("never empties text that holds a visible letter, whatever surrounds it", () => {
    fc.assert(
      fc.property(anyText, visibleLetter, anyText, (before, letter, after) => {
        expect(cleanText(before + letter + after)).not.toBe("");
      }),
    );
  });

  it("is idempotent", () => {
    fc.assert(
      fc.property(anyText, (value) => {
        const once = cleanText(value);
        expect(cleanText(once)).toBe(once);
      }),
      { numRuns: 2000 },
    );
  });

  it("keeps blanks inside the text, and a variation selector or tag that belongs to the last character", () => {
    expect(cleanText("\u3164Mari\u3164Tamm\u2800")).toBe("Mari\u3164Tamm");
    // A family emoji is joined by zero-width joiners.
    expect(cleanText("\u200B👨\u200D👩\u200D👧\u200B")).toBe("👨\u200D👩\u200D👧");
    // A red heart is the heart and U+FE0F; the flag of Scotland ends in tag characters.
    expect(cleanText("Thanks ❤\uFE0F\u200B ")).toBe("Thanks ❤\uFE0F");
    const scotland = "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}";
    expect(cleanText(`Tere ${scotland}\u3164`)).toBe(`Tere ${scotland}`);
    // With nothing visible before it, a variation selector is blank.
    expect(cleanText("\uFE0F\uFE0Fa")).toBe("a");
  });

  it("removes control characters but line breaks and tabs, before normalising to NFC", () => {
    expect(cleanText("a\u0000b\u001Bc\nd\te")).toBe("abc\nd\te");
    expect(cleanText("e\u0000\u0301")).toBe("é");
  });
});
