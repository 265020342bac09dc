import { fill } from "../../i18n/fill";
import { CONTACT_LIMITS } from "./schema";

export interface ProductOption {
  slug: string;
  name: string;
}

/**
 * The message a quote request starts with: the text a link supplies (`?message=`, as the room
 * acoustics calculator sends it, cut to the field's limit), or a line naming the product (`?product=`)
 * from `quoteFor`, the page language's "Hello, I would like a quote for {product}. ".
 */
export function prefillMessage(search: string, products: readonly ProductOption[], quoteFor: string): string | null {
  const query = new URLSearchParams(search);
  const message = query.get("message")?.trim();
  if (message) return message.slice(0, CONTACT_LIMITS.message);
  const slug = query.get("product");
  const product = products.find((p) => p.slug === slug);
  return product ? fill(quoteFor, { product: product.name }) : null;
}

/**
 * The calculation a quote request comes from (`?calculation=`, the room acoustics calculator's address
 * with the room in its query), shown under the message as a link. Only an address on this site is
 * taken, so a crafted link cannot put a foreign or script URL on the page.
 */
export function prefillCalculation(search: string, origin: string): string | null {
  const value = new URLSearchParams(search).get("calculation");
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.origin === origin && /^https?:$/.test(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}
