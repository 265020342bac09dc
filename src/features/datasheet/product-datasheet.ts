/**
 * The datasheet of each product as the site publishes it: /products/<slug>/datasheet.pdf, made at
 * build from the product's content, its main image and the company's details. Made once per product
 * and build, so the size a link states is the size of the file served.
 */
import { dictionary } from "../../i18n/dictionary";
import { LOCALE_INFO, localePath } from "../../i18n/locales";
import { pdfFonts, printImage } from "../../lib/pdf/assets";
import { companyDetails } from "../../lib/site";
import type { ProductEntry } from "../products/content";
import { datasheetPdf } from "./datasheet";

export const datasheetHref = (slug: string) => `/products/${slug}/datasheet.pdf`;

async function generate(product: ProductEntry): Promise<Uint8Array<ArrayBuffer>> {
  const p = product.data;
  const [company, fonts] = await Promise.all([companyDetails(product.locale), pdfFonts()]);
  const main = p.images[0];
  // Astro keeps an image's file path on its metadata, out of enumeration.
  const path = main ? (main.src as { fsPath?: string }).fsPath : undefined;
  if (main && !path) throw new Error(`The main image of ${product.id} has no file path`);
  return datasheetPdf({
    product: p,
    image: main && path ? { jpeg: await printImage(path), alt: main.alt } : null,
    company,
    url: new URL(localePath(product.locale, `/products/${product.id}`), import.meta.env.SITE).href,
    fonts,
    texts: dictionary(product.locale).datasheet,
    language: { tag: LOCALE_INFO[product.locale].intl, intl: LOCALE_INFO[product.locale].intl },
  });
}

const made = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();

/** The product's datasheet, made on first use. */
export function datasheetBytes(product: ProductEntry): Promise<Uint8Array<ArrayBuffer>> {
  const key = `${product.locale}/${product.id}`;
  let bytes = made.get(key);
  if (!bytes) {
    bytes = generate(product);
    made.set(key, bytes);
  }
  return bytes;
}

/** The datasheet's size in bytes, for the link to it. */
export async function datasheetSize(product: ProductEntry): Promise<number> {
  return (await datasheetBytes(product)).byteLength;
}

/** A file size as links state it: "182 KB". */
export const fileSizeLabel = (bytes: number) =>
  bytes < 1024 ? `${bytes} bytes` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
