import { readProductFiles } from "../../products/files";
import { type FinishOption, finishOptions } from "../catalogue";

/**
 * The finishes a sample request may name, read from the product files themselves, so the function
 * accepts exactly what the product pages offer. netlify.toml ships those files with the function
 * (included_files).
 */
export async function readCatalogue(dir?: string): Promise<Map<string, FinishOption>> {
  const products = await readProductFiles(dir);
  return new Map(finishOptions(products).map((option) => [option.key, option]));
}

/** The catalogue read once per function instance; a failed read is tried again on the next request. */
export function productCatalogue(dir?: string): () => Promise<Map<string, FinishOption>> {
  let catalogue: Promise<Map<string, FinishOption>> | undefined;
  return () => {
    catalogue ??= readCatalogue(dir).catch((error: unknown) => {
      catalogue = undefined;
      throw error;
    });
    return catalogue;
  };
}
