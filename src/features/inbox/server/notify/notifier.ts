import type { NotifyConfig, NotifyConfigChoice } from "../../../../../netlify/lib/mail/config";
import type { NotificationMail } from "../../../../../netlify/lib/mail/mail";
import { describeSendError, mayHaveBeenSent, type SendMail, smtpSender } from "../../../../../netlify/lib/mail/sender";
import type { BlobStore } from "../../../../../netlify/lib/storage";
import { z } from "../../../../lib/zod";
import { type Enquiry, EnquirySchema } from "../enquiry-schema";
import { enquiryKey } from "../listing";
import { confirmationMail } from "./confirmation";
import { notificationMail } from "./message";
import {
  type Claim,
  claimOutboxEntry,
  completeOutboxEntry,
  deleteOutboxEntry,
  failOutboxEntry,
  listOutboxKeys,
  type MailKind,
  outboxKey,
  parseOutboxKey,
  queueOutboxEntry,
  releaseOutboxEntry,
  replyIdOf,
} from "./outbox";
import { replyMail } from "./reply-mail";

export interface NotifierDeps {
  outbox: BlobStore;
  /** The submissions store, read by the drain. */
  submissions: BlobStore;
  /** notifyConfig(process.env): without a usable configuration entries stay queued and it is logged. */
  config: NotifyConfigChoice;
  /** Defaults to SMTP through nodemailer to config.smtpUrl. */
  send?: SendMail;
  now?: () => number;
  log?: (message: string, error?: unknown) => void;
}

export interface DrainSummary {
  /** Entries in the outbox when the drain started. */
  queued: number;
  sent: number;
  failed: number;
  /** Not due yet, or held by another sender. */
  waiting: number;
  /** Entries removed without a mail: already sent, or their submission no longer exists. */
  removed: number;
  configured: boolean;
}

/** Whether a mail went out at once, or waits in the outbox for the next attempt. */
export type Delivery = "sent" | "queued";

/**
 * What the public forms and the inbox call, for the staff's notification (the default), the visitor's
 * confirmation or a reply; every method logs its failures instead of throwing. `deliver` given no
 * submission reads the stored one, so that a mail never goes out for an enquiry deleted meanwhile.
 */
export interface ContactNotifier {
  queue(submission: Enquiry, mail?: MailKind): Promise<boolean>;
  unqueue(submission: Enquiry, mail?: MailKind): Promise<void>;
  deliver(submission: Enquiry, queued: boolean, mail?: MailKind, options?: { fresh?: boolean }): Promise<Delivery>;
}

/**
 * A mail that an earlier attempt may have delivered already: it says so in its subject and in a
 * header, and keeps its Message-ID, by which mail programs also recognise a repeat.
 */
export function possibleRepeat(message: NotificationMail): NotificationMail {
  return {
    ...message,
    subject: `[Possible repeat] ${message.subject}`,
    headers: { ...message.headers, "X-Possible-Repeat": "yes" },
  };
}

/** An entry whose submission is missing is left this long (its submission may be being written). */
export const ORPHAN_GRACE_MS = 15 * 60 * 1000;
/**
 * The drain stops claiming entries after this long: the entry in hand may still take a few storage
 * calls (4 s each at most) and one send (its SMTP waits are bounded), and the run ends within a
 * scheduled function's 30 s, leaving the rest to the next run.
 */
export const DRAIN_BUDGET_MS = 12_000;

/** The fields a mail needs; a stored submission may carry more (status, note, …). */
const { kind, id, created_at, name, email, phone, company, message, address, finishes, language, replies } =
  EnquirySchema.shape;
const MailableEnquiry = z.object({
  replies,
  kind,
  id,
  created_at,
  name,
  email,
  phone,
  company,
  message,
  address,
  finishes,
  language,
});

const keyOf = (submission: Enquiry, mail: MailKind) =>
  outboxKey(enquiryKey(new Date(submission.created_at), submission.id), mail);

/** How the logs name each mail. */
const label = (mail: MailKind) => (replyIdOf(mail) ? "reply mail" : `${mail} mail`);

/** One notifier's dependencies with its configuration, sender and defaults resolved; every step below is given it. */
interface NotifierContext {
  deps: NotifierDeps;
  /** The usable mail settings, or null when there are none. */
  config: NotifyConfig | null;
  send: SendMail | null;
  now: () => number;
  log: (message: string, error?: unknown) => void;
}

/** What became of one outbox entry in a send attempt; the drain counts each. */
type SendOutcome = "sent" | "failed" | "waiting" | "removed";

/** The line logged while no usable mail configuration is set. */
const unconfigured = (ctx: NotifierContext) =>
  `notification mail is not configured (${ctx.deps.config.problems.join("; ")}): enquiries wait in the outbox`;

/**
 * Sends one of the submission's mails; `repeat` when an earlier attempt may have delivered it already
 * (see outbox.ts): the staff's notification then says so in its subject; the visitor's confirmation,
 * in their language, says so in a header only, and both keep their Message-ID, by which mail programs
 * recognise a repeat.
 */
async function mail(ctx: NotifierContext, submission: Enquiry, kind: MailKind, repeat = false) {
  if (!ctx.config || !ctx.send) throw new Error(unconfigured(ctx));
  const replyId = replyIdOf(kind);
  if (replyId) {
    const reply = submission.replies?.find((r) => r.id === replyId);
    if (!reply) throw new Error(`reply ${replyId} is not stored with its enquiry`);
    const message = replyMail(submission, reply, ctx.config);
    await ctx.send(repeat ? { ...message, headers: { ...message.headers, "X-Possible-Repeat": "yes" } } : message);
    return;
  }
  if (kind === "confirmation") {
    const message = confirmationMail(submission, ctx.config);
    await ctx.send(repeat ? { ...message, headers: { ...message.headers, "X-Possible-Repeat": "yes" } } : message);
    return;
  }
  const message = notificationMail(submission, ctx.config);
  await ctx.send(repeat ? possibleRepeat(message) : message);
}

/** The stored submission the entry `key` is for, null when there is none; throws when it cannot be read. */
async function readEnquiry(ctx: NotifierContext, key: string): Promise<Enquiry | null> {
  const data = await ctx.deps.submissions.get(key, { type: "json", consistency: "strong" });
  if (data === null) return null;
  const parsed = MailableEnquiry.safeParse(data);
  if (!parsed.success) throw new Error(`stored submission ${key} cannot be read`);
  return parsed.data;
}

/**
 * A claimed entry whose submission does not exist: removed once it is older than ORPHAN_GRACE_MS,
 * otherwise given back, since its submission may still be being written.
 */
async function settleOrphan(
  ctx: NotifierContext,
  key: string,
  claim: Extract<Claim, { state: "claimed" }>,
): Promise<SendOutcome> {
  if (ctx.now() - Date.parse(claim.entry.queued_at) > ORPHAN_GRACE_MS) {
    await deleteOutboxEntry(ctx.deps.outbox, key);
    ctx.log(`outbox entry ${key} removed: its submission does not exist`);
    return "removed";
  }
  await releaseOutboxEntry(ctx.deps.outbox, key, claim.token);
  return "waiting";
}

/** Counts a failed attempt on the claimed entry, sets its next attempt, and logs the problem. */
async function recordFailure(ctx: NotifierContext, key: string, token: string, error: unknown): Promise<void> {
  const problem = describeSendError(error, ctx.config?.smtpUrl);
  const entry = await failOutboxEntry(ctx.deps.outbox, key, token, ctx.now(), problem, mayHaveBeenSent(error));
  ctx.log(
    `${label(parseOutboxKey(key).mail)} for ${key} not sent (attempt ${entry?.attempts ?? "?"}, next at ${entry?.next_attempt_at ?? "lease expiry"}): ${problem}`,
  );
}

/** Claims the entry, sends and records the outcome. */
async function sendQueued(
  ctx: NotifierContext,
  key: string,
  submission: Enquiry | null,
  requireDue: boolean,
): Promise<SendOutcome> {
  const claim = await claimOutboxEntry(ctx.deps.outbox, key, { now: ctx.now(), requireDue });
  if (claim.state === "sent") {
    await deleteOutboxEntry(ctx.deps.outbox, key);
    return "removed";
  }
  if (claim.state !== "claimed") return claim.state === "gone" ? "removed" : "waiting";
  const { enquiryKey: storedKey, mail: kind } = parseOutboxKey(key);
  try {
    const stored = submission ?? (await readEnquiry(ctx, storedKey));
    if (!stored) return await settleOrphan(ctx, key, claim);
    await mail(ctx, stored, kind, claim.entry.maybe_sent === true);
  } catch (error) {
    // Whatever failed while the lease was held (reading the submission, the send) counts as an attempt.
    await recordFailure(ctx, key, claim.token, error);
    return "failed";
  }
  await completeOutboxEntry(ctx.deps.outbox, key, claim.token, ctx.now(), ctx.log);
  return "sent";
}

/** Writes the outbox entry of a submission's mail, before it is stored. False (logged) when it could not. */
async function queueMail(ctx: NotifierContext, submission: Enquiry, kind: MailKind): Promise<boolean> {
  try {
    return await queueOutboxEntry(ctx.deps.outbox, keyOf(submission, kind), submission.id, ctx.now());
  } catch (error) {
    ctx.log(`could not queue the ${label(kind)} for ${keyOf(submission, kind)}`, error);
    return false;
  }
}

/** Removes the entry of a submission's mail that is not to go (the submission could not be stored). */
async function unqueueMail(ctx: NotifierContext, submission: Enquiry, kind: MailKind): Promise<void> {
  await deleteOutboxEntry(ctx.deps.outbox, keyOf(submission, kind)).catch((error: unknown) =>
    ctx.log(`could not remove the outbox entry of unstored ${keyOf(submission, kind)}; the drain will`, error),
  );
}

/**
 * Sends a stored submission's mail, after the visitor has been answered; `fresh` reads the stored
 * submission rather than the one given. Never rejects: a failed send leaves the entry for the drain,
 * and a missing configuration only logs.
 */
async function deliverMail(
  ctx: NotifierContext,
  submission: Enquiry,
  queued: boolean,
  kind: MailKind,
  fresh = false,
): Promise<Delivery> {
  const key = keyOf(submission, kind);
  try {
    if (!ctx.config) {
      ctx.log(`${unconfigured(ctx)} (${key} is ${queued ? "queued" : "NOT queued and will not be mailed"})`);
      return "queued";
    }
    if (queued || (await queueMail(ctx, submission, kind))) {
      // Just written, so due at once; should a drain hold it already, this sends nothing.
      return (await sendQueued(ctx, key, fresh ? null : submission, false)) === "sent" ? "sent" : "queued";
    }
    try {
      await mail(ctx, submission, kind);
      return "sent";
    } catch (error) {
      ctx.log(`${label(kind)} for ${key} was neither queued nor sent: ${describeSendError(error, ctx.config.smtpUrl)}`);
    }
  } catch (error) {
    ctx.log(`${label(kind)} for ${key} stays in the outbox for the next drain`, error);
  }
  return "queued";
}

/**
 * Tries every due entry once, oldest first, until `budgetMs` has passed. Run by the scheduled
 * function; safe to run concurrently with itself and with deliver().
 */
async function drainOutbox(ctx: NotifierContext, budgetMs: number): Promise<DrainSummary> {
  const started = Date.now();
  // Keys start with an inverted time, so the oldest submission sorts last.
  const keys = (await listOutboxKeys(ctx.deps.outbox)).sort().reverse();
  const summary: DrainSummary = {
    queued: keys.length,
    sent: 0,
    failed: 0,
    waiting: 0,
    removed: 0,
    configured: ctx.config !== null,
  };
  if (!ctx.config) {
    if (keys.length > 0) ctx.log(`${unconfigured(ctx)}: ${keys.length} waiting`);
    summary.waiting = keys.length;
    return summary;
  }
  for (const key of keys) {
    if (Date.now() - started > budgetMs) {
      summary.waiting += 1;
      continue;
    }
    try {
      summary[await sendQueued(ctx, key, null, true)] += 1;
    } catch (error) {
      summary.failed += 1;
      ctx.log(`outbox entry ${key} could not be processed`, error);
    }
  }
  return summary;
}

/**
 * Queues, sends and retries the notification mail of each accepted submission (see outbox.ts for
 * how an entry is claimed, so that no submission is mailed twice).
 *
 * The contact function writes a submission's outbox entry BEFORE the submission itself. So every
 * stored submission has its entry until its mail has gone out, and the scheduled drain finds every
 * un-notified submission by listing the outbox. When that first write fails the submission is stored
 * all the same (the visitor gets 201) and the write is tried again right after; when the entry still
 * cannot be written, the mail is sent directly, with no entry for anyone else to claim, and a failure
 * there is logged as an error naming the submission. An entry whose submission was never stored (that
 * write failed and the visitor got 503) is removed at once, or by the drain after ORPHAN_GRACE_MS.
 */
export function createNotifier(deps: NotifierDeps) {
  const { config } = deps.config;
  const ctx: NotifierContext = {
    deps,
    config,
    send: deps.send ?? (config ? smtpSender(config.smtpUrl) : null),
    now: deps.now ?? Date.now,
    log: deps.log ?? ((line: string, error?: unknown) => console.error(line, error ?? "")),
  };

  /** Tries every due entry once, oldest first, until `budgetMs` (DRAIN_BUDGET_MS by default) has passed. */
  const drain = ({ budgetMs = DRAIN_BUDGET_MS }: { budgetMs?: number } = {}) => drainOutbox(ctx, budgetMs);
  return {
    queue: (submission: Enquiry, kind: MailKind = "notification") => queueMail(ctx, submission, kind),
    unqueue: (submission: Enquiry, kind: MailKind = "notification") => unqueueMail(ctx, submission, kind),
    deliver: (submission: Enquiry, queued: boolean, kind: MailKind = "notification", options = {}) =>
      deliverMail(ctx, submission, queued, kind, options.fresh),
    drain,
  } satisfies ContactNotifier & { drain: typeof drain };
}

export type Notifier = ReturnType<typeof createNotifier>;
