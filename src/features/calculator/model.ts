/**
 * The room acoustics calculator's state: URL query in, validated room out, results and the quote text.
 * Pure, so the page computes the default result at build time and the browser element recomputes it
 * with the same code; view.ts turns a result into markup.
 */

import { fill } from "../../i18n/fill";
import { type CalculatorLanguage, panelSize } from "./format";
import {
  type BandResult,
  midFrequency,
  type Recommendation,
  reverberation,
  roomGeometry,
  type Spectrum,
  smallestArea,
  type TargetRange,
  type TargetStatus,
  targetStatus,
} from "./reverberation";
import type { Material } from "./schema";

export interface RoomType extends TargetRange {
  id: string;
  name: string;
  group: string;
  source: string;
}

export interface PanelProduct {
  slug: string;
  name: string;
  alpha: Spectrum;
  panelWidthMm: number;
  panelHeightMm: number;
}

export interface CalculatorData {
  roomTypes: readonly RoomType[];
  products: readonly PanelProduct[];
  /** Typical finishes for floor, ceiling and walls. */
  materials: readonly Material[];
}

export const materialsFor = (data: CalculatorData, surface: Material["surfaces"][number]) =>
  data.materials.filter((m) => m.surfaces.includes(surface));
const materialById = (data: CalculatorData, id: string) => data.materials.find((m) => m.id === id);

/** Form fields as text, exactly as in the URL query and the inputs. */
export interface Fields {
  length: string;
  width: string;
  height: string;
  type: string;
  floor: string;
  ceiling: string;
  walls: string;
  product: string;
  amount: string;
  unit: "m2" | "panels";
}

export const FIELD_NAMES = [
  "length",
  "width",
  "height",
  "type",
  "floor",
  "ceiling",
  "walls",
  "product",
  "amount",
  "unit",
] as const satisfies readonly (keyof Fields)[];

export const DEFAULT_FIELDS: Fields = {
  length: "6",
  width: "4.5",
  height: "2.7",
  type: "living-room",
  floor: "parquet",
  ceiling: "plaster",
  walls: "plaster",
  product: "felt-panels",
  amount: "6",
  unit: "m2",
};

/** Room dimensions the calculation is meant for: from a booth-sized room to a sports hall. */
export const LIMITS = {
  length: { min: 1, max: 100 },
  width: { min: 1, max: 100 },
  height: { min: 2, max: 25 },
} as const;

export type FieldErrors = Partial<Record<"length" | "width" | "height" | "amount", string>>;

/** Reads the query; unknown choices fall back to the defaults, numbers are kept as typed for validation. */
export function fieldsFromQuery(search: string, data: CalculatorData, defaults: Partial<Fields> = {}): Fields {
  const query = new URLSearchParams(search);
  const base = { ...DEFAULT_FIELDS, ...defaults };
  const pick = <K extends keyof Fields>(key: K, valid: (value: string) => boolean): Fields[K] => {
    const value = query.get(key)?.trim();
    return (value !== undefined && value !== "" && valid(value) ? value : base[key]) as Fields[K];
  };
  const material = (surface: "floor" | "ceiling" | "walls") => (id: string) =>
    materialById(data, id)?.surfaces.includes(surface) ?? false;
  return {
    length: query.get("length") ?? base.length,
    width: query.get("width") ?? base.width,
    height: query.get("height") ?? base.height,
    type: pick("type", (id) => data.roomTypes.some((t) => t.id === id)),
    floor: pick("floor", material("floor")),
    ceiling: pick("ceiling", material("ceiling")),
    walls: pick("walls", material("walls")),
    product: pick("product", (slug) => data.products.some((p) => p.slug === slug)),
    amount: query.get("amount") ?? base.amount,
    unit: pick("unit", (u) => u === "m2" || u === "panels"),
  };
}

export function toQuery(fields: Fields): string {
  const query = new URLSearchParams();
  for (const name of FIELD_NAMES) query.set(name, fields[name].trim());
  return query.toString();
}

/** Accepts a decimal comma as well as a point ("4,5" is 4.5). */
export function parseNumber(text: string): number | null {
  const trimmed = text.trim().replace(",", ".");
  if (trimmed === "" || !/^\d*\.?\d+$|^\d+\.$/.test(trimmed)) return null;
  return Number(trimmed);
}

export interface ValidRoom {
  length: number;
  width: number;
  height: number;
  type: RoomType;
  floor: Spectrum;
  ceiling: Spectrum;
  walls: Spectrum;
  product: PanelProduct;
  /** Panel area applied, m², and the panel count it corresponds to. */
  area: number;
  panels: number;
}

export const panelArea = (product: PanelProduct) => (product.panelWidthMm * product.panelHeightMm) / 1_000_000;

export function validate(
  fields: Fields,
  data: CalculatorData,
  { t, n }: CalculatorLanguage,
): { room: ValidRoom | null; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const size: Record<"length" | "width" | "height", number> = { length: 0, width: 0, height: 0 };
  for (const key of ["length", "width", "height"] as const) {
    const { min, max } = LIMITS[key];
    const value = parseNumber(fields[key]);
    if (fields[key].trim() === "") errors[key] = t[`${key}Empty`];
    else if (value === null) errors[key] = fill(t[`${key}Number`], { example: n.number(4.5) });
    else if (value < min || value > max) errors[key] = fill(t[`${key}Range`], { min, max });
    else size[key] = value;
  }
  const type = data.roomTypes.find((t) => t.id === fields.type) ?? data.roomTypes[0];
  const product = data.products.find((p) => p.slug === fields.product) ?? data.products[0];
  const [floor, ceiling, walls] = [fields.floor, fields.ceiling, fields.walls].map(
    (id) => materialById(data, id)?.alpha,
  );
  if (!type || !product || !floor || !ceiling || !walls) throw new Error("Calculator data is incomplete");

  let area = 0;
  let panels = 0;
  const amount = parseNumber(fields.amount);
  const wallArea = Object.keys(errors).length === 0 ? roomGeometry(size).walls : Number.POSITIVE_INFINITY;
  const each = panelArea(product);
  if (fields.amount.trim() === "") area = 0;
  else if (amount === null) errors.amount = t.amountNumber;
  else if (fields.unit === "panels" && !Number.isInteger(amount)) errors.amount = t.amountWhole;
  else {
    area = fields.unit === "panels" ? amount * each : amount;
    panels = fields.unit === "panels" ? amount : Math.ceil(amount / each - 1e-9);
    if (area > wallArea + 1e-9) {
      errors.amount =
        fields.unit === "panels"
          ? fill(t.panelsFit, { count: Math.floor(wallArea / each), area: n.number(wallArea) })
          : fill(t.wallsHave, { area: n.number(wallArea) });
    }
  }
  if (Object.keys(errors).length > 0) return { room: null, errors };
  return { room: { ...size, type, floor, ceiling, walls, product, area, panels }, errors };
}

export interface CalculatorResult {
  room: ValidRoom;
  volume: number;
  wallArea: number;
  before: BandResult[];
  after: BandResult[];
  midBefore: number;
  midAfter: number;
  statusBefore: TargetStatus;
  statusAfter: TargetStatus;
  recommendation: Recommendation | null;
}

export function calculate(room: ValidRoom): CalculatorResult {
  const base = {
    length: room.length,
    width: room.width,
    height: room.height,
    floor: room.floor,
    ceiling: room.ceiling,
    walls: room.walls,
  };
  const before = reverberation(base);
  const after = reverberation({ ...base, panels: { alpha: room.product.alpha, area: room.area } });
  const midBefore = midFrequency(before);
  const midAfter = midFrequency(after);
  const g = roomGeometry(room);
  return {
    room,
    volume: g.volume,
    wallArea: g.walls,
    before,
    after,
    midBefore,
    midAfter,
    statusBefore: targetStatus(midBefore, room.type),
    statusAfter: targetStatus(midAfter, room.type),
    recommendation: smallestArea(base, room.product.alpha, room.type, panelArea(room.product)),
  };
}

/** The message the contact form opens with: the room, the product and the quantity. */
export function quoteMessage(result: CalculatorResult, link: string, { t, n }: CalculatorLanguage): string {
  const { room } = result;
  const lines = [
    t.quoteIntro,
    fill(t.quoteRoom, {
      length: n.number(room.length, 2),
      width: n.number(room.width, 2),
      height: n.number(room.height, 2),
      volume: n.number(result.volume),
      type: room.type.name.toLowerCase(),
    }),
    fill(t.quoteProduct, {
      product: room.product.name,
      area: n.number(room.area, 2),
      panels: room.panels,
      size: panelSize(room.product),
    }),
    fill(t.quoteTime, {
      before: n.seconds(result.midBefore),
      after: n.seconds(result.midAfter),
      range: n.range(room.type),
    }),
    fill(t.quoteLink, { link }),
  ];
  return lines.join("\n");
}
