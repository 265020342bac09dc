import { getCollection } from "astro:content";
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

const spaceRoomTypes = (entries: SpaceEntry[], group: string): RoomType[] =>
  entries.flatMap((entry) => {
    const target = entry.data.targetReverberation;
    return target ? [{ id: spaceSlug(entry), name: entry.data.name, group, ...target }] : [];
  });

/**
 * Everything the calculator needs from the content: room types with their targets (the spaces' own
 * targets, plus content/calculator/room-types.json) and each product's absorption and panel size.
 */
export async function calculatorData(): Promise<CalculatorData> {
  const [homes, publicSpaces, productEntries, extraTypes, materials] = await Promise.all([
    spaces("private"),
    spaces("public"),
    products(),
    getCollection("roomTypes"),
    getCollection("materials"),
  ]);
  const extra = inFileOrder(extraTypes).map(({ position: _, ...t }) => ({ ...t, group: "Teaching and meetings" }));
  const roomTypes = [
    ...spaceRoomTypes(homes, "Homes"),
    ...extra,
    ...spaceRoomTypes(publicSpaces, "Workplaces and public spaces"),
  ];
  const ids = roomTypes.map((t) => t.id);
  const duplicate = ids.find((id, i) => ids.indexOf(id) !== i);
  if (duplicate) throw new Error(`Room type "${duplicate}" is defined twice (a space and room-types.json)`);
  return {
    roomTypes,
    materials: inFileOrder(materials).map(({ position: _, ...m }) => m),
    products: productEntries.map((p) => ({
      slug: p.id,
      name: p.data.name,
      alpha: OCTAVE_BANDS.map((band) => p.data.absorption.bands[band]) as unknown as Spectrum,
      panelWidthMm: p.data.panel.widthMm,
      panelHeightMm: p.data.panel.heightMm,
    })),
  };
}
