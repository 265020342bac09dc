import { readFileSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import materialsFile from "../../../../content/calculator/materials.json";
import type { ImpulseReply, ImpulseRequest } from "../../../../src/features/calculator/listen/impulse.worker";
import {
  type BandTime,
  buildImpulseResponse,
  impulseDuration,
  MAX_DURATION,
} from "../../../../src/features/calculator/listen/impulse-response";
import { encodeWav } from "../../../../src/features/calculator/listen/wav";
import {
  OCTAVE_BANDS,
  type RoomInput,
  type RoomSize,
  reverberation,
  type Spectrum,
} from "../../../../src/features/calculator/reverberation";
import { readFrontMatter } from "../../../../src/lib/front-matter";
import { bandPass, filter, response, t20 } from "../../../support/decay-analysis";

/**
 * The synthetic impulse response measured as an acoustician measures a room (ISO 3382-2): each band
 * filtered out with a 6th-order Butterworth band-pass run backwards in time, Schroeder's backward
 * integration, a least-squares line from −5 to −25 dB extrapolated to 60 dB (T20). Every band must
 * come within 10% of the reverberation time the calculator predicts for it.
 *
 * Where neighbouring octaves differ in T, the band-pass is the band's centre third of an octave, not
 * the whole octave. An octave-wide 6th-order Butterworth filter takes about 14% of its noise power
 * from beyond its −3 dB edges; when a neighbouring band decays twice as slowly, that alone reads T20
 * 30–70% long, however sharply the response separates its bands. The third-octave filter is −29 dB
 * at the octave's edge. Where every band has the same T, the full octave is measured (last test).
 *
 * One noise decay gives T20 only to within its statistical spread, which grows as the product of
 * bandwidth and T shrinks (±20% and more in a third-octave at 125 Hz with T = 0.3 s). As ISO 3382 averages
 * positions, each case adds the band energies of several responses with different seeds before
 * integrating; short rooms take more of them, at 16 kHz to keep the test fast.
 */

const RATE = 48_000;
const LOW_RATE = 16_000;

/** Absorption coefficients of a material of content/calculator/materials.json. */
function material(id: string): Spectrum {
  const alpha = materialsFile.find((m) => m.id === id)?.alpha;
  if (alpha?.length !== OCTAVE_BANDS.length) throw new Error(`no material ${id}`);
  return alpha as unknown as Spectrum;
}

/** Absorption coefficients of a product, from its page's front matter. */
function product(slug: string): Spectrum {
  const file = readFileSync(new URL(`../../../../content/products/${slug}.mdx`, import.meta.url), "utf8");
  const { absorption } = readFrontMatter(file).data as { absorption: { bands: Record<string, number> } };
  return OCTAVE_BANDS.map((band) => absorption.bands[`hz${band}`] ?? Number.NaN) as unknown as Spectrum;
}

const predicted = (room: RoomInput): BandTime[] =>
  reverberation(room).map(({ band, predicted }) => ({ band, seconds: predicted }));
const uniform = (seconds: readonly number[]): BandTime[] =>
  OCTAVE_BANDS.map((band, i) => ({ band, seconds: seconds[i] ?? Number.NaN }));

interface Measurement {
  times: readonly BandTime[];
  room?: RoomSize;
  sampleRate: number;
  /** Responses averaged, seeds 1 to runs. */
  runs: number;
  /** Width of the analysis band-pass in octaves. */
  octaves: number;
}

/** Target and measured T20 per band, and the bands more than 10% off. */
function measure({ times, room, sampleRate, runs, octaves }: Measurement) {
  const impulses = Array.from({ length: runs }, (_, i) =>
    buildImpulseResponse({ times, sampleRate, seed: i + 1, ...(room ? { room } : {}) }),
  );
  const rows = times.map(({ band, seconds }) => {
    const measured = t20(impulses, bandPass(band, octaves, sampleRate), sampleRate);
    return { band, target: +seconds.toFixed(3), measured: +measured.toFixed(3), error: measured / seconds - 1 };
  });
  return { rows, off: rows.filter((row) => Math.abs(row.error) > 0.1) };
}

const concrete = material("concrete");
const CONCRETE_ROOM: RoomInput = {
  length: 10,
  width: 5,
  height: 3,
  floor: concrete,
  ceiling: concrete,
  walls: concrete,
};
/** A small room with a carpet, an absorbent ceiling and 10 m² of felt panels on plasterboard walls. */
const DEAD_ROOM: RoomInput = {
  length: 4,
  width: 3,
  height: 2.5,
  floor: material("carpet"),
  ceiling: material("acoustic-ceiling"),
  walls: material("plasterboard"),
  panels: { alpha: product("felt-panels"), area: 10 },
};
/** An office with a carpet, a plasterboard ceiling and plastered walls, untreated. */
const OFFICE: RoomInput = {
  length: 6,
  width: 4,
  height: 2.7,
  floor: material("carpet"),
  ceiling: material("plasterboard"),
  walls: material("plaster"),
};

describe("the analysis band-pass (test instrument)", () => {
  it("is a 6th-order Butterworth band-pass: |H|² = 1 / (1 + x⁶) on the bilinear-warped frequency axis", () => {
    const sections = bandPass(1000, 1, RATE);
    expect(sections).toHaveLength(3);
    const warp = (f: number) => Math.tan((Math.PI * f) / RATE);
    const [low, high] = [warp(1000 / Math.SQRT2), warp(1000 * Math.SQRT2)];
    for (const f of [100, 400, 707.1, 900, 1000, 1200, 1414.2, 2000, 5000, 12_000]) {
      const x = (warp(f) ** 2 - low * high) / ((high - low) * warp(f));
      expect(response(sections, f, RATE) ** 2).toBeCloseTo(1 / (1 + x ** 6), 9);
    }
    expect(20 * Math.log10(response(sections, 1000 * Math.SQRT2, RATE))).toBeCloseTo(-3.01, 2);
  });
});

describe("impulse response: T20 per octave band within 10% of the prediction", () => {
  it("(a) 10 × 5 × 3 m, concrete everywhere: T of 6–13 s, over the 8 s the response may last", () => {
    const times = predicted(CONCRETE_ROOM);
    expect(Math.max(...times.map((t) => t.seconds))).toBeGreaterThan(12);
    expect(impulseDuration(times)).toBe(MAX_DURATION);
    const { rows, off } = measure({ times, room: CONCRETE_ROOM, sampleRate: RATE, runs: 2, octaves: 1 / 3 });
    expect(off, JSON.stringify(rows)).toEqual([]);
  });

  it("(b) a small dead room: T of 0.12–0.28 s", () => {
    const times = predicted(DEAD_ROOM);
    expect(times.every((t) => t.seconds > 0.1 && t.seconds < 0.3)).toBe(true);
    const { rows, off } = measure({ times, room: DEAD_ROOM, sampleRate: LOW_RATE, runs: 64, octaves: 1 / 3 });
    expect(off, JSON.stringify(rows)).toEqual([]);
  });

  it("(c) an untreated office: T of 0.46–2.1 s, 1000 Hz half as long as 500 Hz", () => {
    const times = predicted(OFFICE);
    const { rows, off } = measure({ times, room: OFFICE, sampleRate: RATE, runs: 24, octaves: 1 / 3 });
    expect(off, JSON.stringify(rows)).toEqual([]);
  });

  it.each([
    ["short", [0.4, 0.8, 0.4, 0.8, 0.4, 0.8]],
    ["long", [0.8, 0.4, 0.8, 0.4, 0.8, 0.4]],
  ])("(d) neighbouring bands 2× apart, 125 Hz %s", (_, seconds) => {
    const { rows, off } = measure({ times: uniform(seconds), sampleRate: LOW_RATE, runs: 64, octaves: 1 / 3 });
    expect(off, JSON.stringify(rows)).toEqual([]);
  });

  it.each([0.3, 1.5])("the same T = %s s in every band, measured in whole octaves", (seconds) => {
    const times = uniform(OCTAVE_BANDS.map(() => seconds));
    const room = { length: 5, width: 4, height: 2.5 };
    const { rows, off } = measure({ times, room, sampleRate: LOW_RATE, runs: 32, octaves: 1 });
    expect(off, JSON.stringify(rows)).toEqual([]);
  });
});

describe("impulse response: length, seed and level", () => {
  it("lasts until the longest band has decayed by 40 dB, at least 1 s and at most 8 s", () => {
    const flat = (seconds: number) => uniform(OCTAVE_BANDS.map(() => seconds));
    expect(impulseDuration(flat(0.3))).toBe(1);
    expect(impulseDuration(flat(1.5))).toBe(1);
    expect(impulseDuration(uniform([0.5, 3, 1, 0.5, 0.4, 0.3]))).toBeCloseTo(2, 12);
    expect(impulseDuration(flat(9))).toBe(6);
    expect(impulseDuration(flat(20))).toBe(8);
    // Eyring's 0 (total absorption) and Sabine's ∞ (none) are held within limits.
    expect(impulseDuration(flat(Number.POSITIVE_INFINITY))).toBe(8);
    expect(impulseDuration(flat(0))).toBe(1);
    expect(buildImpulseResponse({ times: flat(3), sampleRate: 44_100 })).toHaveLength(88_200);
    expect(buildImpulseResponse({ times: flat(3), sampleRate: 8000, seconds: 0.5 })).toHaveLength(4000);
  });

  it("is the same for the same seed and differs for another", () => {
    const times = predicted(OFFICE);
    const build = (seed?: number) =>
      buildImpulseResponse({ times, sampleRate: LOW_RATE, room: OFFICE, ...(seed ? { seed } : {}) });
    expect(build(7)).toEqual(build(7));
    expect(build()).toEqual(build(1));
    expect(build(8)).not.toEqual(build(7));
  });

  it("adds the direct sound and six first-order reflections to the noise when the room's size is given", () => {
    const times = uniform(OCTAVE_BANDS.map(() => 1));
    const room = { length: 6, width: 4, height: 2.7 };
    const withRoom = buildImpulseResponse({ times, sampleRate: RATE, seed: 5, room });
    const noise = buildImpulseResponse({ times, sampleRate: RATE, seed: 5 });
    // With one T in every band, the room changes the noise by one factor: remove it by least squares.
    const dot = (a: Float32Array, b: Float32Array) => a.reduce((sum, x, i) => sum + x * (b[i] ?? 0), 0);
    const k = dot(withRoom, noise) / dot(noise, noise);
    const early = Array.from(withRoom, (x, i) => x - k * (noise[i] ?? 0));
    const direct = early[0] ?? 0;
    const arrivals = early.flatMap((x, i) => (Math.abs(x) > 0.01 * direct ? [i] : []));
    expect(arrivals[0]).toBe(0);
    expect(arrivals).toHaveLength(7);
    // Image sources lie within twice the room's size; a reflection travels further than the direct sound.
    const farthest = 2 * Math.hypot(room.length, room.width, room.height);
    expect(Math.max(...arrivals)).toBeLessThan((farthest / 343) * RATE);
    for (const at of arrivals.slice(1)) expect(early[at]).toBeLessThan(direct);
  });

  it("has unit energy Σx² when every band has the same T (a flat spectrum)", () => {
    for (const seconds of [0.3, 2]) {
      const times = uniform(OCTAVE_BANDS.map(() => seconds));
      for (const room of [undefined, { length: 5, width: 4, height: 2.5 }]) {
        const ir = buildImpulseResponse({ times, sampleRate: RATE, seed: 3, ...(room ? { room } : {}) });
        expect(ir.reduce((sum, x) => sum + x * x, 0)).toBeCloseTo(1, 1);
      }
    }
  });

  it("has a mean energy per octave of 1, room as it is and with panels (equal loudness through a convolver)", () => {
    // Energy per octave as a flat spectrum: the octave's energy over the band-pass's power gain for white noise.
    const impulse = new Float64Array(LOW_RATE);
    impulse[0] = 1;
    const energy = (signal: Float64Array) => signal.reduce((sum, y) => sum + y * y, 0);
    const octaves = OCTAVE_BANDS.map((band) => {
      const sections = bandPass(band, 1, LOW_RATE);
      return { sections, gain: energy(filter(sections, impulse)) };
    });
    const meanOctaveEnergy = (ir: Float32Array) =>
      octaves.reduce((sum, { sections, gain }) => sum + energy(filter(sections, ir)) / gain, 0) / octaves.length;
    for (const [room, panels] of [
      [CONCRETE_ROOM, { alpha: product("aural-solution"), area: 20 }],
      [OFFICE, { alpha: product("felt-panels"), area: 12 }],
    ] as const) {
      for (const input of [room, { ...room, panels }]) {
        const times = predicted(input);
        // One response's octaves vary by chance (a few degrees of freedom at 125 Hz in a short decay): average four.
        const seeds = [1, 2, 3, 4];
        const irs = seeds.map((seed) => buildImpulseResponse({ times, sampleRate: LOW_RATE, seed, room }));
        const mean = irs.reduce((sum, ir) => sum + meanOctaveEnergy(ir), 0) / irs.length;
        expect(mean).toBeGreaterThan(0.93);
        expect(mean).toBeLessThan(1.07);
      }
    }
  });

  it("rejects a missing or doubled band and a negative time", () => {
    const times = uniform([1, 1, 1, 1, 1, 1]);
    expect(() => buildImpulseResponse({ times: times.slice(1), sampleRate: RATE })).toThrow(RangeError);
    expect(() => buildImpulseResponse({ times: [...times, times[0] as BandTime], sampleRate: RATE })).toThrow(
      RangeError,
    );
    expect(() => buildImpulseResponse({ times: uniform([1, 1, -1, 1, 1, 1]), sampleRate: RATE })).toThrow(RangeError);
  });
});

describe("encodeWav", () => {
  it("writes a mono 32-bit float WAV file (format 3, fact chunk) that reads back to the samples", () => {
    const samples = Float32Array.from([0, 0.5, -0.25, 1, -1, 1e-7, 0.123456789]);
    const bytes = encodeWav(samples, 48_000);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const text = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
    expect(bytes).toHaveLength(58 + 4 * samples.length);
    expect([text(0), view.getUint32(4, true), text(8)]).toEqual(["RIFF", bytes.length - 8, "WAVE"]);
    // fmt: chunk size, format tag, channels, sample rate, bytes per second, block align, bits, cbSize.
    expect(text(12)).toBe("fmt ");
    expect([
      view.getUint32(16, true),
      view.getUint16(20, true),
      view.getUint16(22, true),
      view.getUint32(24, true),
      view.getUint32(28, true),
      view.getUint16(32, true),
      view.getUint16(34, true),
      view.getUint16(36, true),
    ]).toEqual([18, 3, 1, 48_000, 192_000, 4, 32, 0]);
    expect([text(38), view.getUint32(42, true), view.getUint32(46, true)]).toEqual(["fact", 4, samples.length]);
    expect([text(50), view.getUint32(54, true)]).toEqual(["data", 4 * samples.length]);
    const decoded = Array.from(samples, (_, i) => view.getFloat32(58 + 4 * i, true));
    expect(Float32Array.from(decoded)).toEqual(samples);
  });

  it("encodes an impulse response of the calculator whole", () => {
    const ir = buildImpulseResponse({ times: predicted(DEAD_ROOM), sampleRate: 44_100, room: DEAD_ROOM });
    const bytes = encodeWav(ir, 44_100);
    const view = new DataView(bytes.buffer);
    expect(view.getUint32(46, true)).toBe(ir.length);
    expect(Float32Array.from(ir, (_, i) => view.getFloat32(58 + 4 * i, true))).toEqual(ir);
  });
});

describe("impulse.worker", () => {
  it("answers each request with its id and the samples, their buffer transferred, or the error", async () => {
    const posted: [ImpulseReply, StructuredSerializeOptions][] = [];
    const scope: { onmessage?: (event: MessageEvent<ImpulseRequest>) => void } = {};
    vi.stubGlobal("self", {
      set onmessage(handler: (event: MessageEvent<ImpulseRequest>) => void) {
        scope.onmessage = handler;
      },
      postMessage: (reply: ImpulseReply, options: StructuredSerializeOptions) => posted.push([reply, options]),
    });
    try {
      await import("../../../../src/features/calculator/listen/impulse.worker");
      const send = (data: ImpulseRequest) => scope.onmessage?.({ data } as MessageEvent<ImpulseRequest>);
      send({ id: 3, times: uniform([1, 1, 1, 1, 1, 1]), sampleRate: 8000, seconds: 0.5 });
      send({ id: 4, times: [], sampleRate: 8000 });
      const [[reply, options], [failure]] = posted as [(typeof posted)[number], (typeof posted)[number]];
      if (!("samples" in reply)) throw new Error(reply.error);
      expect(reply.id).toBe(3);
      expect(reply.samples).toHaveLength(4000);
      expect(options.transfer).toEqual([reply.samples.buffer]);
      expect(failure).toEqual({ id: 4, error: expect.stringContaining("125 Hz") });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
