import { describe, expect, it } from "vitest";
import materialsFile from "../../../../content/calculator/materials.json";
import { calculatorLanguage } from "../../../../src/features/calculator/format";
import {
  type CalculatorData,
  calculate,
  DEFAULT_FIELDS,
  fieldsFromQuery,
  parseNumber,
  quoteMessage,
  toQuery,
  validate,
} from "../../../../src/features/calculator/model";
import { MaterialSchema } from "../../../../src/features/calculator/schema";
import { chartGeometry, recommendationText, statusText } from "../../../../src/features/calculator/view";
import { prefillMessage } from "../../../../src/features/contact/prefill";
import { en } from "../../../../src/i18n/dictionaries/en";

const QUOTE_FOR = en.contact.form.quoteFor;
/** The calculator in English, as an English page builds it. */
const LANG = calculatorLanguage(en.calculator.ui, ".");

/** The materials as the content collection checks them. */
const MATERIALS = materialsFile.map((m, position) => MaterialSchema.parse({ ...m, position }));

const data: CalculatorData = {
  roomTypes: [
    { id: "living-room", name: "Living Room", group: "Homes", min: 0.4, max: 0.6, source: "DIN 18041 group B" },
    { id: "classroom", name: "Classroom", group: "Teaching", min: 0.45, max: 0.65, source: "DIN 18041 A3" },
  ],
  products: [
    {
      slug: "felt-panels",
      name: "Felt Panels",
      alpha: [0.15, 0.4, 0.8, 0.95, 0.9, 0.85],
      panelWidthMm: 600,
      panelHeightMm: 600,
    },
    {
      slug: "veneered-panels",
      name: "Veneered Panels",
      alpha: [0.25, 0.55, 0.75, 0.7, 0.6, 0.45],
      panelWidthMm: 2800,
      panelHeightMm: 1200,
    },
  ],
  materials: MATERIALS,
};

const valid = (fields = DEFAULT_FIELDS) => {
  const { room, errors } = validate(fields, data, LANG);
  expect(errors).toEqual({});
  if (!room) throw new Error("invalid");
  return room;
};

describe("calculator fields and the URL query", () => {
  it("round-trips every field through the query", () => {
    const fields = {
      ...DEFAULT_FIELDS,
      length: "8.5",
      type: "classroom",
      floor: "carpet",
      product: "veneered-panels",
      amount: "4",
      unit: "panels" as const,
    };
    expect(fieldsFromQuery(`?${toQuery(fields)}`, data)).toEqual(fields);
  });

  it("falls back to defaults for unknown choices and missing fields, and keeps typed numbers for validation", () => {
    const fields = fieldsFromQuery("?type=spaceship&floor=plaster&walls=lava&unit=acres&length=abc", data);
    expect(fields.type).toBe("living-room");
    // Plaster is not a floor.
    expect(fields.floor).toBe(DEFAULT_FIELDS.floor);
    expect(fields.walls).toBe(DEFAULT_FIELDS.walls);
    expect(fields.unit).toBe("m2");
    expect(fields.length).toBe("abc");
    expect(fieldsFromQuery("?type=classroom", data, { product: "veneered-panels" })).toMatchObject({
      type: "classroom",
      product: "veneered-panels",
    });
  });

  it("reads decimal commas and rejects anything that is not a plain number", () => {
    expect(parseNumber("4,5")).toBe(4.5);
    expect(parseNumber(" 12 ")).toBe(12);
    expect(parseNumber(".5")).toBe(0.5);
    for (const bad of ["", "abc", "1e3", "-2", "4.5.1", "Infinity", "0x10"]) expect(parseNumber(bad), bad).toBeNull();
  });
});

describe("validation", () => {
  it("names each bad dimension with its limits", () => {
    const { room, errors } = validate({ ...DEFAULT_FIELDS, length: "", width: "0.5", height: "tall" }, data, LANG);
    expect(room).toBeNull();
    expect(errors).toEqual({
      length: "Enter the length in metres",
      width: "Width must be between 1 and 100 m",
      height: "Height must be a number in metres, such as 4.5",
    });
    expect(validate({ ...DEFAULT_FIELDS, height: "26" }, data, LANG).errors.height).toBe(
      "Height must be between 2 and 25 m",
    );
  });

  it("counts panels and area both ways, and refuses more than the walls hold", () => {
    const byArea = valid({ ...DEFAULT_FIELDS, amount: "3.7" });
    expect(byArea.area).toBe(3.7);
    expect(byArea.panels).toBe(11); // 3.7 / 0.36 = 10.3
    const byPanels = valid({ ...DEFAULT_FIELDS, amount: "10", unit: "panels" });
    expect(byPanels.area).toBeCloseTo(3.6, 9);
    expect(byPanels.panels).toBe(10);
    // Walls of the default room: 2 × (6 + 4.5) × 2.7 = 56.7 m².
    expect(validate({ ...DEFAULT_FIELDS, amount: "60" }, data, LANG).errors.amount).toBe(
      "The walls have 56.7 m²; enter at most that",
    );
    expect(validate({ ...DEFAULT_FIELDS, amount: "200", unit: "panels" }, data, LANG).errors.amount).toBe(
      "At most 157 panels fit on 56.7 m² of wall",
    );
    expect(validate({ ...DEFAULT_FIELDS, amount: "2.5", unit: "panels" }, data, LANG).errors.amount).toBe(
      "Enter a whole number of panels",
    );
    expect(valid({ ...DEFAULT_FIELDS, amount: "" }).area).toBe(0);
  });
});

describe("results, texts and the quote", () => {
  it("computes before and after, the status, and the smallest amount that reaches the target", () => {
    const result = calculate(valid());
    expect(result.volume).toBeCloseTo(72.9, 9);
    expect(result.midAfter).toBeLessThan(result.midBefore);
    expect(result.statusBefore).toBe("above");
    const rec = result.recommendation;
    expect(rec?.panels).toBeGreaterThan(0);
    const enough = calculate(valid({ ...DEFAULT_FIELDS, amount: String(rec?.panels), unit: "panels" }));
    expect(enough.midAfter).toBeLessThanOrEqual(0.6);
    expect(enough.statusAfter).toBe("within");
    expect(recommendationText(result, LANG)).toMatch(
      /^To reach 0\.6 s: at least [\d.]+ m² of Felt Panels, which is \d+ panels of 600 × 600 mm/,
    );
    expect(statusText("above", data.roomTypes[0] as CalculatorData["roomTypes"][number], LANG)).toContain(
      "above the target of 0.4–0.6 s",
    );
  });

  it("says so when the walls alone cannot reach the target", () => {
    const hall = calculate(valid({ ...DEFAULT_FIELDS, length: "80", width: "60", height: "20" }));
    expect(hall.recommendation).toBeNull();
    expect(recommendationText(hall, LANG)).toContain("would not reach 0.6 s");
  });

  it("writes a quote with the room, the product, the quantity and the link, within the message limit", () => {
    const result = calculate(valid({ ...DEFAULT_FIELDS, amount: "20", unit: "panels" }));
    const link = `https://example.ee/tools/room-acoustics-calculator?${toQuery({ ...DEFAULT_FIELDS, amount: "20", unit: "panels" })}`;
    const message = quoteMessage(result, link, LANG);
    expect(message).toContain("Room: 6 × 4.5 × 2.7 m (72.9 m³), living room");
    expect(message).toContain("Product: Felt Panels, 7.2 m² (20 panels of 600 × 600 mm)");
    expect(message).toContain(link);
    expect(message.length).toBeLessThanOrEqual(1000);
    // The contact form opens with exactly this text.
    const search = `?${new URLSearchParams({ product: "felt-panels", message })}`;
    expect(prefillMessage(search, [{ slug: "felt-panels", name: "Felt Panels" }], QUOTE_FOR)).toBe(message);
    expect(prefillMessage(`?message=${"x".repeat(1500)}`, [], QUOTE_FOR)).toHaveLength(1000);
    expect(prefillMessage("?product=felt-panels", [{ slug: "felt-panels", name: "Felt Panels" }], QUOTE_FOR)).toBe(
      "Hello, I would like a quote for Felt Panels. ",
    );
  });

  it("draws the chart inside its frame, with off-scale values on the top edge", () => {
    const result = calculate(valid());
    const g = chartGeometry(result);
    const points = `${g.before} ${g.after}`.split(" ").map((p) => p.split(",").map(Number));
    for (const [x, y] of points) {
      expect(x).toBeGreaterThanOrEqual(g.left);
      expect(x).toBeLessThanOrEqual(g.right);
      expect(y).toBeGreaterThanOrEqual(g.top);
      expect(y).toBeLessThanOrEqual(g.bottom);
    }
    expect(g.yMax).toBeGreaterThanOrEqual(Math.max(...result.before.map((r) => r.predicted)));
    expect(g.target.height).toBeGreaterThan(0);
    const dead = chartGeometry({
      ...result,
      before: result.before.map((r) => ({ ...r, predicted: Number.POSITIVE_INFINITY })),
    });
    expect(dead.before.split(" ").every((p) => Number(p.split(",")[1]) === dead.top)).toBe(true);
  });

  it("offers materials only where they belong, with six bands each", () => {
    for (const m of MATERIALS) {
      expect(m.alpha).toHaveLength(6);
      for (const a of m.alpha) expect(a).toBeGreaterThan(0);
      expect(m.surfaces.length).toBeGreaterThan(0);
    }
    for (const surface of ["floor", "ceiling", "walls"] as const) {
      expect(MATERIALS.some((m) => m.surfaces.includes(surface) && m.id === DEFAULT_FIELDS[surface])).toBe(true);
    }
  });
});
