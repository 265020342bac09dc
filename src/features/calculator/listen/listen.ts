/**
 * "Hear the room": plays a short dry sound (a sentence in the page's language and a hand clap,
 * public/audio/) through a convolver whose impulse response is built, for the room on the page, from
 * the reverberation time per octave band the page shows: as it is, and with the panels. Loaded when a
 * Listen button or a WAV link is first used.
 *
 * - The responses are built in a worker (impulse.worker.ts), at the audio context's sample rate, and
 *   kept per room, so a second press plays at once; a changed room builds new ones.
 * - Both are scaled to the same energy per octave (impulse-response.ts), and the convolver does not
 *   normalise them, so the two versions play at the same loudness: what differs is the reverberation.
 * - Playing one stops the other; pressing the one that plays stops it. The buttons say which plays
 *   (aria-pressed) and a status line announces it.
 * - The dry sound is Ogg Opus, or MP3 where the browser cannot decode Opus.
 */
import type { CalculatorTexts } from "../format";
import type { CalculatorResult } from "../model";
import type { ImpulseReply, ImpulseRequest } from "./impulse.worker";
import type { BandTime } from "./impulse-response";
import { encodeWav } from "./wav";

export type Version = "before" | "after";

/** The sample rate of the WAV files, whatever the browser plays at. */
const WAV_RATE = 48_000;
/** Headroom for the convolved sound, the same for both versions. */
const OUTPUT_GAIN = 0.5;

/** The reverberation time per band that the page shows and decides with, for one version. */
export const bandTimes = (result: CalculatorResult, version: Version): BandTime[] =>
  result[version].map((row) => ({ band: row.band, seconds: row.predicted }));

let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<
  number,
  { resolve: (samples: Float32Array<ArrayBuffer>) => void; reject: (e: Error) => void }
>();
const built = new Map<string, Promise<Float32Array<ArrayBuffer>>>();

/** An impulse response from the worker, built once per room, version and sample rate. */
function impulseResponse(result: CalculatorResult, version: Version, sampleRate: number) {
  const { length, width, height } = result.room;
  const request: Omit<ImpulseRequest, "id"> = {
    times: bandTimes(result, version),
    sampleRate,
    room: { length, width, height },
  };
  const key = JSON.stringify(request);
  let samples = built.get(key);
  if (!samples) {
    if (!worker) {
      worker = new Worker(new URL("./impulse.worker.ts", import.meta.url), { type: "module" });
      worker.onmessage = ({ data }: MessageEvent<ImpulseReply>) => {
        const waiting = pending.get(data.id);
        pending.delete(data.id);
        if ("samples" in data) waiting?.resolve(data.samples);
        else waiting?.reject(new Error(data.error));
      };
    }
    const id = nextId++;
    const sent = worker;
    const started = performance.now();
    samples = new Promise<Float32Array<ArrayBuffer>>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      sent.postMessage({ id, ...request } satisfies ImpulseRequest);
    }).then((done) => {
      // How long a response took, request to reply, for `npm run bench` (User Timing).
      performance.measure(`impulse response ${(done.length / sampleRate).toFixed(1)} s`, { start: started });
      return done;
    });
    samples.catch(() => built.delete(key));
    built.set(key, samples);
  }
  return samples;
}

/** The dry sound in the page's language: Opus, else MP3. */
let dry: Promise<AudioBuffer> | undefined;
function drySound(audio: AudioContext) {
  const lang = document.documentElement.lang || "en";
  dry ??= (async () => {
    for (const type of ["opus", "mp3"]) {
      try {
        const response = await fetch(`/audio/dry-${lang}.${type}`);
        if (!response.ok) continue;
        return await audio.decodeAudioData(await response.arrayBuffer());
      } catch {
        // This browser cannot decode this format: try the next.
      }
    }
    throw new Error("no dry sound this browser can decode");
  })();
  dry.catch(() => {
    dry = undefined;
  });
  return dry;
}

/** The WAV file of one version's impulse response, as acousticians load it into their tools. */
export async function impulseWav(result: CalculatorResult, version: Version): Promise<Blob> {
  const samples = await impulseResponse(result, version, WAV_RATE);
  return new Blob([encodeWav(samples, WAV_RATE)], { type: "audio/wav" });
}

interface Playing {
  version: Version;
  source: AudioBufferSourceNode;
  output: AudioNode;
  timer: ReturnType<typeof setTimeout> | undefined;
}

/** The Listen buttons of one calculator. */
export function listener(host: HTMLElement, texts: CalculatorTexts) {
  let playing: Playing | undefined;
  let request = 0;
  const status = (text: string) => {
    const out = host.querySelector("[data-out=listen]");
    if (out) out.textContent = text;
  };
  const press = (version: Version | undefined) => {
    for (const button of host.querySelectorAll<HTMLElement>("[data-listen-play]")) {
      button.setAttribute("aria-pressed", String(button.dataset.listenPlay === version));
    }
  };

  const stop = (announce: boolean) => {
    request++;
    if (playing) {
      clearTimeout(playing.timer);
      playing.source.onended = null;
      playing.source.stop();
      playing.output.disconnect();
      playing = undefined;
    }
    press(undefined);
    if (announce) status(texts.listenStopped);
  };

  return {
    stop,
    /** Plays one version, or stops it if it is the one playing. */
    async play(version: Version, audio: AudioContext, result: CalculatorResult) {
      if (playing?.version === version) {
        stop(true);
        return;
      }
      stop(false);
      const mine = request;
      press(version);
      status(texts.listenPreparing);
      try {
        const [sound, samples] = await Promise.all([
          drySound(audio),
          impulseResponse(result, version, audio.sampleRate),
          audio.resume(),
        ]);
        if (mine !== request) return;
        const response = audio.createBuffer(1, samples.length, audio.sampleRate);
        response.copyToChannel(samples, 0);
        const convolver = new ConvolverNode(audio, { buffer: response, disableNormalization: true });
        const gain = new GainNode(audio, { gain: OUTPUT_GAIN });
        const source = new AudioBufferSourceNode(audio, { buffer: sound });
        source.connect(convolver).connect(gain).connect(audio.destination);
        const now: Playing = { version, source, output: gain, timer: undefined };
        // The sound ends, then the room's tail: the response's length after it.
        source.onended = () => {
          now.timer = setTimeout(() => {
            if (playing !== now) return;
            gain.disconnect();
            playing = undefined;
            press(undefined);
            status("");
          }, response.duration * 1000);
        };
        playing = now;
        source.start();
        status(version === "before" ? texts.listenPlayingBefore : texts.listenPlayingAfter);
      } catch {
        if (mine !== request) return;
        press(undefined);
        status(texts.listenFailed);
      }
    },
  };
}
