import {
  initializeAnalytics,
  isSupported,
  logEvent,
  setAnalyticsCollectionEnabled,
  setConsent,
} from "firebase/analytics";
import { getApps, initializeApp } from "firebase/app";
import { firebaseConfig } from "../../lib/firebase-config";
import type { SendEvent } from "./page-view";

export interface Transport {
  send: SendEvent;
  stop: () => void;
}

/**
 * Google Analytics 4 through Firebase. Loaded only after the visitor accepted, so consent is granted
 * for analytics storage before the tag loads; advertising storage and signals stay denied. The
 * automatic page_view is off: page views come from trackPageViews, once per navigation.
 */
export async function firebaseTransport(): Promise<Transport | null> {
  if (!(await isSupported())) return null;
  setConsent({
    analytics_storage: "granted",
    ad_storage: "denied",
    ad_user_data: "denied",
    ad_personalization: "denied",
  });
  const app = getApps()[0] ?? initializeApp(firebaseConfig);
  const analytics = initializeAnalytics(app, {
    config: { send_page_view: false, allow_google_signals: false, allow_ad_personalization_signals: false },
  });
  return {
    send: (event) => logEvent(analytics, "page_view", event.params),
    stop: () => {
      setAnalyticsCollectionEnabled(analytics, false);
      setConsent({ analytics_storage: "denied" });
    },
  };
}
