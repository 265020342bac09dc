import { type CollectionEntry, getCollection } from "astro:content";
import type { Locale } from "../../i18n/locales";
import { type Localized, localizeEntries } from "../../i18n/localize";
import { byOrder } from "../../lib/content";

export type ProductEntry = Localized<
  CollectionEntry<"products">["data"],
  CollectionEntry<"products"> | CollectionEntry<"productsText">
>;

/** The products in `locale`, in menu order. */
export async function products(locale: Locale): Promise<ProductEntry[]> {
  const english = (await getCollection("products")).sort(byOrder);
  const translations = await getCollection("productsText", (entry) => entry.id.startsWith(`${locale}/`));
  return localizeEntries(
    english,
    translations,
    locale,
    (id) => `${locale}/products/${id}`,
    (entry) => `content/products/${entry.id}.mdx`,
  );
}
