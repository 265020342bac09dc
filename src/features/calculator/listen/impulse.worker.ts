/// <reference lib="webworker" />
import type { RoomSize } from "../reverberation";
import { type BandTime, buildImpulseResponse } from "./impulse-response";

export interface ImpulseRequest {
  /** Echoed in the reply, so the page can match replies to requests. */
  id: number;
  times: readonly BandTime[];
  sampleRate: number;
  seconds?: number;
  room?: RoomSize;
}

/** The samples (their buffer transferred, not copied), or why none could be built. */
export type ImpulseReply = { id: number; samples: Float32Array<ArrayBuffer> } | { id: number; error: string };

/** Builds impulse responses off the main thread, so the page stays responsive while one is made. */
self.onmessage = (event: MessageEvent<ImpulseRequest>) => {
  const { id, times, sampleRate, seconds, room } = event.data;
  let reply: ImpulseReply;
  try {
    const samples = buildImpulseResponse({
      times,
      sampleRate,
      ...(seconds === undefined ? {} : { seconds }),
      ...(room === undefined ? {} : { room }),
    });
    reply = { id, samples };
  } catch (error) {
    reply = { id, error: error instanceof Error ? error.message : String(error) };
  }
  self.postMessage(reply, { transfer: "samples" in reply ? [reply.samples.buffer] : [] });
};
