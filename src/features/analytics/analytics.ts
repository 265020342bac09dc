import { measurementId } from "../../lib/firebase-config";
import { trackPageViews } from "./page-view";
import { sinkTransport } from "./sink";

/**
 * Starts page-view tracking after consent: Google Analytics when a measurement id is configured,
 * otherwise the local sink, through the same tracking code. Returns a function that stops it.
 */
export async function startAnalytics(win: Window): Promise<() => void> {
  let send = sinkTransport(
    win.sessionStorage,
    import.meta.env.DEV ? (e) => console.info("[analytics]", e.name, e.params) : undefined,
  );
  let stopTransport = () => {};
  if (measurementId) {
    const { firebaseTransport } = await import("./firebase-analytics");
    const transport = await firebaseTransport();
    if (!transport) return () => {};
    send = transport.send;
    stopTransport = transport.stop;
  }
  const stopTracking = trackPageViews(win, send);
  return () => {
    stopTracking();
    stopTransport();
  };
}
