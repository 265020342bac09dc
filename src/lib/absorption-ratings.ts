/**
 * Single-number ratings of sound absorption from octave-band coefficients.
 *
 * - NRC (ASTM C423): mean of 250, 500, 1000 and 2000 Hz, rounded to the nearest 0.05.
 * - αw and the absorption class (ISO 11654): practical coefficients αp (rounded to 0.05, capped at
 *   1.00) are compared with a reference curve shifted in 0.05 steps until the sum of unfavourable
 *   deviations (αp below the curve) is at most 0.10; αw is the shifted curve's value at 500 Hz.
 *
 * All arithmetic runs in hundredths so that rounding is exact.
 */
export const OCTAVE_BANDS = [125, 250, 500, 1000, 2000, 4000] as const;
export type OctaveBand = (typeof OCTAVE_BANDS)[number];
export type BandValues = Record<`${OctaveBand}`, number>;

/** ISO 11654 reference curve at 250, 500, 1000, 2000 and 4000 Hz, in hundredths. */
const REFERENCE = [80, 100, 100, 100, 90] as const;
const RATED_BANDS = ["250", "500", "1000", "2000", "4000"] as const;

const hundredths = (value: number) => Math.round(value * 100);
/** Rounds hundredths to the nearest multiple of 5 (0.05), halves upward. */
const toFive = (h: number) => Math.floor((h + 2.5) / 5) * 5;

export function noiseReductionCoefficient(bands: BandValues): number {
  const sum =
    hundredths(bands["250"]) + hundredths(bands["500"]) + hundredths(bands["1000"]) + hundredths(bands["2000"]);
  // mean in hundredths = sum / 4; round to 5 hundredths: floor((sum/4 + 2.5) / 5) * 5 = floor((sum + 10) / 20) * 5
  return (Math.floor((sum + 10) / 20) * 5) / 100;
}

/** ISO 11654 practical absorption coefficient for one band. */
export function practicalCoefficient(value: number): number {
  return Math.min(100, toFive(hundredths(value))) / 100;
}

export type AbsorptionClass = "A" | "B" | "C" | "D" | "E" | "not classified";

export interface WeightedAbsorption {
  alphaW: number;
  /** Shape indicators: L, M and/or H where αp exceeds the shifted curve by 0.25 or more. */
  shape: string;
  absorptionClass: AbsorptionClass;
  /** "αw 0.90 (H)" style label. */
  label: string;
}

export function weightedAbsorption(bands: BandValues): WeightedAbsorption {
  const practical = RATED_BANDS.map((band) => Math.min(100, toFive(hundredths(bands[band]))));
  let alpha = 100;
  for (; alpha > 0; alpha -= 5) {
    const shift = 100 - alpha;
    const unfavourable = REFERENCE.reduce((sum, ref, i) => sum + Math.max(0, ref - shift - (practical[i] ?? 0)), 0);
    if (unfavourable <= 10) break;
  }
  const shift = 100 - alpha;
  const exceeds = (i: number) => (practical[i] ?? 0) - ((REFERENCE[i] ?? 0) - shift) >= 25;
  const shape = [exceeds(0) ? "L" : "", exceeds(1) || exceeds(2) ? "M" : "", exceeds(3) || exceeds(4) ? "H" : ""].join(
    "",
  );
  const alphaW = alpha / 100;
  const label = `αw ${alphaW.toFixed(2)}${shape ? ` (${shape})` : ""}`;
  return { alphaW, shape, absorptionClass: absorptionClass(alphaW), label };
}

export function absorptionClass(alphaW: number): AbsorptionClass {
  const h = hundredths(alphaW);
  if (h >= 90) return "A";
  if (h >= 80) return "B";
  if (h >= 60) return "C";
  if (h >= 30) return "D";
  if (h >= 15) return "E";
  return "not classified";
}
