import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { z } from "zod";
import type { DatasheetInput } from "../../../../src/features/datasheet/datasheet";
import { type Product, productSchema } from "../../../../src/features/products/schema";
import { en } from "../../../../src/i18n/dictionaries/en";
import { pdfFonts, printImage } from "../../../../src/lib/pdf/assets";
import { type Company, companyBlock } from "../../../../src/lib/pdf/company";

const PRODUCTS = join(process.cwd(), "content/products");

export interface ContentProduct {
  slug: string;
  data: Product;
}

/** The real products, read from content/products/*.mdx as the build reads them. */
export function contentProducts(): ContentProduct[] {
  const schema = productSchema(z.string());
  return readdirSync(PRODUCTS)
    .filter((file) => file.endsWith(".mdx"))
    .map((file) => {
      const front = /^---\n([\s\S]*?)\n---/.exec(readFileSync(join(PRODUCTS, file), "utf8"))?.[1] ?? "";
      return { slug: file.replace(/\.mdx$/, ""), data: schema.parse(parse(front)) };
    });
}

const site = JSON.parse(readFileSync(join(process.cwd(), "content/site.json"), "utf8"));

/** The company as content/site.json describes it. */
export const company: Company = companyBlock(site, "Mon-Fri 9:00-17:00 EET");

/** What the build passes for a product: its main image at print size, the fonts and its page address. */
export async function datasheetInput(product: ContentProduct): Promise<DatasheetInput> {
  const main = product.data.images[0];
  return {
    product: product.data,
    image: main ? { jpeg: await printImage(join(PRODUCTS, main.src)), alt: main.alt } : null,
    company,
    url: `http://localhost:8888/products/${product.slug}`,
    fonts: await pdfFonts(),
    texts: en.datasheet,
    language: { tag: "en-GB", intl: "en-GB" },
  };
}
