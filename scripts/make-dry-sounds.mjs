// Makes the dry sounds the room calculator's "Listen" buttons play through a room's impulse response:
// a spoken sentence in the page's language, a pause, then a hand clap, so the room's reverberant tail
// is heard on its own. Nothing is taken from elsewhere: the speech is synthesised with espeak-ng and
// the clap is made here from seeded noise, so the same programs give the same files.
//
//   node scripts/make-dry-sounds.mjs          all languages
//   node scripts/make-dry-sounds.mjs fi sv    only these
//
// Needs espeak-ng, ffmpeg (with libmp3lame) and opusenc on the PATH
// (Debian: apt-get install espeak-ng ffmpeg opus-tools). Writes public/audio/dry-<lang>.opus (Ogg Opus)
// and public/audio/dry-<lang>.mp3 (for browsers that cannot decode Opus), mono, 48 kHz.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** What each language says; keep it short (about 3-4 s spoken) and about what the listener hears. */
const SENTENCES = {
  en: "This is how your room sounds. Listen to the clap.",
  et: "Nii kõlab teie ruum. Kuulake plaksu.",
  fi: "Tältä huoneesi kuulostaa. Kuuntele taputusta.",
  sv: "Så här låter ditt rum. Lyssna på handklappen.",
};

/** espeak-ng voice, rate (words per minute) and pitch (0-99, default 50) per language. */
const VOICES = {
  en: { voice: "en-gb", rate: 155, pitch: 42 },
  et: { voice: "et", rate: 150, pitch: 42 },
  fi: { voice: "fi", rate: 150, pitch: 42 },
  sv: { voice: "sv", rate: 155, pitch: 42 },
};

const RATE = 48000;
const PEAK = 10 ** (-3 / 20); // −3 dBFS
const LEAD_SILENCE = 0.05;
const PAUSE = 0.6;
const TAIL_SILENCE = 0.3;
const OPUS_KBITS = 32;
const MP3_KBITS = 48;
const MAX_BYTES = 60 * 1024;

const outDir = fileURLToPath(new URL("../public/audio/", import.meta.url));

function run(program, args, options = {}) {
  const result = spawnSync(program, args, { maxBuffer: 64 * 1024 * 1024, ...options });
  if (result.error?.code === "ENOENT") fail(`missing program '${program}' (Debian: ${debianPackage(program)})`);
  if (result.error) fail(`${program}: ${result.error.message}`);
  if (result.status !== 0)
    fail(`${program} ${args.join(" ")} failed: ${String(result.stderr).trim().split("\n").pop()}`);
  return result.stdout;
}

function debianPackage(program) {
  return `apt-get install ${program === "opusenc" ? "opus-tools" : program}`;
}

function fail(message) {
  console.error(`make-dry-sounds: ${message}`);
  process.exit(1);
}

/** Small, seedable PRNG (mulberry32): uniform in [0, 1). */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Band-pass biquad (constant 0 dB peak gain, from the Audio EQ Cookbook), run in direct form I. */
function bandPass(input, centre, q) {
  const w = (2 * Math.PI * centre) / RATE;
  const alpha = Math.sin(w) / (2 * q);
  const a0 = 1 + alpha;
  const b0 = alpha / a0;
  const b2 = -alpha / a0;
  const a1 = (-2 * Math.cos(w)) / a0;
  const a2 = (1 - alpha) / a0;
  const out = new Float32Array(input.length);
  let x1 = 0;
  let x2 = 0;
  let y1 = 0;
  let y2 = 0;
  for (let i = 0; i < input.length; i++) {
    const x = input[i];
    const y = b0 * x + b2 * x2 - a1 * y1 - a2 * y2;
    x2 = x1;
    x1 = x;
    y2 = y1;
    y1 = y;
    out[i] = y;
  }
  return out;
}

function peakOf(samples) {
  let peak = 0;
  for (const s of samples) peak = Math.max(peak, Math.abs(s));
  return peak;
}

function normalise(samples, target = PEAK) {
  const peak = peakOf(samples);
  if (!(peak > 0)) fail("a part of the sound came out silent");
  const gain = target / peak;
  return samples.map((s) => s * gain);
}

/**
 * A hand clap: the palms meet in a few quick impacts a few milliseconds apart, each a burst of noise
 * that dies away exponentially, the whole sounding mostly between 1 and 2.5 kHz.
 */
function clap() {
  const next = random(0xc1a9);
  // [start in ms, amplitude, decay time constant in ms]: each burst is audible for about 5-10 ms.
  const bursts = [
    [0, 0.55, 1.6],
    [4.5, 1, 2],
    [10, 0.7, 2.2],
    [16.5, 0.45, 3],
  ];
  const length = Math.round(0.08 * RATE);
  const noise = new Float32Array(length);
  for (const [start, amplitude, decay] of bursts) {
    const from = Math.round((start / 1000) * RATE);
    const attack = 0.0002 * RATE; // 0.2 ms rise so no burst starts on a bare step
    for (let i = from; i < length; i++) {
      const n = i - from;
      const envelope = amplitude * Math.min(1, n / attack) * Math.exp(-n / ((decay / 1000) * RATE));
      if (n > attack && envelope < 1e-5) break;
      noise[i] += envelope * (next() * 2 - 1);
    }
  }
  // 1-2.5 kHz: two band-pass sections in series, centred on the geometric mean; one section alone
  // leaves too much of the white noise's upper octaves, and the clap would sound thin and hissy.
  const centre = Math.sqrt(1000 * 2500);
  const q = 0.7;
  return normalise(bandPass(bandPass(noise, centre, q), centre, q));
}

/** Cuts leading and trailing silence (below −40 dB of the peak), keeping 10 ms either side with a 5 ms fade. */
function trim(samples) {
  const threshold = peakOf(samples) * 10 ** (-40 / 20);
  let first = samples.findIndex((s) => Math.abs(s) > threshold);
  let last = samples.findLastIndex((s) => Math.abs(s) > threshold);
  const margin = Math.round(0.01 * RATE);
  first = Math.max(0, first - margin);
  last = Math.min(samples.length - 1, last + margin);
  const out = samples.slice(first, last + 1);
  const fade = Math.round(0.005 * RATE);
  for (let i = 0; i < fade; i++) {
    out[i] *= i / fade;
    out[out.length - 1 - i] *= i / fade;
  }
  return out;
}

/** Speaks the sentence and returns it as 48 kHz mono float samples. */
function speech(lang, dir) {
  const { voice, rate, pitch } = VOICES[lang];
  const wav = join(dir, `speech-${lang}.wav`);
  run("espeak-ng", ["-v", voice, "-s", String(rate), "-p", String(pitch), "-w", wav, SENTENCES[lang]]);
  const raw = run("ffmpeg", [
    ...["-hide_banner", "-loglevel", "error", "-i", wav],
    ...["-af", "aresample=48000:filter_size=64:cutoff=0.97", "-ac", "1", "-f", "f32le", "-"],
  ]);
  return new Float32Array(raw.buffer, raw.byteOffset, raw.byteLength / 4).slice();
}

function silence(seconds) {
  return new Float32Array(Math.round(seconds * RATE));
}

function concat(parts) {
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** 16-bit PCM WAV, mono, 48 kHz. */
function wavFile(samples) {
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((s, i) => {
    data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, s)) * 32767), i * 2);
  });
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "ascii");
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVEfmt ", 8, "ascii");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36, "ascii");
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

const requested = process.argv.slice(2);
const unknown = requested.filter((lang) => !(lang in SENTENCES));
if (unknown.length) fail(`unknown language ${unknown.join(", ")} (have ${Object.keys(SENTENCES).join(", ")})`);
const languages = requested.length ? requested : Object.keys(SENTENCES);

run("espeak-ng", ["--version"]);
run("ffmpeg", ["-hide_banner", "-version"]);
run("opusenc", ["--version"]);

const work = mkdtempSync(join(tmpdir(), "dry-sounds-"));
try {
  mkdirSync(outDir, { recursive: true });
  const theClap = clap();
  for (const lang of languages) {
    const spoken = normalise(trim(speech(lang, work)));
    const mix = concat([silence(LEAD_SILENCE), spoken, silence(PAUSE), theClap, silence(TAIL_SILENCE)]);
    const wav = join(work, `dry-${lang}.wav`);
    writeFileSync(wav, wavFile(mix));

    const opus = join(outDir, `dry-${lang}.opus`);
    const mp3 = join(outDir, `dry-${lang}.mp3`);
    // A fixed stream serial (opusenc picks a random one) keeps the output the same from run to run.
    run("opusenc", ["--quiet", "--bitrate", String(OPUS_KBITS), "--serial", "1", wav, opus]);
    run("ffmpeg", [
      ...["-hide_banner", "-loglevel", "error", "-y", "-i", wav, "-map_metadata", "-1", "-fflags", "+bitexact"],
      ...["-c:a", "libmp3lame", "-b:a", `${MP3_KBITS}k`, "-ac", "1", "-ar", String(RATE)],
      ...["-id3v2_version", "0", "-write_id3v1", "0", mp3],
    ]);

    const sizes = [opus, mp3].map((file) => statSync(file).size);
    const kb = sizes.map((bytes) => `${(bytes / 1024).toFixed(1)} KB`);
    console.log(
      `${lang}: speech ${(spoken.length / RATE).toFixed(2)} s, total ${(mix.length / RATE).toFixed(2)} s; ` +
        `dry-${lang}.opus ${kb[0]}, dry-${lang}.mp3 ${kb[1]}`,
    );
    if (sizes.some((bytes) => bytes > MAX_BYTES)) fail(`dry-${lang} is over ${MAX_BYTES / 1024} KB`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
