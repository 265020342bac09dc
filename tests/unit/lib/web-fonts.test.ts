import { describe, expect, it } from "vitest";
import { BASE_TEXT, EXTENDED_TEXT, unicodeRange } from "../../../src/lib/web-fonts.mjs";

describe("unicodeRange", () => {
  it("writes single code points and runs as CSS reads them (no U+ before a range's end)", () => {
    expect(unicodeRange("ab")).toBe("U+0061-0062");
    expect(unicodeRange("ca")).toBe("U+0061, U+0063");
    expect(unicodeRange(EXTENDED_TEXT)).toBe("U+0160-0161, U+017D-017E");
    expect(unicodeRange("a😀")).toBe("U+0061, U+1F600");
  });

  it("covers the letters of English, Estonian, Finnish and Swedish between the two faces", () => {
    const covered = new Set([...BASE_TEXT, ...EXTENDED_TEXT]);
    const letters = "abcdefghijklmnopqrstuvwxyzõäöüåšžABCDEFGHIJKLMNOPQRSTUVWXYZÕÄÖÜÅŠŽ";
    expect([...letters].filter((c) => !covered.has(c))).toEqual([]);
  });
});
