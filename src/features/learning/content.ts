import { type CollectionEntry, getCollection } from "astro:content";
import { byOrder } from "../../lib/content";

export type LearningEntry = CollectionEntry<"learning">;

export async function learningPages(): Promise<LearningEntry[]> {
  return (await getCollection("learning")).sort(byOrder);
}
