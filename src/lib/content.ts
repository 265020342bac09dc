import { type CollectionEntry, getCollection, getEntry } from "astro:content";
import { SPACE_ASPECTS, type SpaceAspect } from "../features/spaces/schema";

export type ProductEntry = CollectionEntry<"products">;
export type LearningEntry = CollectionEntry<"learning">;
export type SpaceEntry = CollectionEntry<"spaces">;
export type Audience = "private" | "public";

const byOrder = <T extends { data: { order: number } }>(a: T, b: T) => a.data.order - b.data.order;

export async function products(): Promise<ProductEntry[]> {
  return (await getCollection("products")).sort(byOrder);
}

export async function learningPages(): Promise<LearningEntry[]> {
  return (await getCollection("learning")).sort(byOrder);
}

/** The space's slug, e.g. "living-room" for the entry "private/living-room". */
export const spaceSlug = (entry: SpaceEntry) => entry.id.split("/").pop() ?? entry.id;
export const spaceAudience = (entry: SpaceEntry): Audience => (entry.id.startsWith("private/") ? "private" : "public");
export const spaceBase = (audience: Audience) => `/${audience}-spaces`;
export const spaceHref = (entry: SpaceEntry) => `${spaceBase(spaceAudience(entry))}/${spaceSlug(entry)}`;

export async function spaces(audience: Audience): Promise<SpaceEntry[]> {
  return (await getCollection("spaces", (entry) => spaceAudience(entry) === audience)).sort(byOrder);
}

/** A content/pages entry, checked to be of the template a route expects. */
export async function page<T extends string>(id: string, template: T) {
  const entry = await getEntry("pages", id);
  if (entry?.data.template !== template)
    throw new Error(`content/pages/${id}.mdx is missing or not a ${template} page`);
  return entry as typeof entry & { data: Extract<typeof entry.data, { template: T }> };
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
const spaceImages = import.meta.glob<{ default: ImageMetadata }>("../../content/spaces/images/*/*.{jpg,png,webp}", {
  eager: true,
});

export function spaceImage(space: string, segment: string): ImageMetadata | undefined {
  const key = Object.keys(spaceImages).find((path) => path.endsWith(`/images/${space}/${segment}.jpg`));
  return key ? spaceImages[key]?.default : undefined;
}
