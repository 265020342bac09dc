import { type CONTACT_TOASTS, isRateLimitMessage } from "../schemas/contact";

export interface ProductOption {
  slug: string;
  name: string;
}

/** The message a quote request starts with when the visitor comes from a product page. */
export function prefillMessage(search: string, products: readonly ProductOption[]): string | null {
  const slug = new URLSearchParams(search).get("product");
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
