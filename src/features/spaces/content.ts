import { type CollectionEntry, getCollection } from "astro:content";
import { byOrder, page } from "../../lib/content";
import { SPACE_ASPECTS, type SpaceAspect } from "./schema";

export type SpaceEntry = CollectionEntry<"spaces">;
export type Audience = "private" | "public";
export const AUDIENCES = ["private", "public"] as const satisfies readonly Audience[];

/** The space's slug, e.g. "living-room" for the entry "private/living-room". */
export const spaceSlug = (entry: SpaceEntry) => entry.id.split("/").pop() ?? entry.id;
export const spaceAudience = (entry: SpaceEntry): Audience => (entry.id.startsWith("private/") ? "private" : "public");
export const spaceBase = (audience: Audience) => `/${audience}-spaces`;
export const spaceHref = (entry: SpaceEntry) => `${spaceBase(spaceAudience(entry))}/${spaceSlug(entry)}`;
export const AUDIENCE_LABELS: Record<Audience, string> = { private: "Private Spaces", public: "Public Spaces" };

export async function spaces(audience: Audience): Promise<SpaceEntry[]> {
  return (await getCollection("spaces", (entry) => spaceAudience(entry) === audience)).sort(byOrder);
}

/** The space's own text for an aspect, else the generic text from the spatial solutions page. */
export async function aspectCopy(entry: SpaceEntry, aspect: SpaceAspect) {
  const own = entry.data.aspects[aspect];
  if (own) return own;
  const generic = await page("spatial-solutions", "spatial-solutions");
  return generic.data.genericAspects[aspect];
}

export const ASPECT_LABELS: Record<SpaceAspect, string> = {
  "acoustic-characteristics": "Acoustic characteristics",
  "optimal-levels": "Optimal levels",
  "enhancing-acoustics": "Enhancing acoustics",
};
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
    list: { label: AUDIENCE_LABELS[audience], href: spaceBase(audience) },
  };
}
