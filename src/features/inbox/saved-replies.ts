import { getCollection, getEntry } from "astro:content";
import { LOCALES, type Locale, TRANSLATED_LOCALES } from "../../i18n/locales";

/** A saved reply as the inbox takes it: its name, and its text in every language the site has. */
export interface SavedReply {
  id: string;
  title: string;
  text: Record<Locale, string>;
}

/** Every saved reply, in the editors' order, with its texts; one a translation lacks is in English there. */
export async function savedReplies(): Promise<SavedReply[]> {
  const base = (await getCollection("savedReplies")).map((entry) => entry.data).sort((a, b) => a.position - b.position);
  const translated = await Promise.all(
    TRANSLATED_LOCALES.map(
      async (locale) => [locale, (await getEntry("savedRepliesText", locale))?.data.items ?? []] as const,
    ),
  );
  return base.map((reply) => ({
    id: reply.id,
    title: reply.title,
    text: Object.fromEntries(
      LOCALES.map((locale) => [
        locale,
        translated.find(([l]) => l === locale)?.[1].find((item) => item.id === reply.id)?.text ?? reply.text,
      ]),
    ) as Record<Locale, string>,
  }));
}
