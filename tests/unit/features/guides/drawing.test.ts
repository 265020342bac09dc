import { describe, expect, it } from "vitest";
import { fixingPositions, setOut } from "../../../../src/features/guides/drawing";
import type { Panel } from "../../../../src/features/products/schema";

const panel = (overrides: Partial<Panel>): Panel => ({
  widthMm: 600,
  heightMm: 600,
  thicknessMm: 24,
  otherSizes: [],
  mounting: "clips",
  fixingCentresMm: 300,
  ...overrides,
});

describe("the fixings of a panel", () => {
  it("are at the product's centres, the set centred so both ends stand in alike", () => {
    expect(fixingPositions(600, 300)).toEqual([150, 450]);
    expect(fixingPositions(2400, 400)).toEqual([200, 600, 1000, 1400, 1800, 2200]);
    expect(fixingPositions(1200, 400)).toEqual([200, 600, 1000]);
  });

  it("stay inside the panel, even one narrower than the centres", () => {
    expect(fixingPositions(300, 400)).toEqual([200]);
    for (const [length, centres] of [
      [600, 600],
      [2800, 450],
      [1000, 333],
    ] as const) {
      const positions = fixingPositions(length, centres);
      expect(positions.every((x) => x > 0 && x < length)).toBe(true);
    }
    expect(fixingPositions(1200, 600)).toHaveLength(2);
  });

  it("run as the method does: clips as points, rails and battens as columns, Z-clips as rows", () => {
    expect(setOut(panel({}))).toMatchObject({ layout: "points", perPanel: 4 });
    expect(setOut(panel({ mounting: "rail", widthMm: 2400, fixingCentresMm: 600 }))).toMatchObject({
      layout: "columns",
      perPanel: 4,
      up: [],
    });
    expect(setOut(panel({ mounting: "battens", widthMm: 2400, fixingCentresMm: 400 })).perPanel).toBe(6);
    expect(setOut(panel({ mounting: "z-clips", widthMm: 2800, heightMm: 1200, fixingCentresMm: 400 }))).toMatchObject({
      layout: "rows",
      up: [200, 600, 1000],
      across: [],
      perPanel: 3,
    });
  });
});
