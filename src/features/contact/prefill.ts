import { CONTACT_LIMITS, type CONTACT_TOASTS, isRateLimitMessage } from "./schema";

export interface ProductOption {
  slug: string;
  name: string;
}

/**
 * The message a quote request starts with: the text a link supplies (`?message=`, as the room
 * acoustics calculator sends it, cut to the field's limit), or a line naming the product (`?product=`).
 */
export function prefillMessage(search: string, products: readonly ProductOption[]): string | null {
  const query = new URLSearchParams(search);
  const message = query.get("message")?.trim();
  if (message) return message.slice(0, CONTACT_LIMITS.message);
  const slug = query.get("product");
  const product = products.find((p) => p.slug === slug);
  return product ? `Hello, I would like a quote for ${product.name}. ` : null;
}

export type ToastKind = keyof typeof CONTACT_TOASTS;

/** Which toast a submission's answer calls for, following the error catalogue. */
export function toastForResponse(status: number, body: unknown): ToastKind {
  if (status === 201) return "success";
  const error = typeof body === "object" && body !== null && "error" in body ? String(body.error) : "";
  if (status === 429 || isRateLimitMessage(error)) return "rateLimited";
  return "error";
}
