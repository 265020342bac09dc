import { describe, expect, it } from "vitest";
import { en } from "../../../src/i18n/dictionaries/en";
import { dictionaryProblems } from "../../../src/i18n/dictionary";
import { fill } from "../../../src/i18n/fill";
import { formats } from "../../../src/i18n/format";
import { localePath, splitLocale } from "../../../src/i18n/locales";
import { localizeEntries, overlay } from "../../../src/i18n/localize";

describe("addresses", () => {
  it("keeps English at the root and puts the other languages under their code", () => {
    expect(localePath("en", "/about")).toBe("/about");
    expect(localePath("et", "/about")).toBe("/et/about");
    expect(localePath("fi", "/")).toBe("/fi");
    expect(splitLocale("/sv/products/felt-panels")).toEqual({ locale: "sv", path: "/products/felt-panels" });
    expect(splitLocale("/fi")).toEqual({ locale: "fi", path: "/" });
    expect(splitLocale("/about")).toEqual({ locale: "en", path: "/about" });
    // A path that only starts like a language is English.
    expect(splitLocale("/etc")).toEqual({ locale: "en", path: "/etc" });
  });
});

describe("dictionaries", () => {
  it("names a missing key, an unknown one and a text of the wrong kind", () => {
    const { visit: _, ...footer } = en.footer;
    const broken = { ...en, footer, header: { ...en.header, homeLink: "Home" }, extra: "x" };
    expect(dictionaryProblems(en, broken)).toEqual(
      expect.arrayContaining([
        'missing "footer.visit"',
        'unknown "extra"',
        '"header.homeLink" should be a function, not a string',
      ]),
    );
  });

  it("fills placeholders and leaves an unknown one visible", () => {
    expect(fill("{count} of {max} chosen.", { count: 2, max: 4 })).toBe("2 of 4 chosen.");
    expect(fill("Hello {name}", {})).toBe("Hello {name}");
  });
});

describe("number and date formats", () => {
  it("writes a decimal comma in Estonian, Finnish and Swedish and words dates", () => {
    expect(formats("en").decimal(0.75, 2)).toBe("0.75");
    expect(formats("fi").decimal(0.75, 2)).toBe("0,75");
    expect(formats("et").secondsRange({ min: 0.4, max: 0.6 })).toBe("0,4–0,6 s");
    expect(formats("sv").secondsRange({ min: 0.45, max: 1 })).toBe("0,45–1,0 s");
    expect(formats("en").date("2026-09-01")).toBe("1 September 2026");
    expect(formats("fi").date("2026-09-01")).toBe("1. syyskuuta 2026");
    expect(formats("en").percent(45)).toBe("45%");
    expect(formats("fi").percent(45)).toMatch(/^45\s%$/);
  });
});

describe("translated content", () => {
  const english = {
    name: "Felt Panels",
    order: 2,
    images: [{ src: { width: 10 }, alt: "Felt tiles" }],
    finishes: [
      { id: "moss", name: "Moss", swatch: "#667a4f" },
      { id: "sand", name: "Sand", swatch: "#d8c4a0" },
    ],
  };

  it("lays the words over the English entry and keeps numbers, images and swatches", () => {
    const text = {
      name: "Vildipaneelid",
      images: [{ alt: "Vildiplaadid" }],
      finishes: [
        { id: "moss", name: "Sammal" },
        { id: "sand", name: "Liiv" },
      ],
    };
    expect(overlay(english, text, "content/et/products/felt-panels.mdx")).toEqual({
      name: "Vildipaneelid",
      order: 2,
      images: [{ src: { width: 10 }, alt: "Vildiplaadid" }],
      finishes: [
        { id: "moss", name: "Sammal", swatch: "#667a4f" },
        { id: "sand", name: "Liiv", swatch: "#d8c4a0" },
      ],
    });
  });

  it("refuses a translation that does not fit the English, naming the file and where", () => {
    const file = "content/fi/products/felt-panels.mdx";
    expect(() => overlay(english, { finishes: [{ id: "moss", name: "Sammal" }] }, file)).toThrow(
      `${file}: finishes has 1 items, the English has 2`,
    );
    expect(() =>
      overlay(
        english,
        {
          finishes: [
            { id: "sand", name: "Hiekka" },
            { id: "moss", name: "Sammal" },
          ],
        },
        file,
      ),
    ).toThrow(`${file}: "finishes[0].id" is "sand", the English has "moss"`);
    expect(() => overlay(english, { colour: "Vihreä" }, file)).toThrow(`${file}: the English has no "colour"`);
  });

  it("stops at a missing translation, naming the English file, the language and the file to add", () => {
    const entries = [{ id: "felt-panels", data: english }];
    expect(() =>
      localizeEntries(
        entries,
        [],
        "sv",
        (id) => `sv/products/${id}`,
        (entry) => `content/products/${entry.id}.mdx`,
      ),
    ).toThrow("Missing sv translation of content/products/felt-panels.mdx: add content/sv/products/felt-panels.mdx");
  });

  it("stops at a translation of an entry English does not have", () => {
    expect(() =>
      localizeEntries(
        [],
        [{ id: "et/products/old-panels", data: {}, filePath: "content/et/products/old-panels.mdx" }],
        "et",
        (id) => `et/products/${id}`,
        () => "",
      ),
    ).toThrow("content/et/products/old-panels.mdx: a et translation of an entry that does not exist in English");
  });
});
