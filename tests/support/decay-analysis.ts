/**
 * Reverberation time measured from an impulse response as an acoustician does (ISO 3382-2):
 * band filter (a 6th-order Butterworth band-pass), Schroeder backward integration, least-squares line
 * from −5 to −25 dB (T20).
 *
 * The band-pass is designed here on its own, from the analogue Butterworth prototype, so that an
 * error in the filters of the code under test cannot hide itself in the measurement.
 */

/** A complex number as [real, imaginary]. */
type Complex = readonly [number, number];

const add = (a: Complex, b: Complex): Complex => [a[0] + b[0], a[1] + b[1]];
const sub = (a: Complex, b: Complex): Complex => [a[0] - b[0], a[1] - b[1]];
const mul = (a: Complex, b: Complex): Complex => [a[0] * b[0] - a[1] * b[1], a[0] * b[1] + a[1] * b[0]];
const div = (a: Complex, b: Complex): Complex => {
  const d = b[0] * b[0] + b[1] * b[1];
  return [(a[0] * b[0] + a[1] * b[1]) / d, (a[1] * b[0] - a[0] * b[1]) / d];
};
const times = (a: Complex, k: number): Complex => [a[0] * k, a[1] * k];
const abs = (a: Complex) => Math.hypot(a[0], a[1]);
/** The principal square root. */
const sqrt = (a: Complex): Complex => {
  const r = abs(a);
  const re = Math.sqrt((r + a[0]) / 2);
  const im = Math.sqrt(Math.max(r - a[0], 0) / 2);
  return [re, a[1] < 0 ? -im : im];
};
const unit = (angle: number): Complex => [Math.cos(angle), Math.sin(angle)];

/** A second-order section: y = b0 x + b1 x₋₁ + b2 x₋₂ − a1 y₋₁ − a2 y₋₂. */
export interface Biquad {
  b: readonly [number, number, number];
  a: readonly [number, number];
}

/** Magnitude of the frequency response of sections in cascade at `frequency` (Hz). */
export function response(sections: readonly Biquad[], frequency: number, sampleRate: number): number {
  const zInverse = unit((-2 * Math.PI * frequency) / sampleRate);
  const z2 = mul(zInverse, zInverse);
  let h: Complex = [1, 0];
  for (const { b, a } of sections) {
    const numerator = add(add([b[0], 0], times(zInverse, b[1])), times(z2, b[2]));
    const denominator = add(add([1, 0], times(zInverse, a[0])), times(z2, a[1]));
    h = mul(h, div(numerator, denominator));
  }
  return abs(h);
}

/**
 * Butterworth band-pass from `low` to `high` Hz of order 2·`order`, as `order` second-order sections.
 * The low-pass prototype's poles pₖ = exp(jπ(2k + order − 1) / (2 order)) go through the band-pass
 * transformation s_lp = (s² + ω0²) / (B s) with edges prewarped for the bilinear transformation
 * (Ωᵢ = 2 fs tan(π fᵢ / fs), ω0² = Ω1 Ω2, B = Ω2 − Ω1): each gives two poles s = (pB ± √(p²B² − 4ω0²)) / 2.
 * The bilinear transformation z = (2fs + s) / (2fs − s) maps them; the zeros (order at s = 0 and order
 * at s = ∞) land on z = 1 and z = −1, one of each per section: numerator 1 − z⁻². Each section is
 * scaled to unit gain at the centre frequency, where the band-pass has its peak of 1.
 */
export function butterworthBandPass(low: number, high: number, order: number, sampleRate: number): Biquad[] {
  const warp = (f: number) => 2 * sampleRate * Math.tan((Math.PI * f) / sampleRate);
  const w1 = warp(low);
  const w2 = warp(high);
  const centreSquared = w1 * w2;
  const width = w2 - w1;
  const poles: Complex[] = [];
  for (let k = 1; k <= order; k++) {
    const p = unit((Math.PI * (2 * k + order - 1)) / (2 * order));
    const pb = times(p, width);
    const root = sqrt(sub(mul(pb, pb), [4 * centreSquared, 0]));
    poles.push(times(add(pb, root), 0.5), times(sub(pb, root), 0.5));
  }
  const upper = poles.filter((s) => s[1] > 0);
  if (upper.length !== order) throw new Error("expected complex pole pairs only");
  // The centre frequency in the digital domain: Ω0 = 2 fs tan(π f0 / fs).
  const centre = (sampleRate / Math.PI) * Math.atan(Math.sqrt(centreSquared) / (2 * sampleRate));
  return upper.map((s) => {
    const z = div(add([2 * sampleRate, 0], s), sub([2 * sampleRate, 0], s));
    const section: Biquad = { b: [1, 0, -1], a: [-2 * z[0], z[0] * z[0] + z[1] * z[1]] };
    const gain = response([section], centre, sampleRate);
    return { b: [1 / gain, 0, -1 / gain], a: section.a };
  });
}

/** The sections applied in cascade (direct form I, from rest). */
export function filter(sections: readonly Biquad[], input: ArrayLike<number>): Float64Array {
  const out = Float64Array.from(input);
  for (const { b, a } of sections) {
    const [b0, b1, b2] = b;
    const [a1, a2] = a;
    let x1 = 0;
    let x2 = 0;
    let y1 = 0;
    let y2 = 0;
    for (let i = 0; i < out.length; i++) {
      const x = out[i] as number;
      const y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
      x2 = x1;
      x1 = x;
      y2 = y1;
      y1 = y;
      out[i] = y;
    }
  }
  return out;
}

/** The signal filtered backwards in time, so the filter's own decay runs before the sound, not after it. */
export function filterReversed(sections: readonly Biquad[], input: ArrayLike<number>): Float64Array {
  return filter(sections, Float64Array.from(input).reverse()).reverse();
}

/**
 * Schroeder's energy decay curve from the squared samples: the energy still to come after each
 * sample, in dB relative to the total.
 */
export function energyDecayDb(energy: ArrayLike<number>): Float64Array {
  const curve = new Float64Array(energy.length);
  let remaining = 0;
  for (let i = energy.length - 1; i >= 0; i--) {
    remaining += energy[i] as number;
    curve[i] = remaining;
  }
  const total = curve[0] as number;
  return curve.map((remaining) => 10 * Math.log10(remaining / total));
}

/**
 * Reverberation time from the least-squares line through the decay curve between `from` and `to` dB
 * (first sample at or below `from` to the first at or below `to`), extrapolated to 60 dB.
 */
export function decayTime(curveDb: Float64Array, sampleRate: number, from = -5, to = -25): number {
  const start = curveDb.findIndex((level) => level <= from);
  const end = curveDb.findIndex((level) => level <= to);
  if (start < 0 || end <= start) throw new Error(`the decay does not reach ${to} dB`);
  let n = 0;
  let sumT = 0;
  let sumL = 0;
  let sumTT = 0;
  let sumTL = 0;
  for (let i = start; i <= end; i++) {
    const t = i / sampleRate;
    const level = curveDb[i] as number;
    n++;
    sumT += t;
    sumL += level;
    sumTT += t * t;
    sumTL += t * level;
  }
  const slope = (n * sumTL - sumT * sumL) / (n * sumTT - sumT * sumT);
  return -60 / slope;
}

/** A 6th-order Butterworth band-pass centred (geometrically) on `centre`, `octaves` wide between its −3 dB edges. */
export const bandPass = (centre: number, octaves: number, sampleRate: number) =>
  butterworthBandPass(centre * 2 ** (-octaves / 2), centre * 2 ** (octaves / 2), 3, sampleRate);

/**
 * T20 of impulse responses in one band: each filtered backwards in time, their energies added sample
 * by sample (an average over positions, as ISO 3382 takes), then Schroeder's curve and the −5 to −25 dB fit.
 */
export function t20(impulses: readonly ArrayLike<number>[], band: readonly Biquad[], sampleRate: number): number {
  let energy: Float64Array | undefined;
  for (const impulse of impulses) {
    const filtered = filterReversed(band, impulse);
    energy ??= new Float64Array(filtered.length);
    for (let i = 0; i < filtered.length; i++) energy[i] = (energy[i] as number) + (filtered[i] as number) ** 2;
  }
  if (!energy) throw new Error("no impulse responses");
  return decayTime(energyDecayDb(energy), sampleRate);
}
