import { type CollectionEntry, getCollection } from "astro:content";
import type { Locale } from "../../i18n/locales";
import { type Localized, localizeEntries } from "../../i18n/localize";
import { byOrder } from "../../lib/content";

export type LearningEntry = Localized<CollectionEntry<"learning">["data"]>;

/** The learning pages in `locale`, in order. */
export async function learningPages(locale: Locale): Promise<LearningEntry[]> {
  const english = (await getCollection("learning")).sort(byOrder);
  const translations = await getCollection("learningText", (entry) => entry.id.startsWith(`${locale}/`));
  return localizeEntries(
    english,
    translations,
    locale,
    (id) => `${locale}/learning/${id}`,
    (entry) => `content/learning/${entry.id}.mdx`,
  );
}
