import { type BlobStore, guard } from "../../../../netlify/lib/storage";
import { z } from "../../../lib/zod";
import type { VerifiedUser } from "../../auth/server/tokens";
import { AUDIT_ACTIONS, ENQUIRY_STATUSES } from "../api-contract";
import { listNewest } from "./listing";
import { enquiryKey } from "./storage-layout";

export { AUDIT_ACTIONS, type AuditAction } from "../api-contract";

/**
 * One admin change (store `contact-audit`): when, which admin, what, and which enquiry (its id) or
 * how many. It never holds a visitor's name, address, message, or an admin's note or search.
 */
export const AuditEntrySchema = z.strictObject({
  at: z.iso.datetime(),
  admin: z.strictObject({ uid: z.string(), email: z.string().nullable() }),
  action: z.enum(AUDIT_ACTIONS),
  id: z.uuid().optional(),
  count: z.number().int().min(0).optional(),
  status: z.enum(ENQUIRY_STATUSES).optional(),
  /** The status a status change left (written since the spam folder exists). */
  from: z.enum(ENQUIRY_STATUSES).optional(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export type AuditEvent = Pick<AuditEntry, "action" | "id" | "count" | "status" | "from">;

/** How many entries the audit route answers. */
export const AUDIT_PAGE = 50;

/** Records one change; keys sort newest first, like submissions. */
export async function recordAudit(store: BlobStore, admin: VerifiedUser, event: AuditEvent, now: number) {
  const entry: AuditEntry = AuditEntrySchema.parse({
    at: new Date(now).toISOString(),
    admin: { uid: admin.uid, email: admin.email },
    ...event,
  });
  const key = enquiryKey(new Date(now), crypto.randomUUID());
  await guard("writing the audit log", () => store.setJSON(key, entry, { onlyIfNew: true }));
}

/** The latest entries, newest first. */
export async function recentAudit(store: BlobStore, now: number, limit = AUDIT_PAGE): Promise<AuditEntry[]> {
  const { values } = await listNewest<unknown>(store, { limit, now });
  return values.flatMap((value) => {
    const parsed = AuditEntrySchema.safeParse(value);
    return parsed.success ? [parsed.data] : [];
  });
}
