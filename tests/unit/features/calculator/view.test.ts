import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { calculatorLanguage } from "../../../../src/features/calculator/format";
import {
  type CalculatorData,
  type CalculatorResult,
  calculate,
  DEFAULT_FIELDS,
  type Fields,
  fieldsFromQuery,
  quoteMessage,
  toQuery,
  validate,
} from "../../../../src/features/calculator/model";
import { applyLabel, escapeHtml, renderResult, renderTarget } from "../../../../src/features/calculator/view";
import { en } from "../../../../src/i18n/dictionaries/en";

/** The calculator in English, as an English page builds it. */
const LANG = calculatorLanguage(en.calculator.ui, ".");
const { seconds, range: secondsRange } = LANG.n;

type Bands = [number, number, number, number, number, number];
const flat = (alpha: number): Bands => [alpha, alpha, alpha, alpha, alpha, alpha];

/**
 * A room whose figures are worked out by hand: 5 × 4 × 2.5 m, so V = 50 m³, floor and ceiling 20 m²
 * each, walls 45 m², S = 85 m². Floor and ceiling absorb 0.1 (0.4 at 4 kHz), the walls 0.05, the
 * panels 0.8, and 6 m² of panels replace 6 m² of wall.
 */
const hard: Bands = [0.1, 0.1, 0.1, 0.1, 0.1, 0.4];
const data: CalculatorData = {
  roomTypes: [
    { id: "studio", name: "Studio", group: "Work", min: 0.6, max: 0.8, source: "Our own rule" },
    { id: "odd", name: "<b>x</b>", group: "Work", min: 0.4, max: 0.6, source: `"Tables" & <i>notes</i>` },
  ],
  products: [{ slug: "felt", name: "Felt & <Co>", alpha: flat(0.8), panelWidthMm: 1000, panelHeightMm: 1000 }],
  materials: [
    { id: "hard-floor", name: "Hard", alpha: hard, surfaces: ["floor", "ceiling"] },
    { id: "wall", name: "Wall", alpha: flat(0.05), surfaces: ["walls"] },
  ],
};
const FIELDS: Fields = {
  length: "5",
  width: "4",
  height: "2.5",
  type: "studio",
  floor: "hard-floor",
  ceiling: "hard-floor",
  walls: "wall",
  product: "felt",
  amount: "6",
  unit: "m2",
};

const resultFor = (fields: Fields, calculatorData = data): CalculatorResult => {
  const { room, errors } = validate(fields, calculatorData, LANG);
  expect(errors).toEqual({});
  if (!room) throw new Error("invalid");
  return calculate(room);
};

/** The per-band table as [band, [figure, used?] × 4] rows. */
const tableRows = (html: string) =>
  [...(/<tbody[^>]*>(.*)<\/tbody>/.exec(html)?.[1] ?? "").matchAll(/<tr>(.*?)<\/tr>/g)].map((row) => {
    const band = /<th[^>]*>([^<]*)<\/th>/.exec(row[1] ?? "")?.[1];
    const cells = [...(row[1] ?? "").matchAll(/<td([^>]*)>([^<]*)<\/td>/g)].map((c) => [
      c[2],
      /\bdata-used\b/.test(c[1] ?? ""),
    ]);
    return [band, cells];
  });

describe("formatting", () => {
  it("escapes text for element content and quoted attributes", () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;",
    );
    expect(escapeHtml("0.4–0.6 s")).toBe("0.4–0.6 s");
  });

  it("writes seconds and target ranges one way", () => {
    expect(seconds(0.70042)).toBe("0.70");
    expect(seconds(Number.POSITIVE_INFINITY)).toBe("∞");
    expect(secondsRange({ min: 0.45, max: 0.65 })).toBe("0.45–0.65 s");
    expect(secondsRange({ min: 0.4, max: 0.6 })).toBe("0.4–0.6 s");
    expect(secondsRange({ min: 1, max: 1.5 })).toBe("1.0–1.5 s");
  });
});

describe("the rendered result", () => {
  const result = resultFor(FIELDS);
  const markup = renderResult(result, LANG);

  it("shows T(500–1000) now and with panels, worked out by hand", () => {
    // Now: A = 20 × 0.1 + 20 × 0.1 + 45 × 0.05 = 6.25 m², ᾱ = 0.074, Sabine 0.161 × 50 / 6.25 = 1.288 s.
    // With panels: A = 4 + 39 × 0.05 + 6 × 0.8 = 10.75 m², Sabine 8.05 / 10.75 = 0.749 s.
    expect(markup.summary).toContain('<span data-out="mid-before">1.29</span> s');
    expect(markup.summary).toContain('<span data-out="mid-after">0.75</span> s');
    expect(markup.summary).toContain(">Now</dt>");
    expect(markup.summary).toContain(">With panels</dt>");
    expect(markup.summary).toContain(
      '<p class="mt-4 text-base text-ink" data-out="status">With panels: within the target of 0.6–0.8 s for a studio.</p>',
    );
    // Sabine reaches 0.8 s at A = 8.05 / 0.8 = 10.06 m² = 6.25 + 0.75 x, so x = 5.08 m²: 6 panels of 1 m².
    expect(markup.summary).toContain(
      '<p class="mt-2 text-base text-ink-soft" data-out="recommendation">To reach 0.8 s: at least 5.1 m² of Felt &amp; &lt;Co&gt;, which is 6 panels of 1000 × 1000 mm (6 m²).</p>',
    );
    expect(markup.size).toContain(
      '<output data-out="volume" for="room-length room-width room-height">50.0</output> m³',
    );
    expect(markup.size).toContain(
      '<output data-out="wall-area" for="room-length room-width room-height">45.0</output> m²',
    );
  });

  it("fills the per-band table, the used method in bold: Sabine up to ᾱ = 0.2, Eyring above", () => {
    // Bands 125–2000 Hz: Sabine as above; Eyring 8.05 / (−85 ln(1 − 0.0735)) = 1.24 s now and
    // 8.05 / (−85 ln(1 − 0.1265)) = 0.70 s with panels.
    const usual = [
      ["1.29", true],
      ["1.24", false],
      ["0.75", true],
      ["0.70", false],
    ];
    // 4000 Hz: A = 8 + 8 + 2.25 = 18.25 m² now (ᾱ = 0.215) and 16 + 1.95 + 4.8 = 22.75 m² with panels
    // (ᾱ = 0.268), so Eyring is used: Sabine 0.44 and 0.35 s, Eyring 0.39 and 0.30 s.
    expect(tableRows(markup.details)).toEqual([
      ["125", usual],
      ["250", usual],
      ["500", usual],
      ["1000", usual],
      ["2000", usual],
      [
        "4000",
        [
          ["0.44", false],
          ["0.39", true],
          ["0.35", false],
          ["0.30", true],
        ],
      ],
    ]);
    expect(markup.details).toContain(
      '<th scope="col" class="px-2 py-2 font-medium">Now, Sabine</th><th scope="col" class="px-2 py-2 font-medium">Now, Eyring</th>',
    );
    expect(markup.details).toContain('<td class="px-2 py-2" data-used>1.29</td><td class="px-2 py-2">1.24</td>');
  });

  it("draws the chart inside its SVG element and notes the mean absorption at 500 Hz", () => {
    expect(markup.details).toMatch(
      /<svg viewBox="0 0 480 270" class="h-auto w-full" role="img" aria-labelledby="chart-caption"><rect [^>]*class="fill-moss\/20"\/>.*<polyline points="[\d., ]+" fill="none" class="stroke-moss" stroke-width="3"\/>.*<\/svg>/,
    );
    expect(markup.details).toContain('<figcaption id="chart-caption"');
    // 6.25 / 85 = 0.074 and 10.75 / 85 = 0.126.
    expect(markup.details).toContain(
      'Mean absorption at 500 Hz now <span data-out="alpha-before">0.07</span>, with panels <span data-out="alpha-after">0.13</span>.',
    );
  });

  it("recommends the smallest panel count when the room is above its target", () => {
    const bare = resultFor({ ...FIELDS, type: "odd", amount: "0" });
    const html = renderResult(bare, LANG);
    expect(html.summary).toContain("above the target of 0.4–0.6 s");
    expect(html.summary).toMatch(/To reach 0\.6 s: at least [\d.]+ m² of Felt &amp; &lt;Co&gt;, which is \d+ panels/);
    expect(applyLabel(bare, LANG)).toBe(`Use ${bare.recommendation?.panels} panels`);
    expect(bare.recommendation?.panels).toBeGreaterThan(0);
  });

  it("escapes names and sources from the content", () => {
    const odd = resultFor({ ...FIELDS, type: "odd" });
    const html = Object.values(renderResult(odd, LANG)).join("");
    expect(html).toContain("for a &lt;b&gt;x&lt;/b&gt;");
    expect(html).not.toContain("<b>");
    expect(html).not.toContain("<Co>");
    const type = data.roomTypes[1];
    if (!type) throw new Error("no room type");
    expect(renderTarget(type, LANG)).toBe(
      'Target <span data-out="target">0.4–0.6 s</span>. Source: <span data-out="target-source">&quot;Tables&quot; &amp; &lt;i&gt;notes&lt;/i&gt;</span>.',
    );
  });

  it("uses the one range format in the quote as on the page", () => {
    expect(quoteMessage(result, "https://example.ee/x", LANG)).toContain("(target 0.6–0.8 s)");
  });
});

describe("one markup for the page and the browser", () => {
  it("renders the built page's default room exactly as the element renders it after loading the URL", () => {
    const calculator: CalculatorData = {
      ...data,
      roomTypes: [{ id: DEFAULT_FIELDS.type, name: "Living Room", group: "Homes", min: 0.4, max: 0.6, source: "X" }],
      products: [{ ...(data.products[0] as CalculatorData["products"][number]), slug: DEFAULT_FIELDS.product }],
      materials: [
        { id: DEFAULT_FIELDS.floor, name: "Floor", alpha: flat(0.07), surfaces: ["floor"] },
        { id: DEFAULT_FIELDS.ceiling, name: "Ceiling", alpha: flat(0.05), surfaces: ["ceiling", "walls"] },
      ],
    };
    // The component renders DEFAULT_FIELDS; the element reads the form, or the query when there is one.
    const server = renderResult(resultFor(DEFAULT_FIELDS, calculator), LANG);
    const browser = renderResult(
      resultFor(fieldsFromQuery(`?${toQuery(DEFAULT_FIELDS)}`, calculator), calculator),
      LANG,
    );
    expect(browser).toEqual(server);
    const other = renderResult(resultFor(fieldsFromQuery("?length=9", calculator), calculator), LANG);
    expect(other.summary).not.toBe(server.summary);
  });

  it("keeps the result markup in view.ts: the component and the element's live half only call it", () => {
    const dir = new URL("../../../../src/features/calculator/", import.meta.url);
    const component = readFileSync(new URL("RoomCalculator.astro", dir), "utf8");
    const element = readFileSync(new URL("live-result.ts", dir), "utf8");
    expect(component).toMatch(/import \{[^}]*\brenderResult\b[^}]*\} from "\.\/view"/);
    expect(element).toMatch(/import \{[^}]*\brenderResult\b[^}]*\} from "\.\/view"/);
    for (const source of [component, element]) {
      for (const markup of ["<table", "<svg", "<dl", "data-cell", "Now, Sabine", "Mean absorption"]) {
        expect(source, markup).not.toContain(markup);
      }
      // Target ranges come from secondsRange, not from min and max written out.
      expect(source).not.toMatch(/\.min\}\s*[–-]/);
    }
  });
});
