import { getCollection, getEntry } from "astro:content";
import type { Locale } from "../i18n/locales";
import { localizeEntries } from "../i18n/localize";

/** Sorts entries by their `order` field, as editors number them. */
export const byOrder = <T extends { data: { order: number } }>(a: T, b: T) => a.data.order - b.data.order;

/** A content/pages entry in `locale`, checked to be of the template a route expects. */
export async function page<T extends string>(id: string, template: T, locale: Locale) {
  const english = await getEntry("pages", id);
  if (english?.data.template !== template)
    throw new Error(`content/pages/${id}.mdx is missing or not a ${template} page`);
  const translations = locale === "en" ? [] : await getCollection("pagesText", (e) => e.id === `${locale}/pages/${id}`);
  const [entry] = localizeEntries(
    [english],
    translations,
    locale,
    (slug) => `${locale}/pages/${slug}`,
    () => `content/pages/${id}.mdx`,
  );
  if (!entry) throw new Error(`content/pages/${id}.mdx is missing`);
  return entry as typeof entry & { data: Extract<typeof english.data, { template: T }> };
}
