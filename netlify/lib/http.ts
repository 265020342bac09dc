import type { ApiError, ApiErrorBody, ApiErrorCode } from "../../src/lib/api-error";

/** Small response helpers shared by the functions. Errors never carry internal details. */
export function json(body: unknown, status = 200, headers: HeadersInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers },
  });
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
export const seeOther = (location: string) =>
  new Response(null, { status: 303, headers: { location, "cache-control": "no-store" } });

export class BodyTooLargeError extends Error {}

/** Reads a request body as text, refusing more than `limit` bytes without buffering the rest. */
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
