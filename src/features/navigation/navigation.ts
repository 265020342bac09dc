import { getCollection, getEntry } from "astro:content";
import { DEFAULT_LOCALE, type Locale, localePath } from "../../i18n/locales";
import { overlay } from "../../i18n/localize";
import { inFileOrder } from "../../lib/list-order";
import type { NavEntry, NavGroup } from "./schema";

export type { NavEntry, NavGroup, NavLink } from "./schema";

export const isGroup = (entry: NavEntry): entry is NavGroup => "items" in entry;

/** The header menu in `locale`, in the order content/navigation.json lists it, linking to that language's pages. */
export async function mainNavigation(locale: Locale): Promise<NavEntry[]> {
  let entries = inFileOrder(await getCollection("navigation"));
  if (locale !== DEFAULT_LOCALE) {
    const text = await getEntry("navigationText", locale);
    if (!text) throw new Error(`Missing ${locale} translation of content/navigation.json`);
    entries = overlay(entries, text.data.items, `content/${locale}/navigation.json`);
  }
  const to = (href: string) => localePath(locale, href);
  return entries.map((entry) =>
    isGroup(entry)
      ? { ...entry, items: entry.items.map((item) => ({ ...item, href: to(item.href) })) }
      : { ...entry, href: to(entry.href) },
  );
}
