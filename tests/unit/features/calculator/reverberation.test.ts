import { describe, expect, it } from "vitest";
import {
  EYRING_FROM,
  eyring,
  midFrequency,
  reverberation,
  roomGeometry,
  type Spectrum,
  sabine,
  smallestArea,
  targetStatus,
} from "../../../../src/features/calculator/reverberation";

const flat = (alpha: number): Spectrum => [alpha, alpha, alpha, alpha, alpha, alpha];

describe("Sabine and Eyring", () => {
  it("Sabine: T = 0.161 V / A", () => {
    // 0.161 × 100 / 16.1 = 1 s exactly.
    expect(sabine(100, 16.1)).toBeCloseTo(1, 12);
    // Worked example: a 10 × 8 × 3 m classroom (240 m³) with 38.6 m² of absorption: 1.00 s.
    expect(sabine(240, 38.64)).toBeCloseTo(1.0, 3);
  });

  it("Eyring: T = 0.161 V / (−S ln(1 − ᾱ)), shorter than Sabine, and close to it when ᾱ is small", () => {
    // Room 10 × 5 × 3 m: V = 150 m³, S = 190 m², ᾱ = 0.2 → A = 38 m².
    const g = roomGeometry({ length: 10, width: 5, height: 3 });
    expect([g.volume, g.surface, g.walls, g.floor]).toEqual([150, 190, 90, 50]);
    expect(sabine(150, 38)).toBeCloseTo(0.6355, 4);
    expect(eyring(150, 190, 0.2)).toBeCloseTo(0.5696, 4);
    // ᾱ = 0.5: −100 ln 0.5 = 69.31 m² against Sabine's 50 m².
    expect(eyring(100, 100, 0.5)).toBeCloseTo(16.1 / 69.3147, 4);
    expect(eyring(150, 190, 0.01) / sabine(150, 1.9)).toBeGreaterThan(0.99);
  });

  it("handles no absorption and total absorption", () => {
    expect(sabine(100, 0)).toBe(Number.POSITIVE_INFINITY);
    expect(eyring(100, 100, 0)).toBe(Number.POSITIVE_INFINITY);
    expect(eyring(100, 100, 1)).toBe(0);
    expect(eyring(100, 100, 1.2)).toBe(0);
  });
});

describe("reverberation of a room", () => {
  const room = { length: 10, width: 5, height: 3, floor: flat(0.2), ceiling: flat(0.2), walls: flat(0.2) };

  it("adds up the surfaces band by band and reproduces the worked example", () => {
    const results = reverberation(room);
    expect(results.map((r) => r.band)).toEqual([125, 250, 500, 1000, 2000, 4000]);
    for (const r of results) {
      expect(r.absorptionArea).toBeCloseTo(38, 9);
      expect(r.meanAlpha).toBeCloseTo(0.2, 9);
      expect(r.sabine).toBeCloseTo(0.6355, 4);
      expect(r.eyring).toBeCloseTo(0.5696, 4);
      // At exactly EYRING_FROM the Sabine value is still the one used.
      expect(r.predicted).toBe(r.sabine);
    }
    expect(EYRING_FROM).toBe(0.2);
  });

  it("uses Eyring once absorption is high", () => {
    const results = reverberation({ ...room, floor: flat(0.6), ceiling: flat(0.6) });
    for (const r of results) {
      expect(r.meanAlpha).toBeGreaterThan(EYRING_FROM);
      expect(r.predicted).toBe(r.eyring);
      expect(r.eyring).toBeLessThan(r.sabine);
    }
  });

  it("replaces the covered wall's absorption with the panels' and never covers more than the walls", () => {
    const bare = reverberation(room)[2];
    const panelled = reverberation({ ...room, panels: { alpha: flat(0.9), area: 20 } })[2];
    expect(panelled?.absorptionArea).toBeCloseTo(38 + 20 * (0.9 - 0.2), 9);
    expect(panelled?.predicted).toBeLessThan(bare?.predicted ?? 0);
    const all = reverberation({ ...room, panels: { alpha: flat(0.9), area: 10_000 } })[2];
    expect(all?.absorptionArea).toBeCloseTo(100 * 0.2 + 90 * 0.9, 9);
    const negative = reverberation({ ...room, panels: { alpha: flat(0.9), area: -5 } })[2];
    expect(negative?.absorptionArea).toBeCloseTo(38, 9);
  });

  it("stays finite and positive from a tiny booth to a huge hall", () => {
    const hard = { floor: flat(0.02), ceiling: flat(0.02), walls: flat(0.02) };
    const tiny = reverberation({ length: 1, width: 1, height: 2, ...hard });
    const huge = reverberation({ length: 100, width: 100, height: 25, ...hard });
    for (const r of [...tiny, ...huge]) {
      expect(Number.isFinite(r.predicted)).toBe(true);
      expect(r.predicted).toBeGreaterThan(0);
    }
    // T scales with V/S: the hall rings far longer than the booth with the same finishes.
    expect(midFrequency(huge) / midFrequency(tiny)).toBeCloseTo(250_000 / 30_000 / (2 / 10), 6);
    // A room without any absorption never stops ringing.
    expect(
      midFrequency(reverberation({ length: 5, width: 4, height: 3, floor: flat(0), ceiling: flat(0), walls: flat(0) })),
    ).toBe(Number.POSITIVE_INFINITY);
  });

  it("takes the mid-frequency time as the mean of 500 and 1000 Hz", () => {
    const results = reverberation({ ...room, walls: [0.2, 0.2, 0.1, 0.3, 0.2, 0.2] });
    expect(midFrequency(results)).toBeCloseTo(((results[2]?.predicted ?? 0) + (results[3]?.predicted ?? 0)) / 2, 12);
    expect(midFrequency(results, "sabine")).toBeCloseTo(
      ((results[2]?.sabine ?? 0) + (results[3]?.sabine ?? 0)) / 2,
      12,
    );
  });
});

describe("target and the smallest panel area", () => {
  const target = { min: 0.4, max: 0.6 };
  const hardRoom = { length: 6, width: 4.5, height: 2.7, floor: flat(0.05), ceiling: flat(0.03), walls: flat(0.03) };

  it("places a time below, within or above the target", () => {
    expect(targetStatus(0.3, target)).toBe("below");
    expect(targetStatus(0.4, target)).toBe("within");
    expect(targetStatus(0.6, target)).toBe("within");
    expect(targetStatus(0.61, target)).toBe("above");
    expect(targetStatus(Number.POSITIVE_INFINITY, target)).toBe("above");
  });

  it("finds the smallest area that reaches the upper limit, and whole panels to cover it", () => {
    const felt = flat(0.85);
    const found = smallestArea(hardRoom, felt, target, 0.36);
    expect(found).not.toBeNull();
    const area = found?.area ?? 0;
    const at = (a: number) => midFrequency(reverberation({ ...hardRoom, panels: { alpha: felt, area: a } }));
    expect(at(area)).toBeLessThanOrEqual(0.6 + 1e-9);
    expect(at(area - 0.01)).toBeGreaterThan(0.6);
    expect(found?.panels).toBe(Math.ceil(area / 0.36));
    expect(found?.coveredArea).toBeCloseTo((found?.panels ?? 0) * 0.36, 9);
    expect(found?.coveredArea).toBeGreaterThanOrEqual(area);
  });

  it("needs nothing in a room that already meets the target, and says when no amount would do", () => {
    const dead = { ...hardRoom, floor: flat(0.6), ceiling: flat(0.8) };
    expect(smallestArea(dead, flat(0.9), target, 0.36)).toEqual({ area: 0, panels: 0, coveredArea: 0 });
    const hall = { length: 60, width: 40, height: 20, floor: flat(0.02), ceiling: flat(0.02), walls: flat(0.02) };
    expect(smallestArea(hall, flat(0.9), target, 1.44)).toBeNull();
    // A product that absorbs no more than the wall cannot help at all.
    expect(smallestArea(hardRoom, flat(0.03), target, 0.36)).toBeNull();
  });
});
