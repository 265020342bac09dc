import { describe, expect, it } from "vitest";
import {
  absorptionClass,
  type BandValues,
  noiseReductionCoefficient,
  practicalCoefficient,
  weightedAbsorption,
} from "../../../src/lib/absorption-ratings";

const bands = (v125: number, v250: number, v500: number, v1000: number, v2000: number, v4000: number): BandValues => ({
  "125": v125,
  "250": v250,
  "500": v500,
  "1000": v1000,
  "2000": v2000,
  "4000": v4000,
});

describe("noiseReductionCoefficient", () => {
  it("is the mean of 250-2000 Hz rounded to 0.05", () => {
    // (0.55 + 0.85 + 0.95 + 0.90) / 4 = 0.8125 -> 0.80
    expect(noiseReductionCoefficient(bands(0.2, 0.55, 0.85, 0.95, 0.9, 0.85))).toBe(0.8);
    // (0.6 + 0.9 + 1.0 + 0.95) / 4 = 0.8625 -> 0.85
    expect(noiseReductionCoefficient(bands(0.3, 0.6, 0.9, 1.0, 0.95, 0.9))).toBe(0.85);
  });

  it("rounds a mean exactly halfway upward, without floating point drift", () => {
    // (0.7 + 0.8 + 0.8 + 0.8) / 4 = 0.775 -> 0.80
    expect(noiseReductionCoefficient(bands(0, 0.7, 0.8, 0.8, 0.8, 0))).toBe(0.8);
    // (0.1 + 0.2 + 0.2 + 0.2) / 4 = 0.175 -> 0.20
    expect(noiseReductionCoefficient(bands(0, 0.1, 0.2, 0.2, 0.2, 0))).toBe(0.2);
  });

  it("ignores 125 and 4000 Hz", () => {
    expect(noiseReductionCoefficient(bands(0, 0.5, 0.5, 0.5, 0.5, 0))).toBe(
      noiseReductionCoefficient(bands(1, 0.5, 0.5, 0.5, 0.5, 1)),
    );
  });
});

describe("practicalCoefficient", () => {
  it("rounds to 0.05 and caps at 1.00", () => {
    expect(practicalCoefficient(0.87)).toBe(0.85);
    expect(practicalCoefficient(0.875)).toBe(0.9);
    expect(practicalCoefficient(1.08)).toBe(1);
  });
});

describe("weightedAbsorption (ISO 11654)", () => {
  it("rates a full absorber αw 1.00, class A", () => {
    expect(weightedAbsorption(bands(1, 1, 1, 1, 1, 1))).toMatchObject({ alphaW: 1, absorptionClass: "A", shape: "" });
  });

  it("rates a flat 0.50 absorber αw 0.50, class D", () => {
    // Curve at αw 0.55 is 0.35/0.55/0.55/0.55/0.45: unfavourable 0.15 > 0.10; at 0.50 it is 0.
    expect(weightedAbsorption(bands(0.5, 0.5, 0.5, 0.5, 0.5, 0.5))).toMatchObject({
      alphaW: 0.5,
      absorptionClass: "D",
    });
  });

  it("allows up to 0.10 of unfavourable deviation", () => {
    // αp 0.60/0.90/1.00/1.00/1.00: curve at αw 1.00 is 0.80/1.00/1.00/1.00/0.90 -> 0.20 + 0.10 = 0.30;
    // at 0.95 -> 0.15 + 0.05 = 0.20; at 0.90 -> 0.10 + 0 = 0.10, which is allowed.
    expect(weightedAbsorption(bands(0.3, 0.6, 0.9, 1, 1, 1)).alphaW).toBe(0.9);
  });

  it("marks a high-frequency excess with H", () => {
    // A thin panel: low at 250, strong at 2-4 kHz.
    const result = weightedAbsorption(bands(0.05, 0.15, 0.45, 0.8, 0.95, 0.95));
    // αw 0.40: curve 0.20/0.40/0.40/0.40/0.30 -> unfavourable 0.05; at 0.45 -> 0.10 +0 ... = 0.10 allowed;
    // at 0.50: 0.30-0.15=0.15 + 0.05 = 0.20 > 0.10, so αw 0.45 and αp exceeds the curve by >= 0.25 above 1 kHz.
    expect(result.alphaW).toBe(0.45);
    expect(result.shape).toContain("H");
    expect(result.label).toBe(`αw 0.45 (${result.shape})`);
  });

  it("marks a low-frequency excess with L", () => {
    expect(weightedAbsorption(bands(0.9, 0.9, 0.5, 0.5, 0.5, 0.5)).shape).toContain("L");
  });

  it("does not classify a reflective surface", () => {
    expect(weightedAbsorption(bands(0.01, 0.01, 0.02, 0.02, 0.02, 0.03))).toMatchObject({
      alphaW: 0,
      absorptionClass: "not classified",
    });
  });
});

describe("absorptionClass", () => {
  it.each([
    [1, "A"],
    [0.9, "A"],
    [0.85, "B"],
    [0.8, "B"],
    [0.75, "C"],
    [0.6, "C"],
    [0.55, "D"],
    [0.3, "D"],
    [0.25, "E"],
    [0.15, "E"],
    [0.1, "not classified"],
  ] as const)("αw %s is class %s", (alphaW, expected) => {
    expect(absorptionClass(alphaW)).toBe(expected);
  });
});
