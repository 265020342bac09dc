import type { NotifyConfigChoice } from "../../../../../netlify/lib/mail/config";
import type { NotificationMail } from "../../../../../netlify/lib/mail/mail";
import { describeSendError, mayHaveBeenSent, type SendMail, smtpSender } from "../../../../../netlify/lib/mail/sender";
import type { BlobStore } from "../../../../../netlify/lib/storage";
import { z } from "../../../../lib/zod";
import { submissionKey } from "../listing";
import { type Submission, SubmissionSchema } from "../submission-schema";
import { notificationMail } from "./message";
import {
  claimOutboxEntry,
  completeOutboxEntry,
  deleteOutboxEntry,
  failOutboxEntry,
  listOutboxKeys,
  queueOutboxEntry,
  releaseOutboxEntry,
} from "./outbox";

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

/** What the contact handler calls; every method logs its failures instead of throwing. */
export interface ContactNotifier {
  queue(submission: Submission): Promise<boolean>;
  unqueue(submission: Submission): Promise<void>;
  deliver(submission: Submission, queued: boolean): Promise<void>;
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
const { kind, id, created_at, name, email, phone, company, message, address, finishes } = SubmissionSchema.shape;
const MailableSubmission = z.object({ kind, id, created_at, name, email, phone, company, message, address, finishes });

const keyOf = (submission: Submission) => submissionKey(new Date(submission.created_at), submission.id);

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
  const now = deps.now ?? Date.now;
  const log = deps.log ?? ((line: string, error?: unknown) => console.error(line, error ?? ""));
  const { config } = deps.config;
  const send: SendMail | null = deps.send ?? (config ? smtpSender(config.smtpUrl) : null);
  const unconfigured = () =>
    `notification mail is not configured (${deps.config.problems.join("; ")}): enquiries wait in the outbox`;

  /** Sends the mail; `repeat` when an earlier attempt may have delivered it already (see outbox.ts). */
  async function mail(submission: Submission, repeat = false) {
    if (!config || !send) throw new Error(unconfigured());
    const message = notificationMail(submission, config);
    await send(repeat ? possibleRepeat(message) : message);
  }

  /** Claims the entry, sends and records the outcome. */
  async function sendQueued(key: string, submission: Submission | null, requireDue: boolean) {
    const claim = await claimOutboxEntry(deps.outbox, key, { now: now(), requireDue });
    if (claim.state === "sent") {
      await deleteOutboxEntry(deps.outbox, key);
      return "removed" as const;
    }
    if (claim.state !== "claimed") return claim.state === "gone" ? ("removed" as const) : ("waiting" as const);
    try {
      const stored = submission ?? (await readSubmission(key));
      if (!stored) {
        if (now() - Date.parse(claim.entry.queued_at) > ORPHAN_GRACE_MS) {
          await deleteOutboxEntry(deps.outbox, key);
          log(`outbox entry ${key} removed: its submission does not exist`);
          return "removed" as const;
        }
        await releaseOutboxEntry(deps.outbox, key, claim.token);
        return "waiting" as const;
      }
      await mail(stored, claim.entry.maybe_sent === true);
    } catch (error) {
      // Whatever failed while the lease was held (reading the submission, the send) counts as an attempt.
      const problem = describeSendError(error, config?.smtpUrl);
      const entry = await failOutboxEntry(deps.outbox, key, claim.token, now(), problem, mayHaveBeenSent(error));
      log(
        `notification mail for ${key} not sent (attempt ${entry?.attempts ?? "?"}, next at ${entry?.next_attempt_at ?? "lease expiry"}): ${problem}`,
      );
      return "failed" as const;
    }
    await completeOutboxEntry(deps.outbox, key, claim.token, now(), log);
    return "sent" as const;
  }

  async function readSubmission(key: string): Promise<Submission | null> {
    const data = await deps.submissions.get(key, { type: "json", consistency: "strong" });
    if (data === null) return null;
    const parsed = MailableSubmission.safeParse(data);
    if (!parsed.success) throw new Error(`stored submission ${key} cannot be read`);
    return parsed.data;
  }

  /** Writes the outbox entry of a submission about to be stored. False (logged) when it could not. */
  async function queue(submission: Submission): Promise<boolean> {
    try {
      return await queueOutboxEntry(deps.outbox, keyOf(submission), submission.id, now());
    } catch (error) {
      log(`could not queue the notification for ${keyOf(submission)}`, error);
      return false;
    }
  }

  /** Removes the entry of a submission that could not be stored. */
  async function unqueue(submission: Submission): Promise<void> {
    await deleteOutboxEntry(deps.outbox, keyOf(submission)).catch((error: unknown) =>
      log(`could not remove the outbox entry of unstored ${keyOf(submission)}; the drain will`, error),
    );
  }

  /**
   * Sends a stored submission's mail, after the visitor has been answered. Never rejects: a failed
   * send leaves the entry for the drain, and a missing configuration only logs.
   */
  async function deliver(submission: Submission, queued: boolean): Promise<void> {
    const key = keyOf(submission);
    try {
      if (!config) {
        log(`${unconfigured()} (${key} is ${queued ? "queued" : "NOT queued and will not be mailed"})`);
        return;
      }
      if (queued || (await queue(submission))) {
        // Just written, so due at once; should a drain hold it already, this sends nothing.
        await sendQueued(key, submission, false);
        return;
      }
      try {
        await mail(submission);
      } catch (error) {
        log(`notification mail for ${key} was neither queued nor sent: ${describeSendError(error, config.smtpUrl)}`);
      }
    } catch (error) {
      log(`notification for ${key} stays in the outbox for the next drain`, error);
    }
  }

  /**
   * Tries every due entry once, oldest first, until `budgetMs` has passed. Run by the scheduled
   * function; safe to run concurrently with itself and with deliver().
   */
  async function drain({ budgetMs = DRAIN_BUDGET_MS }: { budgetMs?: number } = {}): Promise<DrainSummary> {
    const started = Date.now();
    // Keys start with an inverted time, so the oldest submission sorts last.
    const keys = (await listOutboxKeys(deps.outbox)).sort().reverse();
    const summary: DrainSummary = {
      queued: keys.length,
      sent: 0,
      failed: 0,
      waiting: 0,
      removed: 0,
      configured: config !== null,
    };
    if (!config) {
      if (keys.length > 0) log(`${unconfigured()}: ${keys.length} waiting`);
      summary.waiting = keys.length;
      return summary;
    }
    for (const key of keys) {
      if (Date.now() - started > budgetMs) {
        summary.waiting += 1;
        continue;
      }
      try {
        summary[await sendQueued(key, null, true)] += 1;
      } catch (error) {
        summary.failed += 1;
        log(`outbox entry ${key} could not be processed`, error);
      }
    }
    return summary;
  }

  return { queue, unqueue, deliver, drain } satisfies ContactNotifier & { drain: typeof drain };
}

export type Notifier = ReturnType<typeof createNotifier>;
