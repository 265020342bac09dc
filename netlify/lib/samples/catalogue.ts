import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { parse } from "yaml";
import { FinishSchema } from "../../../src/features/products/schema";
import { type FinishOption, finishOptions } from "../../../src/features/samples/catalogue";
import { z } from "../../../src/lib/zod";

/**
 * The finishes a sample request may name, read from the product files themselves (their front
 * matter), so the function accepts exactly what the product pages offer. netlify.toml ships those
 * files with the function (included_files); paths are relative to the project root, which is the
 * working directory of a function locally and when deployed.
 */
export const PRODUCTS_DIR = "content/products";

const FrontMatter = z.object({ name: z.string().min(1), finishes: z.array(FinishSchema) });

/** The front matter of an MDX file: the YAML between the opening `---` line and the next. */
function frontMatter(text: string): unknown {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(text);
  return match ? parse(match[1] ?? "") : null;
}

export async function readCatalogue(dir = join(process.cwd(), PRODUCTS_DIR)): Promise<Map<string, FinishOption>> {
  const files = (await readdir(dir)).filter((file) => file.endsWith(".mdx")).sort();
  const products = await Promise.all(
    files.map(async (file) => {
      const data = FrontMatter.parse(frontMatter(await readFile(join(dir, file), "utf8")));
      return { id: file.slice(0, -".mdx".length), data };
    }),
  );
  return new Map(finishOptions(products).map((option) => [option.key, option]));
}
