import { z } from "./zod";

/**
 * Entries of a JSON list file (navigation, gallery sections, room types, materials) keep the order
 * the file gives them: the loader sets `position` from each item's index, because a collection
 * returns its entries sorted by id.
 */
export const POSITION = z.number().int().min(0).describe("Set by the loader from the item's place in the file");

export const inFileOrder = <T extends { data: { position: number } }>(entries: T[]): T["data"][] =>
  entries.toSorted((a, b) => a.data.position - b.data.position).map((entry) => entry.data);
