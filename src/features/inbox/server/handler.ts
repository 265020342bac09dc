import { BodyTooLargeError, errorResponse, json, mediaType, readBody, respond } from "../../../../netlify/lib/http";
import { type BlobStore, guard, StorageUnavailableError } from "../../../../netlify/lib/storage";
import { z } from "../../../lib/zod";
import { authenticateStaff } from "../../auth/server/session";
import type { TokenVerifier, VerifiedUser } from "../../auth/server/tokens";
import { INBOX_API_PATH, STATUS_LIST, UNREADABLE_HEADER } from "../api-contract";
import { type AuditEvent, recentAudit, recordAudit } from "./audit-log";
import { compactPending } from "./compaction";
import { csvFileName, toCsv } from "./csv";
import {
  ENQUIRY_KINDS,
  ENQUIRY_STATUSES,
  EnquiryPatchSchema,
  EraseRequestSchema,
  ReplyRequestSchema,
} from "./enquiry-schema";
import { deleteEnquiry, eraseByEmail, updateEnquiry } from "./enquiry-store";
import { ensureIndexed } from "./index-store";
import { PAGE_SIZE } from "./listing";
import type { ContactNotifier } from "./notify";
import { exportItems, listPage, toItem } from "./queries";
import { sendReply } from "./reply";
import { labelOfChange, recordLabel } from "./spam-labels";
import { isEnquiryKey } from "./storage-layout";
import { toXlsx, XLSX_MEDIA_TYPE, xlsxFileName } from "./xlsx";

export interface SubmissionsDeps {
  submissions: BlobStore;
  index: BlobStore;
  outbox: BlobStore;
  audit: BlobStore;
  verify: TokenVerifier;
  /** Sends the mail an enquiry filed as spam was kept from, once staff call it "Not spam". */
  notifier?: ContactNotifier | undefined;
  /** The staff's spam decisions, which the learned filter is retrained on (see spam-labels.ts). */
  labels?: BlobStore | undefined;
  /** The site's addresses besides the one a request was sent to, for cookie-carried changes. */
  allowedOrigins?: readonly string[];
  now?: () => number;
  log?: (message: string, error?: unknown) => void;
}

export const BASE_PATH = INBOX_API_PATH;
/** Longest search accepted. */
export const SEARCH_MAX_LENGTH = 200;
/** Largest JSON body a change or an erasure may send. */
export const MAX_ADMIN_BODY_BYTES = 16 * 1024;

/** The export's file formats, by the route's extension. */
type ExportFormat = "csv" | "xlsx";

type Route =
  | { kind: "list" }
  | { kind: "export"; format: ExportFormat }
  | { kind: "erase" }
  | { kind: "audit" }
  | { kind: "item"; segment: string }
  | { kind: "reply"; segment: string }
  | { kind: "unknown" };

const ALLOW: Record<Exclude<Route["kind"], "unknown">, string[]> = {
  list: ["GET"],
  export: ["GET"],
  audit: ["GET"],
  erase: ["POST"],
  item: ["PATCH", "DELETE"],
  reply: ["POST"],
};

function route(pathname: string): Route {
  if (!pathname.startsWith(BASE_PATH)) return { kind: "unknown" };
  const rest = pathname.slice(BASE_PATH.length);
  if (rest === "" || rest === "/") return { kind: "list" };
  if (!rest.startsWith("/")) return { kind: "unknown" };
  const segments = rest.slice(1).split("/");
  const [segment, action] = segments;
  if (segments.length === 2 && segment && action === "reply") return { kind: "reply", segment };
  if (segments.length !== 1 || segment === undefined) return { kind: "unknown" };
  if (segment === "export.csv") return { kind: "export", format: "csv" };
  if (segment === "export.xlsx") return { kind: "export", format: "xlsx" };
  if (segment === "erase") return { kind: "erase" };
  if (segment === "audit") return { kind: "audit" };
  return { kind: "item", segment };
}

/** Query parameters; an empty one counts as absent. */
const FilterQuery = z.object({
  kind: z.enum(ENQUIRY_KINDS, { error: "kind must be contact or samples" }).optional(),
  status: z.enum(ENQUIRY_STATUSES, { error: `status must be ${STATUS_LIST}` }).optional(),
  q: z.string().trim().max(SEARCH_MAX_LENGTH, `q must be at most ${SEARCH_MAX_LENGTH} characters`).optional(),
});
const ListQuery = FilterQuery.extend({
  cursor: z.string().refine(isEnquiryKey, { error: "Invalid cursor" }).optional(),
  limit: z.coerce
    .number({ error: "limit must be 1-100" })
    .int("limit must be 1-100")
    .min(1, "limit must be 1-100")
    .max(100, "limit must be 1-100")
    .optional(),
});
const IdSchema = z.uuid({ error: "Invalid enquiry id" });

/** Field messages of a failed parse, the first per field; issues about no one field go under "body". */
function issueFields(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const names =
      issue.code === "unrecognized_keys" ? issue.keys : [typeof issue.path[0] === "string" ? issue.path[0] : "body"];
    for (const name of names) {
      fields[name] ??= issue.code === "unrecognized_keys" ? "Unknown field" : issue.message;
    }
  }
  return fields;
}

function queryOf(url: URL): Record<string, string> {
  return Object.fromEntries([...url.searchParams].filter(([, value]) => value !== ""));
}

const invalidQuery = (error: z.ZodError) => {
  const fields = issueFields(error);
  return errorResponse(400, "invalid_query", Object.values(fields)[0] ?? "Invalid query", { fields });
};

/** A route the API answers (an unknown path is refused before anything else). */
type KnownRoute = Exclude<Route, { kind: "unknown" }>;

/** One handler's dependencies with their defaults filled in; every step below is given it. */
interface AdminContext {
  deps: SubmissionsDeps;
  stores: Pick<SubmissionsDeps, "submissions" | "index" | "outbox">;
  now: () => number;
  log: (message: string, error?: unknown) => void;
  /** Whether this handler has indexed every stored submission yet (see ensureIndexed). */
  indexState: { indexed: boolean };
}

/** Writes one audit entry by `user`, stamped with the current time. */
function audit(ctx: AdminContext, user: VerifiedUser, event: AuditEvent) {
  return recordAudit(ctx.deps.audit, user, event, ctx.now());
}

/**
 * Before the index is read or changed: every stored submission indexed (once), and the new entries
 * compacted into their shards. A failed compaction is only logged: reads include new entries anyway.
 */
async function prepareIndex(ctx: AdminContext): Promise<void> {
  await ensureIndexed(ctx.stores, ctx.indexState, ctx.now());
  await compactPending(ctx.stores, ctx.now()).catch((error: unknown) =>
    ctx.log("compacting the inbox index failed", error),
  );
}

/** The signed-in admin, or the answer for a missing, invalid or insufficient sign-in. */
async function authenticate(ctx: AdminContext, request: Request): Promise<VerifiedUser | Response> {
  const user = await authenticateStaff(request, ctx.deps.verify, ctx.log, ctx.now(), ctx.deps.allowedOrigins);
  if (user instanceof Response) return user;
  if (!user.admin) return errorResponse(403, "forbidden", "Admin access required");
  return user;
}

/** A JSON body parsed by `schema`, or the answer for a body that is not one. */
async function jsonBody<S extends z.core.$ZodType>(request: Request, schema: S): Promise<z.output<S> | Response> {
  if (mediaType(request) !== "application/json") {
    return errorResponse(415, "unsupported_media_type", "Send the body as JSON");
  }
  let payload: unknown;
  try {
    payload = JSON.parse(await readBody(request, MAX_ADMIN_BODY_BYTES));
  } catch (error) {
    if (error instanceof BodyTooLargeError) return errorResponse(413, "payload_too_large", "The body is too large");
    return errorResponse(400, "invalid_body", "Invalid JSON");
  }
  if (typeof payload !== "object" || payload === null || Array.isArray(payload)) {
    return errorResponse(400, "invalid_body", "Expected a JSON object");
  }
  const parsed = z.safeParse(schema, payload);
  if (parsed.success) return parsed.data;
  const fields = issueFields(parsed.error);
  const { body, ...named } = fields;
  if (Object.keys(named).length === 0) return errorResponse(400, "invalid_body", body ?? "Invalid body");
  return errorResponse(400, "invalid_fields", "Please correct the highlighted fields", { fields: named });
}

/** The id of an item route, or the answer for a malformed one. */
function itemId(segment: string): string | Response {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    decoded = segment;
  }
  const parsed = IdSchema.safeParse(decoded);
  if (!parsed.success) {
    return errorResponse(400, "invalid_id", "Invalid enquiry id", { fields: { id: "Invalid enquiry id" } });
  }
  return parsed.data.toLowerCase();
}

const notFound = () => errorResponse(404, "not_found", "No such enquiry");
const ok = (body: unknown) => json(body, 200, { vary: "authorization" });

/** Whether a submission's notification has gone out: its outbox entry is gone. */
async function isNotified(outbox: BlobStore, key: string): Promise<boolean> {
  return (await guard("reading the outbox", () => outbox.get(key, { consistency: "strong" }))) === null;
}

/** GET /: one page of the enquiries asked for, with the tab counts. */
async function answerList(ctx: AdminContext, url: URL): Promise<Response> {
  const query = ListQuery.safeParse(queryOf(url));
  if (!query.success) return invalidQuery(query.error);
  await prepareIndex(ctx);
  const { kind, status, q, cursor, limit } = query.data;
  return ok(
    await listPage(
      ctx.stores,
      {
        kind: kind ?? null,
        status: status ?? null,
        q: q ?? "",
        cursor: cursor ?? null,
        limit: limit ?? PAGE_SIZE,
      },
      ctx.log,
    ),
  );
}

/** GET /export.csv or /export.xlsx: every enquiry asked for as a file, audited before it is sent. */
async function answerExport(ctx: AdminContext, url: URL, format: ExportFormat, user: VerifiedUser) {
  const query = FilterQuery.safeParse(queryOf(url));
  if (!query.success) return invalidQuery(query.error);
  await prepareIndex(ctx);
  const at = ctx.now();
  const { kind, status, q } = query.data;
  const filter = { kind: kind ?? null, status: status ?? null, q: q ?? "" };
  const { items, unreadable } = await exportItems(ctx.stores, filter, ctx.log);
  const [body, type, filename] =
    format === "xlsx"
      ? [await toXlsx(items, at), XLSX_MEDIA_TYPE, xlsxFileName(at)]
      : [toCsv(items), "text/csv; charset=utf-8", csvFileName(at)];
  await audit(ctx, user, { action: "export", count: items.length });
  return respond(body, 200, {
    "content-type": type,
    "content-disposition": `attachment; filename="${filename}"`,
    // Stored enquiries the file leaves out because they cannot be read (see listPage's `unreadable`).
    [UNREADABLE_HEADER]: String(unreadable.length),
    vary: "authorization",
  });
}

/** POST /erase: every enquiry from one address deleted, and the erasure audited. */
async function answerErase(ctx: AdminContext, request: Request, user: VerifiedUser): Promise<Response> {
  const body = await jsonBody(request, EraseRequestSchema);
  if (body instanceof Response) return body;
  await prepareIndex(ctx);
  const erased = await eraseByEmail(ctx.stores, body.email, ctx.now);
  await audit(ctx, user, { action: "erase", count: erased });
  return ok({ erased });
}

/** DELETE /<id>: the enquiry deleted and the deletion audited. */
async function deleteItem(ctx: AdminContext, id: string, user: VerifiedUser): Promise<Response> {
  await prepareIndex(ctx);
  if (!(await deleteEnquiry(ctx.stores, id, ctx.now()))) return notFound();
  await audit(ctx, user, { action: "delete", id });
  return respond(null, 204);
}

/**
 * PATCH /<id>: a new status or note, each audited. A status change into or out of spam is also kept
 * for the spam filter, and "Not spam" sends the notification the enquiry was kept from.
 */
async function patchItem(ctx: AdminContext, request: Request, id: string, user: VerifiedUser): Promise<Response> {
  const patch = await jsonBody(request, EnquiryPatchSchema);
  if (patch instanceof Response) return patch;
  await prepareIndex(ctx);
  const update = await updateEnquiry(ctx.stores, id, patch, ctx.now);
  if (!update) return notFound();
  const { record, changed } = update;
  if (changed.status) await audit(ctx, user, { action: "status", id, status: record.status, from: update.before });
  const label = changed.status ? labelOfChange(update.before, record.status) : null;
  // A lesson for the spam filter, not part of the change: a label that cannot be written is logged.
  if (label !== null && ctx.deps.labels) {
    await recordLabel(ctx.deps.labels, id, update.key, label, ctx.now()).catch((error: unknown) =>
      ctx.log(`the spam label of ${id} could not be written`, error),
    );
  }
  if (changed.note) await audit(ctx, user, { action: "note", id });
  const { notifier } = ctx.deps;
  if (update.released && notifier) {
    // Queued first, so a send that fails now is retried by the outbox's schedule.
    await notifier.deliver(record, await notifier.queue(record));
  }
  return ok(toItem(record, await isNotified(ctx.deps.outbox, update.key)));
}

/** POST /<id>/reply { message }: see sendReply. */
async function answerReply(ctx: AdminContext, request: Request, segment: string, user: VerifiedUser) {
  const id = itemId(segment);
  if (id instanceof Response) return id;
  const body = await jsonBody(request, ReplyRequestSchema);
  if (body instanceof Response) return body;
  await prepareIndex(ctx);
  return sendReply(
    {
      stores: ctx.stores,
      notifier: ctx.deps.notifier,
      labels: ctx.deps.labels,
      now: ctx.now,
      log: ctx.log,
      audit: (admin, event) => audit(ctx, admin, event),
    },
    id,
    body.message,
    user,
  );
}

/** The answer of an allowed method on a known route, for a signed-in admin. */
async function answer(ctx: AdminContext, request: Request, target: KnownRoute, user: VerifiedUser) {
  const url = new URL(request.url);
  switch (target.kind) {
    case "list":
      return answerList(ctx, url);
    case "export":
      return answerExport(ctx, url, target.format, user);
    case "erase":
      return answerErase(ctx, request, user);
    case "audit":
      return ok({ entries: await recentAudit(ctx.deps.audit, ctx.now()) });
    case "item": {
      const id = itemId(target.segment);
      if (id instanceof Response) return id;
      return request.method === "DELETE" ? deleteItem(ctx, id, user) : patchItem(ctx, request, id, user);
    }
    case "reply":
      return answerReply(ctx, request, target.segment, user);
  }
}

/**
 * The admin API under /api/contact-submissions, for admins only:
 * - GET / ?kind=&status=&q=&cursor=&limit=: a page of enquiries, newest first, with the tab counts
 *   (of the kind asked for: contact messages, sample requests, or both when absent);
 * - PATCH /<id> { status?, note? }, DELETE /<id>; POST /<id>/reply { message } (see reply.ts); { status: "new" } on spam is "Not spam" and sends the
 *   notification it was kept from (once, whoever else does the same), { status: "spam" } "Mark as spam";
 * - GET /export.csv and GET /export.xlsx ?kind=&status=&q=: the same enquiries in either format;
 * - POST /erase { email }; GET /audit.
 * Every route answers 405 (with Allow) to other methods, 401 without a valid token (header or session
 * cookie, see src/features/auth/server/session.ts), 403 without the admin claim or for a cookie-carried change from another
 * site, 400 with field messages for a bad query, id or body, and 404 for an unknown id. Every
 * change, deletion and erasure is written to the audit log once it is made, and an export before its
 * file is sent; when the log cannot be written the answer is 503.
 */
export function createSubmissionsHandler(deps: SubmissionsDeps) {
  const ctx: AdminContext = {
    deps,
    stores: { submissions: deps.submissions, index: deps.index, outbox: deps.outbox },
    now: deps.now ?? Date.now,
    log: deps.log ?? ((message: string, error?: unknown) => console.error(message, error)),
    indexState: { indexed: false },
  };

  return async function handle(request: Request): Promise<Response> {
    const target = route(new URL(request.url).pathname);
    if (target.kind === "unknown") return errorResponse(404, "not_found", "Not found");
    const allow = ALLOW[target.kind];
    if (!allow.includes(request.method)) {
      return errorResponse(405, "method_not_allowed", "Method not allowed", {}, { allow: allow.join(", ") });
    }
    const started = performance.now();
    const user = await authenticate(ctx, request);
    if (user instanceof Response) return user;
    const verified = performance.now();
    try {
      const response = await answer(ctx, request, target, user);
      // Staff (and the bench) see where an answer's time went: the token check and the inbox work,
      // Blobs calls included. Only signed-in admins get this header.
      response.headers.set(
        "server-timing",
        `auth;dur=${(verified - started).toFixed(1)}, inbox;dur=${(performance.now() - verified).toFixed(1)}`,
      );
      return response;
    } catch (error) {
      if (!(error instanceof StorageUnavailableError)) throw error;
      ctx.log("the admin API could not reach storage", error);
      return errorResponse(503, "storage_unavailable", "Storage unavailable, please try again later");
    }
  };
}
