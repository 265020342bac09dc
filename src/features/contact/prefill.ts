import { CONTACT_LIMITS } from "./schema";

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
