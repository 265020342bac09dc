import { type BlobStore, guard } from "../../../../../netlify/lib/storage";
import { z } from "../../../../lib/zod";

/**
 * The outbox (Blobs store `contact-outbox`): one entry per submission whose notification mail has not
 * gone out, keyed by the submission's key. An enquiry is "notified" exactly when it has no entry.
 *
 * Sending follows one protocol, whoever sends (the contact function right after answering, or the
 * scheduled drain):
 * 1. claim: read the entry with its ETag and, if it is due and no unexpired lease is on it, write it
 *    back with a new lease (a random token, valid LEASE_MS) on the condition that the ETag is
 *    unchanged. Of several claimers exactly one write succeeds; the others see `modified: false` and
 *    leave the entry alone.
 * 2. send, only while holding the lease. A send is bounded by the SMTP timeouts, far below LEASE_MS.
 * 3. after a successful send, delete the entry (the lease token is checked first). Should the delete
 *    fail, the entry is marked `sent_at` instead, and the next drain only deletes it.
 *    After a failed send, the entry is written back without its lease, with the attempt counted, the
 *    error and the time of the next attempt (growing backoff).
 * A lease that is never released (the function was stopped mid-send) expires, and the entry is tried
 * again; the mail's Message-ID is the same on every attempt.
 */

/** How long a claim holds an entry: far longer than a send may take, short enough for a prompt retry. */
export const LEASE_MS = 5 * 60 * 1000;

/** Delay before attempt n + 1 after n failures: 1 min, 5 min, 25 min, about 2 h, then every 6 h. */
export function retryDelay(attempts: number): number {
  return Math.min(60_000 * 5 ** Math.max(0, attempts - 1), 6 * 60 * 60 * 1000);
}

const LeaseSchema = z.object({ token: z.string().min(1), until: z.iso.datetime() });

export const OutboxEntrySchema = z.object({
  /** The submission's id. */
  id: z.string(),
  queued_at: z.iso.datetime(),
  attempts: z.number().int().min(0),
  next_attempt_at: z.iso.datetime(),
  last_error: z.string().nullable(),
  lease: LeaseSchema.nullable(),
  /** Set only when the mail went out but the entry could not be deleted. */
  sent_at: z.iso.datetime().nullable(),
  /**
   * Set when an earlier attempt may have delivered the mail after all (the connection dropped after
   * the message was handed over, or a sender stopped mid-send): the next mail says it may be a repeat.
   */
  maybe_sent: z.literal(true).optional(),
});
export type OutboxEntry = z.infer<typeof OutboxEntrySchema>;

const iso = (ms: number) => new Date(ms).toISOString();

/** A fresh entry for a submission, due at once. */
export function newOutboxEntry(id: string, now: number): OutboxEntry {
  return {
    id,
    queued_at: iso(now),
    attempts: 0,
    next_attempt_at: iso(now),
    last_error: null,
    lease: null,
    sent_at: null,
  };
}

/**
 * The mails an enquiry may have waiting, each an entry of its own: the staff's notification under the
 * enquiry's key, the visitor's confirmation and each reply from the inbox under that key with a
 * suffix (`~confirmation`, `~reply-<the reply's id>`).
 */
export type MailKind = "notification" | "confirmation" | `reply-${string}`;
const SUFFIX = "~";
const REPLY_MAIL = /^reply-[0-9a-f-]{36}$/;

/** The mail that sends the reply with this id. */
export const replyMailKind = (replyId: string): MailKind => `reply-${replyId}`;

/** The id of the reply a mail sends; null for the other mails. */
export const replyIdOf = (mail: MailKind): string | null => (mail.startsWith("reply-") ? mail.slice(6) : null);

/** The outbox key of one mail of the enquiry stored under `enquiryKey`. */
export const outboxKey = (enquiryKey: string, mail: MailKind) =>
  mail === "notification" ? enquiryKey : `${enquiryKey}${SUFFIX}${mail}`;

/** Which enquiry, and which of its mails, an outbox key is for. */
export function parseOutboxKey(key: string): { enquiryKey: string; mail: MailKind } {
  const at = key.indexOf(SUFFIX);
  const mail = key.slice(at + 1);
  if (at < 0 || (mail !== "confirmation" && !REPLY_MAIL.test(mail))) return { enquiryKey: key, mail: "notification" };
  return { enquiryKey: key.slice(0, at), mail: mail as MailKind };
}

/** The id is the enquiry key's uuid: `<13-digit inverted time>-<uuid>`. */
const idFromKey = (key: string) => parseOutboxKey(key).enquiryKey.slice(14);

/** An entry as stored; one that does not read as an entry is treated as freshly queued, never dropped. */
function readEntry(data: unknown, key: string, now: number): OutboxEntry {
  const parsed = OutboxEntrySchema.safeParse(data);
  return parsed.success ? parsed.data : newOutboxEntry(idFromKey(key), now);
}

/**
 * Writes the entry of a new submission. True when the entry exists afterwards: written now, or by an
 * earlier attempt whose answer was lost (onlyIfNew then reports it as already there).
 */
export async function queueOutboxEntry(store: BlobStore, key: string, id: string, now: number): Promise<boolean> {
  await guard("queueing the notification", () => store.setJSON(key, newOutboxEntry(id, now), { onlyIfNew: true }));
  return true;
}

/** The keys of every entry: one list call (the outbox is normally empty or tiny). */
export async function listOutboxKeys(store: BlobStore): Promise<string[]> {
  const { blobs } = await guard("listing the outbox", () => store.list());
  return blobs.map((blob) => blob.key);
}

/** Removes one entry, if there is one (a mail that was never stored, or is sent). */
export async function deleteOutboxEntry(store: BlobStore, key: string): Promise<void> {
  await guard("deleting an outbox entry", () => store.delete(key));
}

/** Removes every mail a deleted enquiry still had waiting: its notification, its confirmation, its replies. */
export async function deleteEnquiryMails(store: BlobStore, enquiryKey: string): Promise<void> {
  const { blobs } = await guard("listing an enquiry's replies in the outbox", () =>
    store.list({ prefix: outboxKey(enquiryKey, replyMailKind("")) }),
  );
  await Promise.all([
    ...(["notification", "confirmation"] as const).map((mail) => deleteOutboxEntry(store, outboxKey(enquiryKey, mail))),
    ...blobs.map((blob) => deleteOutboxEntry(store, blob.key)),
  ]);
}

export type Claim =
  | { state: "claimed"; entry: OutboxEntry; token: string }
  /** No entry: already sent, or deleted. */
  | { state: "gone" }
  /** Someone else holds a lease, or changed the entry while it was being claimed. */
  | { state: "busy" }
  /** Its next attempt is still to come. */
  | { state: "later"; entry: OutboxEntry }
  /** The mail went out but the entry stayed; it only needs deleting. */
  | { state: "sent" };

/** Step 1 of the protocol above. `requireDue: false` claims an entry whose next attempt is still to come. */
export async function claimOutboxEntry(
  store: BlobStore,
  key: string,
  { now, requireDue = true }: { now: number; requireDue?: boolean },
): Promise<Claim> {
  // Read as text: an entry left empty or cut off by a write that never finished counts as freshly
  // queued (see readEntry), so its mail still goes out and the claim rewrites it whole.
  const found = await guard("reading an outbox entry", () =>
    store.getWithMetadata(key, { type: "text", consistency: "strong" }),
  );
  if (!found) return { state: "gone" };
  let data: unknown = null;
  try {
    data = JSON.parse(found.data);
  } catch {
    // Not JSON: as if queued just now.
  }
  const entry = readEntry(data, key, now);
  if (entry.sent_at) return { state: "sent" };
  if (entry.lease && Date.parse(entry.lease.until) > now) return { state: "busy" };
  if (requireDue && Date.parse(entry.next_attempt_at) > now) return { state: "later", entry };
  const token = crypto.randomUUID();
  // The token makes the claimed entry's content, and so its ETag, differ from every earlier version.
  // A lease that ran out belonged to a sender stopped mid-send, whose mail may have gone.
  const claimed: OutboxEntry = {
    ...entry,
    ...(entry.lease ? { maybe_sent: true as const } : {}),
    lease: { token, until: iso(now + LEASE_MS) },
  };
  const write = await guard("claiming an outbox entry", () =>
    store.setJSON(key, claimed, { onlyIfMatch: found.etag ?? "missing-etag" }),
  );
  return write.modified ? { state: "claimed", entry: claimed, token } : { state: "busy" };
}

/** Rewrites an entry only while the lease `token` is still on it; false when it no longer is. */
async function updateLeased(
  store: BlobStore,
  key: string,
  token: string,
  change: (entry: OutboxEntry) => OutboxEntry | "delete",
): Promise<boolean> {
  const found = await guard("reading an outbox entry", () =>
    store.getWithMetadata(key, { type: "json", consistency: "strong" }),
  );
  if (!found) return false;
  const parsed = OutboxEntrySchema.safeParse(found.data);
  if (!parsed.success || parsed.data.lease?.token !== token) return false;
  const next = change(parsed.data);
  if (next === "delete") {
    await guard("deleting an outbox entry", () => store.delete(key));
    return true;
  }
  const write = await guard("updating an outbox entry", () =>
    store.setJSON(key, next, { onlyIfMatch: found.etag ?? "missing-etag" }),
  );
  return write.modified;
}

/** Step 3 after a successful send: the entry goes, or is marked sent when it cannot be deleted. */
export async function completeOutboxEntry(
  store: BlobStore,
  key: string,
  token: string,
  now: number,
  log: (message: string, error?: unknown) => void,
): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await updateLeased(store, key, token, () => "delete");
      return;
    } catch (error) {
      if (attempt === 2) log(`outbox entry ${key}: the mail went out but the entry could not be deleted`, error);
    }
  }
  await updateLeased(store, key, token, (entry) => ({ ...entry, lease: null, sent_at: iso(now) })).catch(
    (error: unknown) => log(`outbox entry ${key}: could not be marked as sent either`, error),
  );
}

/** Step 3 after a failed send: the attempt is counted, the lease released and the next attempt set. */
export async function failOutboxEntry(
  store: BlobStore,
  key: string,
  token: string,
  now: number,
  problem: string,
  maybeSent = false,
): Promise<OutboxEntry | null> {
  let updated: OutboxEntry | null = null;
  const written = await updateLeased(store, key, token, (entry) => {
    const attempts = entry.attempts + 1;
    updated = {
      ...entry,
      ...(maybeSent ? { maybe_sent: true as const } : {}),
      attempts,
      last_error: problem.slice(0, 500),
      next_attempt_at: iso(now + retryDelay(attempts)),
      lease: null,
    };
    return updated;
  });
  return written ? updated : null;
}

/** Gives a claimed entry back untouched (nothing was tried). */
export async function releaseOutboxEntry(store: BlobStore, key: string, token: string): Promise<void> {
  await updateLeased(store, key, token, (entry) => ({ ...entry, lease: null }));
}

/** Reads one entry (for tests and the admin tools); null when there is none. */
export async function readOutboxEntry(store: BlobStore, key: string): Promise<OutboxEntry | null> {
  const data = await guard("reading an outbox entry", () => store.get(key, { type: "json", consistency: "strong" }));
  return data === null ? null : readEntry(data, key, Date.now());
}
