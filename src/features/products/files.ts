import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { readFrontMatter } from "../../lib/front-matter";
import { z } from "../../lib/zod";
import { type Product, productSchema } from "./schema";

/**
 * The product files read at run time, for a function that cannot use the build's content collection
 * (the sample request checks finishes against them). Each file is checked with the collection's own
 * schema, an image being its path, so the function and the pages accept exactly the same products.
 * Paths are relative to the project root, the working directory of a function locally and deployed.
 */
export const PRODUCTS_DIR = "content/products";

const ProductFileSchema = productSchema(z.string());

export async function readProductFiles(
  dir = join(process.cwd(), PRODUCTS_DIR),
): Promise<{ id: string; data: Product }[]> {
  const files = (await readdir(dir)).filter((file) => file.endsWith(".mdx")).sort();
  return Promise.all(
    files.map(async (file) => {
      const { data } = readFrontMatter(await readFile(join(dir, file), "utf8"));
      return { id: file.slice(0, -".mdx".length), data: ProductFileSchema.parse(data) };
    }),
  );
}
