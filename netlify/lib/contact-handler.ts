import { ContactSchema, fieldErrors } from "../../src/features/contact/schema";
import { BodyTooLargeError, errorResponse, json, mediaType, readBody, seeOther } from "./http";
import { createRateLimiter } from "./rate-limit";
import { type BlobStore, StorageUnavailableError } from "./storage";
import { saveSubmission, toSubmission } from "./submissions";

export const MAX_BODY_BYTES = 16 * 1024;
export const RATE_LIMIT = { limit: 3, windowMs: 60 * 60 * 1000 } as const;

/** Static pages a native (no-JavaScript) form post is redirected to. */
export const FORM_PAGES = {
  sent: "/contact/sent",
  rateLimited: "/contact/too-many",
  error: "/contact/error",
} as const;

export interface ContactDeps {
  submissions: BlobStore;
  rateLimits: BlobStore;
  salt: string;
  /** Origins allowed to post besides the request's own, e.g. the public site address. */
  allowedOrigins?: string[];
  now?: () => number;
  newId?: () => string;
  log?: (message: string, error?: unknown) => void;
}

type Outcome =
  | { kind: "created"; id: string; created_at: string }
  | { kind: "invalid"; error: string; fields?: Record<string, string> }
  | { kind: "rate-limited"; retryAfterSeconds: number };

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/**
 * POST /api/submit-contact-form. Validates, rate-limits per client IP (as the platform reports it),
 * stores, and answers JSON, or redirects when the browser posted the form natively.
 */
export function createContactHandler(deps: ContactDeps) {
  const now = deps.now ?? Date.now;
  const newId = deps.newId ?? (() => crypto.randomUUID());
  const log = deps.log ?? ((message: string, error?: unknown) => console.error(message, error));
  const limiter = createRateLimiter({ store: deps.rateLimits, salt: deps.salt, now, ...RATE_LIMIT });

  return async function handle(request: Request, context: { ip?: string }): Promise<Response> {
    if (request.method !== "POST") return errorResponse(405, "Method not allowed", {}, { allow: "POST" });

    const origin = request.headers.get("origin");
    const allowed = new Set([new URL(request.url).origin, ...(deps.allowedOrigins ?? [])]);
    if (origin && !allowed.has(origin)) return errorResponse(403, "Cross-site submissions are not accepted");

    const type = mediaType(request);
    const isForm = FORM_TYPES.has(type);
    if (type !== "application/json" && !isForm) return errorResponse(415, "Send the form as JSON or as a form post");

    let payload: unknown;
    try {
      if (type === "multipart/form-data") {
        if (Number(request.headers.get("content-length") ?? "0") > MAX_BODY_BYTES) throw new BodyTooLargeError();
        payload = Object.fromEntries((await request.formData()).entries());
      } else {
        const text = await readBody(request, MAX_BODY_BYTES);
        payload = isForm ? Object.fromEntries(new URLSearchParams(text)) : JSON.parse(text);
      }
    } catch (error) {
      if (error instanceof BodyTooLargeError) return errorResponse(413, "The message is too large");
      return errorResponse(400, isForm ? "Invalid form data" : "Invalid JSON");
    }

    const outcome = await submit(payload, context.ip ?? "unknown").catch((error: unknown) => {
      if (!(error instanceof StorageUnavailableError)) throw error;
      log("contact submission not stored", error);
      return "unavailable" as const;
    });

    const wantsPage = isForm && !(request.headers.get("accept") ?? "").includes("application/json");
    if (outcome === "unavailable") {
      return wantsPage ? seeOther(FORM_PAGES.error) : errorResponse(503, "Storage unavailable, please try again later");
    }
    switch (outcome.kind) {
      case "created":
        return wantsPage ? seeOther(FORM_PAGES.sent) : json({ id: outcome.id, created_at: outcome.created_at }, 201);
      case "rate-limited":
        return wantsPage
          ? seeOther(FORM_PAGES.rateLimited)
          : errorResponse(
              429,
              "Too many submissions. Limit: 3 submissions per hour.",
              {},
              { "retry-after": String(outcome.retryAfterSeconds) },
            );
      case "invalid":
        return wantsPage
          ? seeOther(FORM_PAGES.error)
          : errorResponse(400, outcome.error, outcome.fields ? { fields: outcome.fields } : {});
    }
  };

  async function submit(payload: unknown, ip: string): Promise<Outcome> {
    if (typeof payload !== "object" || payload === null || Array.isArray(payload)) {
      return { kind: "invalid", error: "Expected an object with the form fields" };
    }
    const parsed = ContactSchema.safeParse(payload);
    if (!parsed.success) {
      const fields = fieldErrors(parsed.error);
      if (fields.website) return { kind: "invalid", error: "Bot detected" };
      return { kind: "invalid", error: "Please correct the highlighted fields", fields };
    }
    const reservation = await limiter.reserve(ip);
    if (!reservation.allowed) return { kind: "rate-limited", retryAfterSeconds: reservation.retryAfterSeconds };
    const submission = toSubmission(parsed.data, newId(), new Date(now()));
    try {
      await saveSubmission(deps.submissions, submission);
    } catch (error) {
      await reservation
        .release()
        .catch((releaseError: unknown) => log("could not release a rate-limit slot", releaseError));
      throw error;
    }
    return { kind: "created", id: submission.id, created_at: submission.created_at };
  }
}
