import { getEntry } from "astro:content";

/** Sorts entries by their `order` field, as editors number them. */
export const byOrder = <T extends { data: { order: number } }>(a: T, b: T) => a.data.order - b.data.order;

/** A content/pages entry, checked to be of the template a route expects. */
export async function page<T extends string>(id: string, template: T) {
  const entry = await getEntry("pages", id);
  if (entry?.data.template !== template)
    throw new Error(`content/pages/${id}.mdx is missing or not a ${template} page`);
  return entry as typeof entry & { data: Extract<typeof entry.data, { template: T }> };
}
