import type { Config } from "@netlify/functions";
import { type Notifier, siteNotifier } from "../../src/features/inbox/server/notify";
import { errorResponse, json } from "../lib/http";

let notifier: Notifier | undefined;

/**
 * Every 5 minutes: sends the notification mails still in the outbox (those whose immediate send
 * failed, or never ran) and retries failures with backoff. Without SMTP_URL, NOTIFY_EMAIL_TO and
 * NOTIFY_EMAIL_FROM it sends nothing, keeps every entry and logs what is missing.
 */
export default async () => {
  notifier ??= siteNotifier();
  try {
    const summary = await notifier.drain();
    if (summary.queued > 0) console.log(`notify-outbox: ${JSON.stringify(summary)}`);
    return json(summary);
  } catch (error) {
    console.error("notify-outbox could not read the outbox", error);
    return errorResponse(503, "storage_unavailable", "The outbox could not be read");
  }
};

export const config: Config = {
  schedule: "*/5 * * * *",
};
