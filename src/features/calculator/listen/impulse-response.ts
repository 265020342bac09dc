/**
 * A synthetic room impulse response with a given reverberation time in each octave band, for
 * listening to a room through a convolver.
 *
 * - Each octave band is its own seeded white noise, band-limited by 12th-order Butterworth high- and
 *   low-pass filters at the band's edges (f/√2 and f·√2), then shaped by the amplitude envelope
 *   exp(−3 ln 10 · t / T): the energy falls 60 dB in T. The bands are summed.
 * - Neighbouring bands cross over at their shared edge with filters of the same order, whose powers
 *   add to one there, so a room with the same T in every band gives a flat spectrum. At 72 dB per
 *   octave a neighbour leaks into the middle third of a band at about −26 dB, so even a neighbour
 *   that decays two or three times more slowly leaves the band's own decay as measured.
 * - The 125 Hz band reaches down to 20 Hz and the 4000 Hz band up to the Nyquist frequency, with
 *   the reverberation times of those bands, so the response covers the audible range; a second-order
 *   high-pass at 20 Hz keeps DC and infrasound out.
 * - The noise runs through the filters for a pre-roll before time zero, so no filter start-up
 *   transient is in the result.
 * - Given the room's size, the response starts with the direct sound and the six first-order
 *   reflections of the walls, floor and ceiling (image sources: delay distance / c, amplitude
 *   1 / distance, reduced by the mean absorption coefficient). The reverberant noise then starts at
 *   the direct sound with the diffuse field's level, a mean energy of 4πc / V per second relative to
 *   a direct sound of amplitude 1 / distance, decayed by the travel time of the direct sound. Without
 *   the room size the response is the reverberant noise alone.
 * - The last 50 ms fade out (a raised cosine), so a response cut off early ends without a click.
 * - Loudness: the result is scaled so that its energy per octave, averaged over the six octaves, is
 *   that of a unit impulse. Through a convolver that does not normalise, any two responses then give
 *   about the same output power for a sound with equal power in each octave from 125 to 4000 Hz (a
 *   stand-in for speech and music); see {@link buildImpulseResponse}.
 *
 * Pure and deterministic for a seed; no DOM or Node APIs, so it runs in a worker.
 */
import { OCTAVE_BANDS, type OctaveBand, type RoomSize, roomGeometry, SABINE_CONSTANT } from "../reverberation";

export interface BandTime {
  band: OctaveBand;
  seconds: number;
}

export interface ImpulseOptions {
  /** One reverberation time per octave band, every band of OCTAVE_BANDS exactly once. */
  times: readonly BandTime[];
  sampleRate: number;
  /** Length of the response; impulseDuration(times) when left out. */
  seconds?: number;
  /** Seed of the noise (an integer, 1 by default); the same seed gives the same response. */
  seed?: number;
  /** The room's size, for the direct sound, the early reflections and the level of the reverberation. */
  room?: RoomSize;
}

/** 3 ln 10: the amplitude envelope exp(−DECAY · t / T) falls by 10⁻³, an energy of 60 dB, over T. */
const DECAY = 3 * Math.LN10;
/** m/s at 20 °C. */
const SPEED_OF_SOUND = 343;

/** The response lasts until the longest band has decayed by DURATION_DECAY_DB, within these limits (s). */
const DURATION_DECAY_DB = 40;
export const MIN_DURATION = 1;
export const MAX_DURATION = 8;

/** Reverberation times are held within these limits (Eyring gives 0 with total absorption, Sabine ∞ with none). */
const MIN_TIME = 0.05;
const MAX_TIME = 30;

/** Order of each band-edge filter (an even number: ORDER / 2 second-order sections). */
const ORDER = 12;
/** The high-pass that keeps DC and infrasound out of the lowest band. */
const INFRASOUND_CUTOFF = 20;
/** An edge at or above this fraction of the sample rate is left open. */
const OPEN_ABOVE = 0.45;
/** Filter pre-roll: the time in which the slowest filter pole decays by this factor (100 dB). */
const PRE_ROLL_DECAY = 1e5;
const FADE_SECONDS = 0.05;
/** Samples are made in blocks of this many, which stay in the processor's cache through all the steps. */
const BLOCK = 2048;
/**
 * Source and listener positions as fractions of the room's length, width and height. Along no axis
 * do the two add up to 1, where the reflections from the two opposite walls would arrive together.
 */
const SOURCE = [0.25, 0.4, 0.6] as const;
const LISTENER = [0.65, 0.75, 0.45] as const;

/** A second-order section, coefficients divided by a0. */
interface Section {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

/** The time held within MIN_TIME and MAX_TIME; a negative time or NaN is an error. */
function checkedTime(seconds: number): number {
  if (Number.isNaN(seconds) || seconds < 0) throw new RangeError(`Reverberation time ${seconds} s is not a time`);
  return Math.min(Math.max(seconds, MIN_TIME), MAX_TIME);
}

/** The times in OCTAVE_BANDS order; every band exactly once. */
function bandTimes(times: readonly BandTime[]): number[] {
  return OCTAVE_BANDS.map((band) => {
    const found = times.filter((t) => t.band === band);
    if (found.length !== 1) throw new RangeError(`Expected one reverberation time for ${band} Hz, got ${found.length}`);
    return checkedTime((found[0] as BandTime).seconds);
  });
}

/**
 * Length in seconds: the time in which the band with the longest reverberation decays by 40 dB
 * (2/3 of its T, which leaves room for a T20 fit from −5 to −25 dB), at least 1 s and at most 8 s.
 * Beyond T = 12 s the 8 s cap stops the longest band at 60 · 8 / T dB.
 */
export function impulseDuration(times: readonly BandTime[]): number {
  const longest = Math.max(0, ...times.map((t) => checkedTime(t.seconds)));
  return Math.min(Math.max((longest * DURATION_DECAY_DB) / 60, MIN_DURATION), MAX_DURATION);
}

/** Butterworth low- or high-pass of an even order as second-order sections (bilinear, cutoff prewarped). */
function butterworth(kind: "lowpass" | "highpass", cutoff: number, order: number, sampleRate: number): Section[] {
  const w0 = (2 * Math.PI * cutoff) / sampleRate;
  const cos = Math.cos(w0);
  const sin = Math.sin(w0);
  const sections: Section[] = [];
  for (let k = 0; k < order / 2; k++) {
    // Pole pair k of the Butterworth prototype has Q = 1 / (2 sin((2k + 1) π / (2 order))).
    const q = 1 / (2 * Math.sin(((2 * k + 1) * Math.PI) / (2 * order)));
    const alpha = sin / (2 * q);
    const a0 = 1 + alpha;
    const edge = kind === "lowpass" ? (1 - cos) / 2 : (1 + cos) / 2;
    const middle = kind === "lowpass" ? 1 - cos : -(1 + cos);
    sections.push({ b0: edge / a0, b1: middle / a0, b2: edge / a0, a1: (-2 * cos) / a0, a2: (1 - alpha) / a0 });
  }
  return sections;
}

/**
 * The filter of band i: high-pass at its lower edge, low-pass at its upper edge, open edges left out;
 * and its settling time, in which its slowest pole decays by PRE_ROLL_DECAY. The slowest pole of a
 * Butterworth filter of order n at fc decays at 2π fc sin(π / (2n)) per second.
 */
function bandFilter(index: number, sampleRate: number): { sections: Section[]; settling: number } {
  const centre = OCTAVE_BANDS[index] as OctaveBand;
  const edges: { kind: "lowpass" | "highpass"; cutoff: number; order: number }[] = [
    { kind: "highpass", cutoff: index === 0 ? INFRASOUND_CUTOFF : centre / Math.SQRT2, order: index === 0 ? 2 : ORDER },
  ];
  if (index < OCTAVE_BANDS.length - 1) edges.push({ kind: "lowpass", cutoff: centre * Math.SQRT2, order: ORDER });
  const kept = edges.filter((edge) => edge.cutoff < OPEN_ABOVE * sampleRate);
  const slowest = Math.min(...kept.map((e) => 2 * Math.PI * e.cutoff * Math.sin(Math.PI / (2 * e.order))));
  return {
    sections: kept.flatMap((e) => butterworth(e.kind, e.cutoff, e.order, sampleRate)),
    settling: kept.length > 0 ? Math.log(PRE_ROLL_DECAY) / slowest : 0,
  };
}

/** Second-order sections in groups of three, for runCascade: 15 coefficients and 6 state values a group. */
interface Cascade {
  coefficients: Float64Array;
  state: Float64Array;
}

/** The sections as a cascade at rest, padded to whole groups with sections that pass their input unchanged. */
function cascade(sections: readonly Section[]): Cascade {
  const groups = Math.ceil(sections.length / 3);
  const coefficients = new Float64Array(15 * groups);
  for (let k = 0; k < 3 * groups; k++) {
    const { b0, b1, b2, a1, a2 } = sections[k] ?? { b0: 1, b1: 0, b2: 0, a1: 0, a2: 0 };
    coefficients.set([b0, b1, b2, a1, a2], 5 * k);
  }
  return { coefficients, state: new Float64Array(6 * groups) };
}

/**
 * Filters buffer[0, length) in place (transposed direct form II), carrying the state from one call
 * to the next. Three sections share one pass, their state in local variables: each sample's work
 * then overlaps the next one's instead of waiting for it.
 */
function runCascade({ coefficients, state }: Cascade, buffer: Float64Array, length: number): void {
  for (let group = 0; 6 * group < state.length; group++) runGroup(coefficients, state, group, buffer, length);
}

/** One group of three sections of runCascade; a function of its own, which the engine optimises as a whole. */
function runGroup(c: Float64Array, z: Float64Array, group: number, buffer: Float64Array, length: number): void {
  const k = 15 * group;
  const g = 6 * group;
  const p0 = c[k] as number;
  const p1 = c[k + 1] as number;
  const p2 = c[k + 2] as number;
  const p3 = c[k + 3] as number;
  const p4 = c[k + 4] as number;
  const q0 = c[k + 5] as number;
  const q1 = c[k + 6] as number;
  const q2 = c[k + 7] as number;
  const q3 = c[k + 8] as number;
  const q4 = c[k + 9] as number;
  const r0 = c[k + 10] as number;
  const r1 = c[k + 11] as number;
  const r2 = c[k + 12] as number;
  const r3 = c[k + 13] as number;
  const r4 = c[k + 14] as number;
  let p5 = z[g] as number;
  let p6 = z[g + 1] as number;
  let q5 = z[g + 2] as number;
  let q6 = z[g + 3] as number;
  let r5 = z[g + 4] as number;
  let r6 = z[g + 5] as number;
  for (let i = 0; i < length; i++) {
    const x = buffer[i] as number;
    const u = p0 * x + p5;
    p5 = p1 * x - p3 * u + p6;
    p6 = p2 * x - p4 * u;
    const v = q0 * u + q5;
    q5 = q1 * u - q3 * v + q6;
    q6 = q2 * u - q4 * v;
    const y = r0 * v + r5;
    r5 = r1 * v - r3 * y + r6;
    r6 = r2 * v - r4 * y;
    buffer[i] = y;
  }
  z[g] = p5;
  z[g + 1] = p6;
  z[g + 2] = q5;
  z[g + 3] = q6;
  z[g + 4] = r5;
  z[g + 5] = r6;
}

/** The starting state of band `band`'s noise: the seed mixed so that nearby seeds start far apart, never 0. */
function noiseState(seed: number, band: number): number {
  let state = Math.imul((seed * OCTAVE_BANDS.length + band) ^ 0x5bd1e995, 0x9e3779b1);
  state ^= state >>> 16;
  return state === 0 ? 0x6d2b79f5 : state;
}

/** Fills buffer[0, length) with white noise of unit variance (xorshift32); returns the generator's next state. */
function fillNoise(buffer: Float64Array, length: number, state: number): number {
  // A uniform value in [−1, 1) has variance 1/3.
  const scale = Math.sqrt(3) / 2147483648;
  let x = state;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    buffer[i] = x * scale;
  }
  return x;
}

/** The gain of a block of band noise: the envelope at its first sample, multiplied by `step` each sample after it. */
interface Decay {
  envelope: number;
  step: number;
  /** The fade-out's gains, from sample `fadeStart` of the output to its end. */
  fade: Float64Array;
  fadeStart: number;
  /** The noise's level, applied on top of the envelope. */
  level: number;
}

/** Adds block[0, n) times the gain to output from `start` on; returns Σ gain² over the block. */
function addDecaying(output: Float32Array, start: number, block: Float64Array, n: number, decay: Decay): number {
  const { step, fade, fadeStart, level } = decay;
  let envelope = decay.envelope;
  let energy = 0;
  for (let i = 0; i < n; i++) {
    const at = start + i;
    const gain = at < fadeStart ? envelope : envelope * (fade[at - fadeStart] as number);
    energy += gain * gain;
    output[at] = (output[at] as number) + (block[i] as number) * gain * level;
    envelope *= step;
  }
  return energy;
}

interface Arrival {
  /** Delay after the direct sound, s. */
  delay: number;
  amplitude: number;
}

/**
 * Direct sound (amplitude 1, no delay) and the six first-order image sources, with the distance of
 * the direct sound. Reflections lose the mean absorption coefficient ᾱ of the room, found from its
 * mid-frequency T by inverting Eyring: ᾱ = 1 − exp(−0.161 V / (S T)).
 */
function earlyArrivals(room: RoomSize, midTime: number): { distance: number; arrivals: Arrival[] } {
  const size = [room.length, room.width, room.height] as const;
  const source = size.map((s, i) => s * (SOURCE[i] as number));
  const listener = size.map((s, i) => s * (LISTENER[i] as number));
  const distanceTo = (image: readonly number[]) =>
    Math.hypot(...image.map((value, i) => value - (listener[i] as number)));
  const direct = distanceTo(source);
  const { volume, surface } = roomGeometry(room);
  const meanAlpha = 1 - Math.exp((-SABINE_CONSTANT * volume) / (surface * midTime));
  const reflection = Math.sqrt(1 - meanAlpha);
  const arrivals: Arrival[] = [{ delay: 0, amplitude: 1 }];
  for (let axis = 0; axis < 3; axis++) {
    for (const wall of [0, size[axis] as number]) {
      // The source mirrored in the plane at `wall` across `axis`.
      const image = source.map((value, i) => (i === axis ? 2 * wall - value : value));
      const distance = distanceTo(image);
      arrivals.push({ delay: (distance - direct) / SPEED_OF_SOUND, amplitude: (reflection * direct) / distance });
    }
  }
  return { distance: direct, arrivals };
}

/**
 * The impulse response, `seconds` long (impulseDuration(times) by default), at `sampleRate` (8 to 768 kHz).
 *
 * Loudness: a band's noise has unit variance before its filter, so within the band its spectrum is
 * that of a flat signal with the energy Σ gain² of its envelope; the direct sound and the reflections
 * are flat. The result is scaled so that the mean of these energies over the six octaves, plus the
 * early energy, is 1. That is the output power for an input with equal power in each octave; unlike
 * a total energy Σx² of 1 it is not ruled by the widest band (4000 Hz: 2.8 kHz up to Nyquist). The
 * scale comes from the envelopes, not the drawn noise, so it does not depend on the seed; the noise
 * of one response varies its octave energies by chance, by a few tenths of a dB in the mean. A room
 * with the same T in every band has Σx² ≈ 1.
 */
export function buildImpulseResponse(options: ImpulseOptions): Float32Array<ArrayBuffer> {
  const { sampleRate, room, seed = 1 } = options;
  if (!(sampleRate >= 8000 && sampleRate <= 768000)) throw new RangeError(`Sample rate ${sampleRate} is out of range`);
  if (room && ![room.length, room.width, room.height].every((size) => size > 0 && Number.isFinite(size))) {
    throw new RangeError("The room's length, width and height must be positive");
  }
  const times = bandTimes(options.times);
  const seconds = options.seconds ?? impulseDuration(options.times);
  if (!(seconds > 0 && seconds <= MAX_TIME)) throw new RangeError(`Length ${seconds} s is out of range`);
  const length = Math.max(1, Math.round(seconds * sampleRate));
  const output = new Float32Array(length);

  // Level of the reverberant noise (per-sample standard deviation) and its start, relative to the direct sound.
  let noiseLevel = 1;
  let travelTime = 0;
  let arrivals: Arrival[] = [];
  if (room) {
    const midTime = ((times[2] as number) + (times[3] as number)) / 2;
    const early = earlyArrivals(room, midTime);
    const { volume } = roomGeometry(room);
    noiseLevel = early.distance * Math.sqrt((4 * Math.PI * SPEED_OF_SOUND) / (volume * sampleRate));
    travelTime = early.distance / SPEED_OF_SOUND;
    arrivals = early.arrivals;
  }

  const fadeLength = Math.min(Math.round(FADE_SECONDS * sampleRate), Math.floor(length / 4));
  const fadeStart = length - fadeLength;
  const fade = new Float64Array(fadeLength);
  for (let i = 0; i < fadeLength; i++) fade[i] = 0.5 * (1 + Math.cos((Math.PI * (i + 0.5)) / fadeLength));

  const block = new Float64Array(BLOCK);
  // Σ over the bands of Σ gain²: with noise of unit variance, the band's energy per octave as if its
  // level covered the whole spectrum.
  let flatEnergy = 0;
  for (let band = 0; band < OCTAVE_BANDS.length; band++) {
    const { sections, settling } = bandFilter(band, sampleRate);
    const filter = cascade(sections);
    let noise = noiseState(seed, band);
    for (let left = Math.ceil(settling * sampleRate); left > 0; left -= BLOCK) {
      const n = Math.min(BLOCK, left);
      noise = fillNoise(block, n, noise);
      runCascade(filter, block, n);
    }
    const rate = DECAY / ((times[band] as number) * sampleRate);
    const step = Math.exp(-rate);
    let energy = 0;
    for (let start = 0; start < length; start += BLOCK) {
      const n = Math.min(BLOCK, length - start);
      noise = fillNoise(block, n, noise);
      runCascade(filter, block, n);
      // The envelope at the block's start is computed afresh, so its running product gathers no rounding error.
      const envelope = Math.exp(-rate * (start + travelTime * sampleRate));
      energy += addDecaying(output, start, block, n, { envelope, step, fade, fadeStart, level: noiseLevel });
    }
    flatEnergy += energy * noiseLevel * noiseLevel;
  }

  let earlyEnergy = 0;
  for (const { delay, amplitude } of arrivals) {
    const at = Math.round(delay * sampleRate);
    if (at >= length) continue;
    output[at] = (output[at] as number) + amplitude;
    earlyEnergy += amplitude * amplitude;
  }

  const factor = 1 / Math.sqrt(flatEnergy / OCTAVE_BANDS.length + earlyEnergy);
  for (let i = 0; i < length; i++) output[i] = (output[i] as number) * factor;
  return output;
}
