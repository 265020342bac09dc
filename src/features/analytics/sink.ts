import type { PageViewEvent, SendEvent } from "./page-view";

/** Where the local sink records events: sessionStorage, so a test can read them across page loads. */
export const SINK_KEY = "aural.analytics-sink";

export interface RecordedEvent extends PageViewEvent {
  at: string;
}

/**
 * The transport used when no measurement id is configured (local runs and tests): records each event
 * in sessionStorage and, in development, logs it to the console. Nothing leaves the browser.
 */
export function sinkTransport(
  storage: Pick<Storage, "getItem" | "setItem"> | undefined,
  log?: (event: PageViewEvent) => void,
): SendEvent {
  return (event) => {
    log?.(event);
    try {
      const recorded = JSON.parse(storage?.getItem(SINK_KEY) ?? "[]") as RecordedEvent[];
      recorded.push({ ...event, at: new Date().toISOString() });
      storage?.setItem(SINK_KEY, JSON.stringify(recorded.slice(-200)));
    } catch {
      // A full or unavailable storage loses the local record only.
    }
  };
}

export function readSink(storage: Pick<Storage, "getItem">): RecordedEvent[] {
  try {
    return JSON.parse(storage.getItem(SINK_KEY) ?? "[]") as RecordedEvent[];
  } catch {
    return [];
  }
}
