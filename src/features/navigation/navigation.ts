import { getCollection } from "astro:content";
import { inFileOrder } from "../../lib/list-order";
import type { NavEntry, NavGroup } from "./schema";

export type { NavEntry, NavGroup, NavLink } from "./schema";

export const isGroup = (entry: NavEntry): entry is NavGroup => "items" in entry;

/** The header menu, in the order content/navigation.json lists it. */
export async function mainNavigation(): Promise<NavEntry[]> {
  return inFileOrder(await getCollection("navigation"));
}
