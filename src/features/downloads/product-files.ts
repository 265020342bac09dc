/**
 * The files generated from each product's data, as the site publishes them at stable addresses:
 * `/downloads/<slug>/<slug>.ifc` (the BIM object), `/downloads/<slug>/<slug>.dxf` (the drawing) and
 * `/downloads/<slug>/<slug>-documents.zip` (those and the datasheets). They are made from the English
 * entry at build, once per product, from the same front matter as the page.
 */
import { basename } from "node:path";
import { zipSync } from "fflate";
import site from "../../../content/site.json" with { type: "json" };
import { LOCALES } from "../../i18n/locales";
import { datasheetBytes } from "../datasheet/product-datasheet";
import { productCertificates } from "../documents/content";
import { guidePages } from "../guides/content";
import { guidePdfBytes } from "../guides/guide-files";
import { type ProductEntry, products } from "../products/content";
import { productDxf } from "./dxf";
import { productIfc } from "./ifc";
import { type GeneratedKind, generatedName } from "./paths";

/** The product page's address on the deployed site. */
const productUrl = (slug: string) => new URL(`/products/${slug}`, import.meta.env.SITE).href;

/**
 * Every document of a product in one zip: the datasheet and the installation guide in each language,
 * the BIM object, the drawing and the certificates still valid, each dated with the date of the product's data (the same content gives the same zip).
 */
async function documentsZip(product: ProductEntry): Promise<Uint8Array<ArrayBuffer>> {
  const mtime = new Date(`${product.data.dataDate}T12:00:00Z`);
  const datasheets = await Promise.all(
    LOCALES.map(async (locale) => {
      const localized = (await products(locale)).find((entry) => entry.id === product.id);
      if (!localized) throw new Error(`${product.id} has no ${locale} entry`);
      return [`${product.id}-datasheet-${locale}.pdf`, await datasheetBytes(localized)] as const;
    }),
  );
  const method = product.data.panel.mounting;
  const guides = await Promise.all(
    LOCALES.map(async (locale) => {
      const guide = (await guidePages(locale)).find((entry) => entry.id === method);
      if (!guide) throw new Error(`${product.id} is mounted with ${method}, which has no ${locale} guide`);
      return [`${method}-installation-guide-${locale}.pdf`, await guidePdfBytes(guide)] as const;
    }),
  );
  const files = [
    [generatedName(product.id, "ifc"), await generatedFile(product, "ifc")],
    [generatedName(product.id, "dxf"), await generatedFile(product, "dxf")],
    ...datasheets,
    ...guides,
    // The certificates and declarations still valid: an expired one has no place in a tender pack.
    ...(await productCertificates(product.id))
      .filter((entry) => entry.state !== "expired")
      .map((entry) => [basename(entry.data.file), entry.bytes] as const),
  ] as const;
  const zipped = zipSync(Object.fromEntries(files.map(([name, bytes]) => [name, [bytes, { mtime }]])), { level: 9 });
  return new Uint8Array(zipped);
}

async function generate(product: ProductEntry, kind: GeneratedKind): Promise<Uint8Array<ArrayBuffer>> {
  const source = { product: product.data, manufacturer: site.legalName, url: productUrl(product.id) };
  if (kind === "ifc") return productIfc({ ...source, slug: product.id });
  if (kind === "zip") return documentsZip(product);
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
