import { randomUUID } from "node:crypto";
import { errorResponse, json } from "../../../../netlify/lib/http";
import type { BlobStore } from "../../../../netlify/lib/storage";
import type { VerifiedUser } from "../../auth/server/tokens";
import type { AuditEvent } from "./audit-log";
import type { StoredReply } from "./enquiry-schema";
import { addReply } from "./enquiry-store";
import type { InboxStores } from "./index-store";
import { readPointer } from "./index-store";
import type { ContactNotifier } from "./notify";
import { deleteOutboxEntry, outboxKey, queueOutboxEntry, replyMailKind } from "./notify/outbox";
import { labelOfChange, recordLabel } from "./spam-labels";

/** What sending a reply needs of the admin API's context. */
export interface ReplyContext {
  stores: InboxStores & { outbox: BlobStore };
  notifier: ContactNotifier | undefined;
  labels: BlobStore | undefined;
  now: () => number;
  log: (message: string, error?: unknown) => void;
  audit: (user: VerifiedUser, event: AuditEvent) => Promise<void>;
}

const REFUSED = {
  spam: () => errorResponse(409, "spam", "An enquiry filed as spam cannot be replied to; call it Not spam first"),
  erased: () => errorResponse(409, "erased", "The enquiry was erased"),
};

/**
 * POST /<id>/reply { message }: the reply kept with its enquiry, which becomes "replied", and mailed to
 * the visitor. Its mail is queued before the reply is written, so a stored reply always has its mail
 * waiting (and the entry is taken back when the reply is refused); it is then sent at once, or by
 * the outbox's schedule when mail is down. Answers 201 with the stored reply and `delivery`: "sent",
 * or "queued" to be sent when mail is back.
 */
export async function sendReply(ctx: ReplyContext, id: string, message: string, user: VerifiedUser): Promise<Response> {
  const key = await readPointer(ctx.stores.index, id, ctx.now());
  if (!key) return errorResponse(404, "not_found", "No such enquiry");
  const reply: StoredReply = {
    id: randomUUID(),
    at: new Date(ctx.now()).toISOString(),
    by: user.email ?? user.uid,
    message,
  };
  const mail = replyMailKind(reply.id);
  const mailKey = outboxKey(key, mail);
  await queueOutboxEntry(ctx.stores.outbox, mailKey, id, ctx.now());
  const takeBack = () =>
    deleteOutboxEntry(ctx.stores.outbox, mailKey).catch((error: unknown) =>
      ctx.log(`could not remove the mail of refused reply ${reply.id}; the drain will`, error),
    );
  const outcome = await addReply(ctx.stores, id, reply, ctx.now).catch(async (error: unknown) => {
    await takeBack();
    throw error;
  });
  if (outcome.kind !== "added") {
    await takeBack();
    return outcome.kind === "unknown" ? errorResponse(404, "not_found", "No such enquiry") : REFUSED[outcome.kind]();
  }
  await ctx.audit(user, { action: "reply", id });
  // A lesson for the spam filter (an enquiry staff answer is legitimate), not part of the reply.
  const label = labelOfChange(outcome.before, "replied");
  if (label !== null && ctx.labels) {
    await recordLabel(ctx.labels, id, outcome.key, label, ctx.now()).catch((error: unknown) =>
      ctx.log(`the spam label of ${id} could not be written`, error),
    );
  }
  const delivery = ctx.notifier
    ? await ctx.notifier.deliver(outcome.record, true, mail, { fresh: true })
    : ("queued" as const);
  return json({ ...reply, delivery }, 201, { vary: "authorization" });
}
