import { describe, expect, it } from "vitest";
import { BASE_TEXT, EXTENDED_TEXT, LATIN_1_TEXT, unicodeRange } from "../../../integrations/web-fonts.mjs";

describe("unicodeRange", () => {
  it("writes single code points and runs as CSS reads them (no U+ before a range's end)", () => {
    expect(unicodeRange("ab")).toBe("U+0061-0062");
    expect(unicodeRange("ca")).toBe("U+0061, U+0063");
    expect(unicodeRange(EXTENDED_TEXT)).toBe("U+0160-0161, U+017D-017E");
    expect(unicodeRange("a😀")).toBe("U+0061, U+1F600");
  });

  it("covers the letters of English, Estonian, Finnish and Swedish between the faces", () => {
    const covered = new Set([...BASE_TEXT, ...LATIN_1_TEXT, ...EXTENDED_TEXT]);
    const letters = "abcdefghijklmnopqrstuvwxyzõäöüåšžABCDEFGHIJKLMNOPQRSTUVWXYZÕÄÖÜÅŠŽ";
    expect([...letters].filter((c) => !covered.has(c))).toEqual([]);
  });

  it("puts every letter of the four languages but š and ž in the face every page loads", () => {
    const letters = "abcdefghijklmnopqrstuvwxyzõäöüåéABCDEFGHIJKLMNOPQRSTUVWXYZÕÄÖÜÅÉ";
    expect([...letters].filter((c) => !BASE_TEXT.includes(c))).toEqual([]);
  });

  it("keeps all of Latin-1 between the base face and the Latin-1 face, with no character in both", () => {
    const latin1 = Array.from({ length: 0x60 }, (_, i) => String.fromCodePoint(0xa0 + i));
    expect(latin1.filter((c) => !BASE_TEXT.includes(c) && !LATIN_1_TEXT.includes(c))).toEqual([]);
    expect([...LATIN_1_TEXT].filter((c) => BASE_TEXT.includes(c))).toEqual([]);
    expect(unicodeRange(LATIN_1_TEXT)).toMatch(/^U\+00A1-00A8, /);
  });
});
