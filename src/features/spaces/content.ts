import { type CollectionEntry, getCollection } from "astro:content";
import { dictionary } from "../../i18n/dictionary";
import { type Locale, localePath } from "../../i18n/locales";
import { type Localized, localizeEntries } from "../../i18n/localize";
import { byOrder, page } from "../../lib/content";
import { SPACE_ASPECTS, type SpaceAspect } from "./schema";

export type SpaceEntry = Localized<CollectionEntry<"spaces">["data"]>;
export type Audience = "private" | "public";
export const AUDIENCES = ["private", "public"] as const satisfies readonly Audience[];

/** The space's slug, e.g. "living-room" for the entry "private/living-room". */
export const spaceSlug = (entry: { id: string }) => entry.id.split("/").pop() ?? entry.id;
export const spaceAudience = (entry: { id: string }): Audience =>
  entry.id.startsWith("private/") ? "private" : "public";
export const spaceBase = (audience: Audience) => `/${audience}-spaces`;
/** The space's page in its own language: "/private-spaces/living-room", "/et/private-spaces/living-room". */
export const spaceHref = (entry: SpaceEntry) =>
  localePath(entry.locale, `${spaceBase(spaceAudience(entry))}/${spaceSlug(entry)}`);

/**
 * The spaces of one audience in `locale`, in order. A translation has a target's source and an
 * aspect's text exactly where the English has them, so no English text shows on a translated page.
 */
export async function spaces(audience: Audience, locale: Locale): Promise<SpaceEntry[]> {
  const english = (await getCollection("spaces", (entry) => spaceAudience(entry) === audience)).sort(byOrder);
  const translations = await getCollection("spacesText", (entry) =>
    entry.id.startsWith(`${locale}/spaces/${audience}/`),
  );
  const file = (id: string) => `content/${locale}/spaces/${id}.mdx`;
  for (const translation of translations) {
    const id = translation.id.slice(`${locale}/spaces/`.length);
    const source = english.find((entry) => entry.id === id)?.data;
    if (!source) continue;
    if (Boolean(source.targetReverberation) !== Boolean(translation.data.targetReverberation)) {
      throw new Error(
        `${file(id)}: ${source.targetReverberation ? "needs" : "must not have"} targetReverberation.source, as the English ${source.targetReverberation ? "has" : "has no"} target`,
      );
    }
    for (const aspect of SPACE_ASPECTS) {
      if (Boolean(source.aspects[aspect]) !== Boolean(translation.data.aspects?.[aspect])) {
        throw new Error(
          `${file(id)}: ${source.aspects[aspect] ? "needs" : "must not have"} aspects.${aspect}, as the English ${source.aspects[aspect] ? "has" : "has no"} text of its own for it`,
        );
      }
    }
  }
  return localizeEntries(
    english,
    translations,
    locale,
    (id) => `${locale}/spaces/${id}`,
    (entry) => `content/spaces/${entry.id}.mdx`,
  );
}

/** The space's own text for an aspect, else the generic text from the spatial solutions page. */
export async function aspectCopy(entry: SpaceEntry, aspect: SpaceAspect) {
  const own = entry.data.aspects[aspect];
  if (own) return own;
  const generic = await page("spatial-solutions", "spatial-solutions", entry.locale);
  return generic.data.genericAspects[aspect];
}

export { SPACE_ASPECTS };

/** Images for space pages, picked by the last path segment (content/spaces/images/<space>/<segment>.jpg). */
const spaceImages = import.meta.glob<{ default: ImageMetadata }>("../../../content/spaces/images/*/*.{jpg,png,webp}", {
  eager: true,
});

export function spaceImage(space: string, segment: string): ImageMetadata | undefined {
  const key = Object.keys(spaceImages).find((path) => path.endsWith(`/images/${space}/${segment}.jpg`));
  return key ? spaceImages[key]?.default : undefined;
}

/** What every page of a space shows in its header: names, links and the way back to its list. */
export function spaceContext(entry: SpaceEntry) {
  const audience = spaceAudience(entry);
  return {
    data: entry.data,
    audience,
    slug: spaceSlug(entry),
    href: spaceHref(entry),
    list: {
      label: dictionary(entry.locale).spaces.audience[audience],
      href: localePath(entry.locale, spaceBase(audience)),
    },
  };
}
