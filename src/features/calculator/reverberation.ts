/**
 * Reverberation time of a rectangular room, per octave band, before and after adding wall panels.
 *
 * - Sabine: T = 0.161 V / A, with A = Σ Sᵢ αᵢ the equivalent absorption area (m²) and V the volume (m³).
 *   It assumes a diffuse field and little absorption; with much absorption it predicts too long a T.
 * - Eyring: T = 0.161 V / (−S ln(1 − ᾱ)), with S the total surface and ᾱ = A / S the mean absorption
 *   coefficient. It agrees with Sabine for small ᾱ and falls to 0 as ᾱ approaches 1.
 * - Decisions (does the room meet its target, how much product it needs) use Eyring once ᾱ exceeds
 *   EYRING_FROM (0.2), where the two part noticeably; Sabine below it, where it is the usual reference.
 * - Air absorption and furniture are left out, so results are on the safe (reverberant) side for
 *   small rooms; panels are mounted on the walls and cover wall area, whose own absorption they replace.
 *
 * All functions are pure; lengths in metres, times in seconds.
 */
import { OCTAVE_BANDS, type OctaveBand } from "../../lib/absorption-ratings";

export { OCTAVE_BANDS, type OctaveBand };

/** Absorption coefficients at 125, 250, 500, 1000, 2000 and 4000 Hz. */
export type Spectrum = readonly [number, number, number, number, number, number];

/** 0.161 s/m = 24 ln(10) / c at c ≈ 343 m/s (20 °C). */
export const SABINE_CONSTANT = 0.161;
export const EYRING_FROM = 0.2;

/** Sabine's reverberation time; infinite without absorption. */
export function sabine(volume: number, absorptionArea: number): number {
  if (absorptionArea <= 0) return Number.POSITIVE_INFINITY;
  return (SABINE_CONSTANT * volume) / absorptionArea;
}

/** Eyring's reverberation time for a mean absorption coefficient; 0 for total absorption. */
export function eyring(volume: number, surfaceArea: number, meanAlpha: number): number {
  if (meanAlpha <= 0) return Number.POSITIVE_INFINITY;
  if (meanAlpha >= 1) return 0;
  return (SABINE_CONSTANT * volume) / (-surfaceArea * Math.log(1 - meanAlpha));
}

export interface RoomSize {
  length: number;
  width: number;
  height: number;
}

export function roomGeometry({ length, width, height }: RoomSize) {
  const floor = length * width;
  const walls = 2 * (length + width) * height;
  return { volume: floor * height, floor, ceiling: floor, walls, surface: 2 * floor + walls };
}

export interface RoomInput extends RoomSize {
  floor: Spectrum;
  ceiling: Spectrum;
  walls: Spectrum;
  /** The added product's absorption and the wall area it covers (capped at the wall area). */
  panels?: { alpha: Spectrum; area: number } | undefined;
}

export interface BandResult {
  band: OctaveBand;
  absorptionArea: number;
  meanAlpha: number;
  sabine: number;
  eyring: number;
  /** The value decisions use: Eyring above EYRING_FROM, Sabine otherwise. */
  predicted: number;
}

export function reverberation(room: RoomInput): BandResult[] {
  const g = roomGeometry(room);
  const panelArea = Math.min(Math.max(room.panels?.area ?? 0, 0), g.walls);
  return OCTAVE_BANDS.map((band, i) => {
    const a = (s: Spectrum) => s[i] ?? 0;
    const absorptionArea =
      g.floor * a(room.floor) +
      g.ceiling * a(room.ceiling) +
      (g.walls - panelArea) * a(room.walls) +
      (room.panels ? panelArea * a(room.panels.alpha) : 0);
    const meanAlpha = g.surface > 0 ? absorptionArea / g.surface : 0;
    const s = sabine(g.volume, absorptionArea);
    const e = eyring(g.volume, g.surface, meanAlpha);
    return { band, absorptionArea, meanAlpha, sabine: s, eyring: e, predicted: meanAlpha > EYRING_FROM ? e : s };
  });
}

/** The mid-frequency reverberation time T(500-1000): the mean of the 500 and 1000 Hz bands. */
export function midFrequency(results: readonly BandResult[], key: "sabine" | "eyring" | "predicted" = "predicted") {
  const at = (band: OctaveBand) => results.find((r) => r.band === band)?.[key] ?? Number.NaN;
  return (at(500) + at(1000)) / 2;
}

export interface TargetRange {
  min: number;
  max: number;
}

export type TargetStatus = "below" | "within" | "above";

export function targetStatus(time: number, target: TargetRange): TargetStatus {
  if (time > target.max) return "above";
  if (time < target.min) return "below";
  return "within";
}

export interface Recommendation {
  /** Smallest panel area (m²) that brings T(500-1000) down to the target's upper limit. */
  area: number;
  /** Whole panels needed for that area, and the area they cover. */
  panels: number;
  coveredArea: number;
}

/**
 * The smallest wall area of a product that brings the mid-frequency time within the target's upper
 * limit, and the whole panels that cover it. 0 when the room already meets it; null when even covering
 * every wall would not (or the product absorbs no more than the walls do).
 */
export function smallestArea(
  room: Omit<RoomInput, "panels">,
  alpha: Spectrum,
  target: TargetRange,
  panelArea: number,
): Recommendation | null {
  const mid = (area: number) => midFrequency(reverberation({ ...room, panels: { alpha, area } }));
  const walls = roomGeometry(room).walls;
  if (mid(0) <= target.max) return { area: 0, panels: 0, coveredArea: 0 };
  if (mid(walls) > target.max) return null;
  // T falls monotonically with area when the product absorbs more than the wall it covers: bisect.
  let low = 0;
  let high = walls;
  for (let i = 0; i < 60 && high - low > 1e-6; i++) {
    const middle = (low + high) / 2;
    if (mid(middle) <= target.max) high = middle;
    else low = middle;
  }
  const panels = Math.ceil(high / panelArea - 1e-9);
  return { area: high, panels, coveredArea: panels * panelArea };
}
