/**
 * The files generated from each product's data, as the site publishes them at stable addresses:
 * `/downloads/<slug>/<slug>.ifc` (the BIM object) and `/downloads/<slug>/<slug>.dxf` (the drawing).
 * They are made in English at build, once per product, from the same front matter as the page.
 */
import site from "../../../content/site.json" with { type: "json" };
import { type ProductEntry, products } from "../products/content";
import { productDxf } from "./dxf";
import { productIfc } from "./ifc";
import type { GeneratedKind } from "./paths";

/** The product page's address on the deployed site. */
const productUrl = (slug: string) => new URL(`/products/${slug}`, import.meta.env.SITE).href;

async function generate(product: ProductEntry, kind: GeneratedKind): Promise<Uint8Array<ArrayBuffer>> {
  const source = { product: product.data, manufacturer: site.legalName, url: productUrl(product.id) };
  if (kind === "ifc") return productIfc({ ...source, slug: product.id });
  return new TextEncoder().encode(productDxf(source));
}

const made = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();

/** A product's generated file of one kind, made from its English entry once per build. */
export function generatedFile(product: ProductEntry, kind: GeneratedKind): Promise<Uint8Array<ArrayBuffer>> {
  if (product.locale !== "en") throw new Error(`${product.id}: the generated files are made from the English entry`);
  const key = `${product.id}.${kind}`;
  let bytes = made.get(key);
  if (!bytes) {
    bytes = generate(product, kind);
    made.set(key, bytes);
  }
  return bytes;
}

/** The size in bytes of a product's generated file, for a link to it from a page in any language. */
export async function generatedSize(slug: string, kind: GeneratedKind): Promise<number> {
  const product = (await products("en")).find((entry) => entry.id === slug);
  if (!product) throw new Error(`No product ${slug}`);
  return (await generatedFile(product, kind)).byteLength;
}
