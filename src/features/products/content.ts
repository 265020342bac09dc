import { type CollectionEntry, getCollection } from "astro:content";
import { byOrder } from "../../lib/content";

export type ProductEntry = CollectionEntry<"products">;

export async function products(): Promise<ProductEntry[]> {
  return (await getCollection("products")).sort(byOrder);
}
