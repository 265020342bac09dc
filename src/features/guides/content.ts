import { type CollectionEntry, getCollection } from "astro:content";
import type { Locale } from "../../i18n/locales";
import { type Localized, localizeEntries } from "../../i18n/localize";
import { MOUNTING_METHODS } from "../products/schema";

export type GuideEntry = Localized<CollectionEntry<"guides">["data"]>;

/**
 * The installation guides in `locale`, in the order of the mounting methods. A guide whose file is
 * not named for a mounting method fails the build, naming it.
 */
export async function guidePages(locale: Locale): Promise<GuideEntry[]> {
  const english = await getCollection("guides");
  const order = (id: string) => {
    const index = (MOUNTING_METHODS as readonly string[]).indexOf(id);
    if (index < 0)
      throw new Error(
        `content/guides/${id}.mdx: the file's name must be a mounting method, one of ${MOUNTING_METHODS.join(", ")}`,
      );
    return index;
  };
  english.sort((a, b) => order(a.id) - order(b.id));
  const translations = await getCollection("guidesText", (entry) => entry.id.startsWith(`${locale}/`));
  return localizeEntries(
    english,
    translations,
    locale,
    (id) => `${locale}/guides/${id}`,
    (entry) => `content/guides/${entry.id}.mdx`,
  );
}
