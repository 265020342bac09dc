import type { ApiError, ApiErrorBody, ApiErrorCode } from "../../src/lib/api-error";

/**
 * Headers on every function response. The pages get theirs from public/_headers, which does not
 * apply to functions: an API answer is never a document to render, frame, sniff or cache.
 */
export const SECURITY_HEADERS = {
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "no-referrer",
  "strict-transport-security": "max-age=63072000; includeSubDomains; preload",
  "cache-control": "no-store",
} as const;

/** Every function response is made here, so none leaves without the security headers. */
export function respond(body: BodyInit | null, status: number, headers: HeadersInit = {}): Response {
  const merged = new Headers(SECURITY_HEADERS);
  for (const [key, value] of new Headers(headers)) merged.set(key, value);
  return new Response(body, { status, headers: merged });
}

/** Small response helpers shared by the functions. Errors never carry internal details. */
export function json(body: unknown, status = 200, headers: HeadersInit = {}): Response {
  return respond(JSON.stringify(body), status, { "content-type": "application/json; charset=utf-8", ...headers });
}

/** An error answer: `{ error: { code, message, fields? } }`. */
export const errorResponse = (
  status: number,
  code: ApiErrorCode,
  message: string,
  extra: Pick<ApiError, "fields"> = {},
  headers: HeadersInit = {},
) => json({ error: { code, message, ...extra } } satisfies ApiErrorBody, status, headers);

/** 303 so that a browser's native form post lands on the page with a GET. */
export const seeOther = (location: string) => respond(null, 303, { location });

export class BodyTooLargeError extends Error {}

/**
 * Reads a request body as text, refusing more than `limit` bytes whatever the framing: a declared
 * Content-Length over the limit is refused at once, and a chunked body is counted as it streams and
 * refused as soon as it passes the limit, without buffering the rest. Every body is read here.
 */
export async function readBody(request: Request, limit: number): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (Number.isFinite(declared) && declared > limit) throw new BodyTooLargeError();
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new BodyTooLargeError();
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** The media type of a request, lower-cased and without parameters. */
export const mediaType = (request: Request) =>
  (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
