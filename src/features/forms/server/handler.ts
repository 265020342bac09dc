import { BodyTooLargeError, errorResponse, json, mediaType, readBody, seeOther } from "../../../../netlify/lib/http";
import { createRateLimiter } from "../../../../netlify/lib/rate-limit";
import { type BlobStore, StorageUnavailableError } from "../../../../netlify/lib/storage";
import { isLocale, type Locale, localePath } from "../../../i18n/locales";
import type { ApiErrorCode } from "../../../lib/api-error";
import { ALTCHA_FIELD } from "../../spam/challenge";
import type { PostFacts } from "../../spam/server/screen";
import type { FormOutcome, ResultPages } from "../outcome";
import { enquiryReference } from "../reference";
import { FORM_RATE_LIMIT } from "../schema";

export const MAX_BODY_BYTES = 16 * 1024;

/**
 * Form posts are accepted URL-encoded, which is how the site's forms post without JavaScript.
 * Multipart bodies are refused with 415: the forms have no file field, and one bounded reader with one
 * parser for every body leaves less to get wrong.
 */
const FORM_TYPE = "application/x-www-form-urlencoded";

/** A browser's native form post, which gets a page (by redirect) rather than JSON. */
export const wantsPage = (request: Request) =>
  mediaType(request) === FORM_TYPE && !(request.headers.get("accept") ?? "").includes("application/json");

/**
 * The answer of a public form's function deployed without a usable RATE_LIMIT_SALT: nothing is
 * accepted until it is set, and every refusal is logged with the reason.
 */
export function refuseUnconfigured(
  request: Request,
  problem: string,
  form: { fn: string; label: string; errorPage: string },
): Response {
  console.error(`${form.fn} refuses every request: ${problem}`);
  if (wantsPage(request)) return seeOther(form.errorPage);
  return errorResponse(503, "misconfigured", `The ${form.label} is not available, please try again later`);
}

/** Work to finish after the answer has gone (the notification mail); its failures are logged. */
export type Later = (work: Promise<unknown>) => void;

/**
 * Where an accepted record goes (the inbox: see src/features/inbox/server/intake.ts). It stores the
 * record whole or throws, StorageUnavailableError when storage is down, and hands what may follow
 * the answer to `later`.
 */
export type Accept<R> = (record: R, later: Later) => Promise<void>;

/** What every public form's handler needs besides its spec. */
export interface FormDeps<R> {
  accept: Accept<R>;
  /**
   * Screens each accepted post before it is stored (the spam defence: see src/features/spam); it may
   * return the record changed (filed as spam). A screen that fails lets the record through as it is.
   */
  screen?: ((record: R, post: PostFacts) => Promise<R>) | undefined;
  /** The rate limit every public form shares: see formRateLimiter. */
  limiter: ReturnType<typeof createRateLimiter>;
  /** Origins allowed to post besides the request's own, e.g. the public site address. */
  allowedOrigins?: readonly string[] | undefined;
  now?: (() => number) | undefined;
  newId?: (() => string) | undefined;
  log?: ((message: string, error?: unknown) => void) | undefined;
}

/**
 * The one rate limiter of the public forms: a contact message and a sample request from one client
 * count against the same limit, kept in the same records.
 */
export const formRateLimiter = (deps: { rateLimits: BlobStore; salt: string; now?: (() => number) | undefined }) =>
  createRateLimiter({ store: deps.rateLimits, salt: deps.salt, now: deps.now ?? Date.now, ...FORM_RATE_LIMIT });

export const RATE_LIMIT_MESSAGE = `Too many submissions. Limit: ${FORM_RATE_LIMIT.limit} submissions per hour.`;

/**
 * Runs `work` after the answer: Netlify keeps the function alive for it through context.waitUntil;
 * where that is missing the work simply runs on, unawaited. Its errors are logged, never thrown.
 */
export function runAfterAnswer(
  context: { waitUntil?: ((promise: Promise<unknown>) => void) | undefined },
  work: Promise<unknown>,
  log: (message: string, error?: unknown) => void,
): void {
  const guarded = work.catch((error: unknown) => log("background work failed", error));
  context.waitUntil?.(guarded);
}

/**
 * Whether every string in a parsed body, keys included and however deeply nested, is well-formed
 * Unicode. JSON may spell a lone surrogate (`"\ud800"`), which is no character at all: it cannot be
 * stored as UTF-8 or shown, so such a body is refused whole. (A URL-encoded body cannot carry one:
 * broken percent-encoded UTF-8 decodes to U+FFFD.) Walked with a list rather than recursion, so deep
 * nesting cannot exhaust the stack.
 */
export function wellFormed(payload: unknown): boolean {
  const pending: unknown[] = [payload];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === "string") {
      if (!value.isWellFormed()) return false;
    } else if (typeof value === "object" && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        if (!key.isWellFormed()) return false;
        pending.push(item);
      }
    }
  }
  return true;
}

export type Parsed<T> =
  | { ok: true; value: T }
  | { ok: false; code: Extract<ApiErrorCode, "invalid_fields" | "bot_detected">; fields: Record<string, string> };

/** How one form differs from the others: its fields, its record and its pages. */
export interface FormSpec<T, R> {
  /** For logs: "contact submission", "sample request". */
  label: string;
  /** The result pages of a post without JavaScript. */
  pages: ResultPages;
  /** The JSON body's shape from a native form post's fields. */
  fromForm: (params: URLSearchParams) => Record<string, unknown>;
  /** Validates an object body; field messages name the fields (dotted for nested ones). */
  parse: (payload: object) => Promise<Parsed<T>>;
  /** The record to store; `language` is the page's language the visitor wrote from. */
  toEnquiry: (value: T, id: string, createdAt: Date, language: Locale) => R;
}

type Outcome =
  | { kind: "created"; id: string; created_at: string }
  | { kind: "invalid"; code: ApiErrorCode; error: string; fields?: Record<string, string> }
  | { kind: "rate-limited"; retryAfterSeconds: number };

/** What the platform tells a function about a request besides the request itself. */
interface PostContext {
  ip?: string;
  waitUntil?: (promise: Promise<unknown>) => void;
}

/** One form's spec and its handler's dependencies with their defaults filled in; every step below is given it. */
interface FormContext<T, R> {
  deps: FormDeps<R>;
  spec: FormSpec<T, R>;
  limiter: FormDeps<R>["limiter"];
  now: () => number;
  newId: () => string;
  log: (message: string, error?: unknown) => void;
}

/** A body as read: the payload to validate, and the proof of work's field (which no form's own schema knows of). */
interface ReadPost {
  payload: unknown;
  proof: unknown;
}

/**
 * Whether the request may be read at all: the method, the origin and the body's type. Returns the
 * refusal, or whether the body is a native form post (URL-encoded) rather than JSON.
 */
function admit(request: Request, allowedOrigins: readonly string[] | undefined): Response | { isForm: boolean } {
  if (request.method !== "POST") {
    return errorResponse(405, "method_not_allowed", "Method not allowed", {}, { allow: "POST" });
  }

  const origin = request.headers.get("origin");
  const allowed = new Set([new URL(request.url).origin, ...(allowedOrigins ?? [])]);
  if (origin && !allowed.has(origin)) {
    return errorResponse(403, "cross_site", "Cross-site submissions are not accepted");
  }

  const type = mediaType(request);
  const isForm = type === FORM_TYPE;
  if (type !== "application/json" && !isForm) {
    return errorResponse(415, "unsupported_media_type", "Send the form as JSON or URL-encoded");
  }
  return { isForm };
}

/**
 * The body read (bounded) and parsed, a native form post's fields shaped like the JSON body, or the
 * answer for a body that is too large, cannot be parsed, or is not valid Unicode.
 */
async function readPost<T, R>(request: Request, isForm: boolean, spec: FormSpec<T, R>): Promise<ReadPost | Response> {
  let payload: unknown;
  let proof: unknown;
  try {
    const text = await readBody(request, MAX_BODY_BYTES);
    if (isForm) {
      const params = new URLSearchParams(text);
      payload = spec.fromForm(params);
      proof = params.get(ALTCHA_FIELD);
    } else {
      payload = JSON.parse(text);
      proof =
        typeof payload === "object" && payload !== null ? (payload as Record<string, unknown>)[ALTCHA_FIELD] : null;
    }
  } catch (error) {
    if (error instanceof BodyTooLargeError) return errorResponse(413, "payload_too_large", "The message is too large");
    return errorResponse(400, "invalid_body", isForm ? "Invalid form data" : "Invalid JSON");
  }
  if (!wellFormed(payload)) return errorResponse(400, "invalid_body", "Text must be valid Unicode");
  return { payload, proof };
}

/**
 * The page's language the form was posted from: stored with the enquiry, so staff know which
 * language to answer in, and the language of the result page. Missing or unknown counts as English.
 */
function postLanguage(payload: unknown): Locale {
  return typeof payload === "object" && payload !== null && isLocale((payload as { language?: unknown }).language)
    ? (payload as { language: Locale }).language
    : "en";
}

/** What the spam screen is told about the post besides its fields. */
function postFacts(request: Request, context: PostContext, proof: unknown): PostFacts {
  return {
    proof,
    ip: context.ip ?? "unknown",
    userAgent: request.headers.get("user-agent") ?? "",
    referrer: request.headers.get("referer") ?? "",
  };
}

/** The outcome of a parsed payload that is not accepted as it is. */
function invalidOutcome(parsed: Extract<Parsed<unknown>, { ok: false }>): Outcome {
  if (parsed.code === "bot_detected") return { kind: "invalid", code: "bot_detected", error: "Bot detected" };
  return {
    kind: "invalid",
    code: "invalid_fields",
    error: "Please correct the highlighted fields",
    fields: parsed.fields,
  };
}

/** The record as the spam screen returns it; one the screen fails on goes to the inbox as it is. */
async function screened<T, R>(ctx: FormContext<T, R>, submission: R, post: PostFacts): Promise<R> {
  const screen = ctx.deps.screen;
  if (!screen) return submission;
  return screen(submission, post).catch((error: unknown) => {
    ctx.log(`${ctx.spec.label}: screening failed, the post goes to the inbox unscreened`, error);
    return submission;
  });
}

/**
 * Validates the payload, rate-limits the client, screens and stores the record. A store that fails
 * gives the client's rate-limit slot back and throws on.
 */
async function submit<T, R extends { id: string; created_at: string }>(
  ctx: FormContext<T, R>,
  payload: unknown,
  language: Locale,
  post: PostFacts,
  later: (work: Promise<unknown>) => void,
): Promise<Outcome> {
  if (typeof payload !== "object" || payload === null || Array.isArray(payload)) {
    return { kind: "invalid", code: "invalid_body", error: "Expected an object with the form fields" };
  }
  const parsed = await ctx.spec.parse(payload);
  if (!parsed.ok) return invalidOutcome(parsed);
  // Every accepted post uses up its client's limit, one filed as spam too.
  const reservation = await ctx.limiter.reserve(post.ip);
  if (!reservation.allowed) return { kind: "rate-limited", retryAfterSeconds: reservation.retryAfterSeconds };
  const submission = await screened(
    ctx,
    ctx.spec.toEnquiry(parsed.value, ctx.newId(), new Date(ctx.now()), language),
    post,
  );
  try {
    await ctx.deps.accept(submission, later);
  } catch (error) {
    await reservation
      .release()
      .catch((releaseError: unknown) => ctx.log("could not release a rate-limit slot", releaseError));
    throw error;
  }
  return { kind: "created", id: submission.id, created_at: submission.created_at };
}

/**
 * The answer to an outcome: JSON with its status, or for a form posted without JavaScript a redirect
 * to the result page in the language it was posted from (an accepted one's names its reference:
 * /fi/contact/sent/AA-7K3Q, see ./result-page.ts).
 */
function outcomeResponse(
  request: Request,
  language: Locale,
  pages: ResultPages,
  outcome: Outcome | "unavailable",
): Response {
  const resultPage = (kind: FormOutcome) => localePath(language, pages[kind].path);
  const page = wantsPage(request);
  if (outcome === "unavailable") {
    return page
      ? seeOther(resultPage("error"))
      : errorResponse(503, "storage_unavailable", "Storage unavailable, please try again later");
  }
  switch (outcome.kind) {
    case "created":
      return page
        ? seeOther(`${resultPage("success")}/${enquiryReference(outcome.id)}`)
        : json({ id: outcome.id, created_at: outcome.created_at, reference: enquiryReference(outcome.id) }, 201);
    case "rate-limited":
      return page
        ? seeOther(resultPage("rateLimited"))
        : errorResponse(
            429,
            "rate_limited",
            RATE_LIMIT_MESSAGE,
            {},
            {
              "retry-after": String(outcome.retryAfterSeconds),
            },
          );
    case "invalid":
      return page
        ? seeOther(resultPage("error"))
        : errorResponse(400, outcome.code, outcome.error, outcome.fields ? { fields: outcome.fields } : {});
  }
}

/**
 * POST handler of a public form. Validates, rate-limits per client IP (as the platform reports it)
 * with the limiter every form shares, queues the notification, stores the submission in the inbox,
 * and answers JSON, or redirects when the browser posted the form natively.
 */
export function createFormHandler<T, R extends { id: string; created_at: string }>(
  deps: FormDeps<R>,
  spec: FormSpec<T, R>,
) {
  const ctx: FormContext<T, R> = {
    deps,
    spec,
    limiter: deps.limiter,
    now: deps.now ?? Date.now,
    newId: deps.newId ?? (() => crypto.randomUUID()),
    log: deps.log ?? ((message: string, error?: unknown) => console.error(message, error)),
  };

  return async function handle(
    request: Request,
    context: { ip?: string; waitUntil?: (promise: Promise<unknown>) => void },
  ): Promise<Response> {
    const admitted = admit(request, deps.allowedOrigins);
    if (admitted instanceof Response) return admitted;
    const read = await readPost(request, admitted.isForm, spec);
    if (read instanceof Response) return read;

    const language = postLanguage(read.payload);
    const later = (work: Promise<unknown>) => runAfterAnswer(context, work, ctx.log);
    const post = postFacts(request, context, read.proof);
    const outcome = await submit(ctx, read.payload, language, post, later).catch((error: unknown) => {
      if (!(error instanceof StorageUnavailableError)) throw error;
      ctx.log(`${spec.label} not stored`, error);
      return "unavailable" as const;
    });
    return outcomeResponse(request, language, spec.pages, outcome);
  };
}
