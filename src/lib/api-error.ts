/**
 * The error body every function answers with: `{ error: { code, message, fields? } }`. Browsers act on
 * the stable `code` (each feature maps codes to its visitor's text in one place); `message` is a short
 * English explanation for developers and logs, and `fields` holds one message per invalid form field.
 */
export const API_ERROR_CODES = [
  "method_not_allowed",
  "cross_site",
  "unsupported_media_type",
  "payload_too_large",
  "invalid_body",
  "invalid_fields",
  "bot_detected",
  "rate_limited",
  "storage_unavailable",
  "misconfigured",
  "unauthenticated",
  "invalid_token",
  "forbidden",
  "auth_unavailable",
  "invalid_query",
  "invalid_id",
  "not_found",
  "spam",
  "erased",
] as const;

export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

export interface ApiError {
  code: ApiErrorCode;
  message: string;
  fields?: Record<string, string>;
}

export interface ApiErrorBody {
  error: ApiError;
}

/** The error of a response body, or null when the body is not an error of this shape. */
export function apiError(body: unknown): ApiError | null {
  if (typeof body !== "object" || body === null || !("error" in body)) return null;
  const error = body.error;
  if (typeof error !== "object" || error === null) return null;
  const { code, message } = error as Record<string, unknown>;
  if (typeof code !== "string" || !(API_ERROR_CODES as readonly string[]).includes(code)) return null;
  if (typeof message !== "string") return null;
  return error as ApiError;
}
