import { getCollection, getEntry } from "astro:content";
import { dictionary } from "../../i18n/dictionary";
import { DEFAULT_LOCALE, type Locale } from "../../i18n/locales";
import { overlay } from "../../i18n/localize";
import { OCTAVE_BANDS } from "../../lib/absorption-ratings";
import { inFileOrder } from "../../lib/list-order";
import { products } from "../products/content";
import { type SpaceEntry, spaceSlug, spaces } from "../spaces/content";
import type { CalculatorData, RoomType } from "./model";
import type { Spectrum } from "./reverberation";

export const CALCULATOR_PATH = "/tools/room-acoustics-calculator";

/** Link to the calculator, optionally pre-set to a room type (a space slug) or a product. */
export function calculatorHref(preset: { type?: string; product?: string } = {}): string {
  const query = new URLSearchParams(Object.entries(preset).filter((e): e is [string, string] => Boolean(e[1])));
  return query.size > 0 ? `${CALCULATOR_PATH}?${query}` : CALCULATOR_PATH;
}

/** Room types or materials in file order, with their names (and sources) in `locale`. */
async function localizedList<C extends "roomTypes" | "materials">(collection: C, locale: Locale) {
  const english = inFileOrder(await getCollection(collection));
  if (locale === DEFAULT_LOCALE) return english;
  const file = collection === "roomTypes" ? "room-types.json" : "materials.json";
  const text = await getEntry(collection === "roomTypes" ? "roomTypesText" : "materialsText", locale);
  if (!text) throw new Error(`Missing ${locale} translation of content/calculator/${file}`);
  return overlay(english, text.data.items, `content/${locale}/calculator/${file}`);
}

const spaceRoomTypes = (entries: SpaceEntry[], group: string): RoomType[] =>
  entries.flatMap((entry) => {
    const target = entry.data.targetReverberation;
    return target ? [{ id: spaceSlug(entry), name: entry.data.name, group, ...target }] : [];
  });

/**
 * Everything the calculator needs from the content: room types with their targets (the spaces' own
 * targets, plus content/calculator/room-types.json) and each product's absorption and panel size.
 */
export async function calculatorData(locale: Locale): Promise<CalculatorData> {
  const [homes, publicSpaces, productEntries, extraTypes, materials] = await Promise.all([
    spaces("private", locale),
    spaces("public", locale),
    products(locale),
    localizedList("roomTypes", locale),
    localizedList("materials", locale),
  ]);
  const groups = dictionary(locale).calculator.groups;
  const extra = extraTypes.map(({ position: _, ...t }) => ({ ...t, group: groups.teaching }));
  const roomTypes = [...spaceRoomTypes(homes, groups.homes), ...extra, ...spaceRoomTypes(publicSpaces, groups.public)];
  const ids = roomTypes.map((t) => t.id);
  const duplicate = ids.find((id, i) => ids.indexOf(id) !== i);
  if (duplicate) throw new Error(`Room type "${duplicate}" is defined twice (a space and room-types.json)`);
  return {
    roomTypes,
    materials: materials.map(({ position: _, ...m }) => m),
    products: productEntries.map((p) => ({
      slug: p.id,
      name: p.data.name,
      alpha: OCTAVE_BANDS.map((band) => p.data.absorption.bands[band]) as unknown as Spectrum,
      panelWidthMm: p.data.panel.widthMm,
      panelHeightMm: p.data.panel.heightMm,
    })),
  };
}
