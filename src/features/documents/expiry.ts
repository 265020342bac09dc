/** From how many days before its last valid day a document is about to expire: the build warns. */
export const EXPIRY_WARNING_DAYS = 30;

export type ExpiryState = "current" | "expiring" | "expired";

const DAY = 24 * 60 * 60 * 1000;

/**
 * A document's state on `today` (YYYY-MM-DD): expired from the day after its last valid day, expiring
 * within EXPIRY_WARNING_DAYS of it, otherwise (or without an end) current.
 */
export function expiryState(validUntil: string | undefined, today: string): ExpiryState {
  if (!validUntil) return "current";
  if (today > validUntil) return "expired";
  const days = (Date.parse(validUntil) - Date.parse(today)) / DAY;
  return days <= EXPIRY_WARNING_DAYS ? "expiring" : "current";
}

/** Today as the build sees it, YYYY-MM-DD (UTC); BUILD_DATE sets it, for tests and rebuilds of a day. */
export function buildDate(env: Record<string, string | undefined> = process.env): string {
  const set = env.BUILD_DATE;
  if (set && /^\d{4}-\d{2}-\d{2}$/.test(set)) return set;
  return new Date().toISOString().slice(0, 10);
}

/** The build's warnings for documents expired or about to expire: one line each, naming the file. */
export function expiryWarnings(
  documents: { id: string; data: { validUntil?: string | undefined; title: string } }[],
  today: string,
): string[] {
  return documents.flatMap(({ id, data }) => {
    const state = expiryState(data.validUntil, today);
    if (state === "current") return [];
    const file = `content/documents/${id}.mdx`;
    return state === "expired"
      ? [`${file}: “${data.title}” expired on ${data.validUntil}; the site shows it as expired`]
      : [
          `${file}: “${data.title}” expires on ${data.validUntil}, within ${EXPIRY_WARNING_DAYS} days: upload its successor`,
        ];
  });
}
