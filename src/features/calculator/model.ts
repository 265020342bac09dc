/**
 * The room acoustics calculator's state: URL query in, validated room out, results, chart geometry
 * and the quote text. Pure, so the page renders the default result at build time and the browser
 * script recomputes it with the same code.
 */
import {
  type BandResult,
  midFrequency,
  OCTAVE_BANDS,
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
  length: { min: 1, max: 100, label: "Length" },
  width: { min: 1, max: 100, label: "Width" },
  height: { min: 2, max: 25, label: "Height" },
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

const format = (value: number, digits = 1) => Number(value.toFixed(digits)).toString();

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

export function validate(fields: Fields, data: CalculatorData): { room: ValidRoom | null; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const size: Record<"length" | "width" | "height", number> = { length: 0, width: 0, height: 0 };
  for (const key of ["length", "width", "height"] as const) {
    const { min, max, label } = LIMITS[key];
    const value = parseNumber(fields[key]);
    if (fields[key].trim() === "") errors[key] = `Enter the ${label.toLowerCase()} in metres`;
    else if (value === null) errors[key] = `${label} must be a number in metres, such as 4.5`;
    else if (value < min || value > max) errors[key] = `${label} must be between ${min} and ${max} m`;
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
  else if (amount === null) errors.amount = "Enter a number, or 0 for none";
  else if (fields.unit === "panels" && !Number.isInteger(amount)) errors.amount = "Enter a whole number of panels";
  else {
    area = fields.unit === "panels" ? amount * each : amount;
    panels = fields.unit === "panels" ? amount : Math.ceil(amount / each - 1e-9);
    if (area > wallArea + 1e-9) {
      errors.amount =
        fields.unit === "panels"
          ? `At most ${Math.floor(wallArea / each)} panels fit on ${format(wallArea)} m² of wall`
          : `The walls have ${format(wallArea)} m²; enter at most that`;
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

/** Seconds for display: two decimals, "∞" for a room without absorption, "0" for total absorption. */
export const seconds = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : "∞");

export const panelSize = (p: PanelProduct) => `${p.panelWidthMm} × ${p.panelHeightMm} mm`;

/** The message the contact form opens with: the room, the product and the quantity. */
export function quoteMessage(result: CalculatorResult, link: string): string {
  const { room } = result;
  const lines = [
    "Hello, I would like a quote for this room (from your room acoustics calculator):",
    `- Room: ${format(room.length, 2)} × ${format(room.width, 2)} × ${format(room.height, 2)} m (${format(result.volume)} m³), ${room.type.name.toLowerCase()}`,
    `- Product: ${room.product.name}, ${format(room.area, 2)} m² (${room.panels} panels of ${panelSize(room.product)})`,
    `- Reverberation time T(500-1000 Hz): ${seconds(result.midBefore)} s now, ${seconds(result.midAfter)} s with panels (target ${room.type.min}-${room.type.max} s)`,
    `- Calculation: ${link}`,
  ];
  return lines.join("\n");
}

export interface ChartGeometry {
  width: number;
  height: number;
  /** Plot area. */
  left: number;
  right: number;
  top: number;
  bottom: number;
  xs: number[];
  yMax: number;
  ticks: { value: number; y: number }[];
  before: string;
  after: string;
  target: { y: number; height: number };
}

/** SVG coordinates for the before/after lines and the target band; off-scale values sit on the top edge. */
export function chartGeometry(result: Pick<CalculatorResult, "before" | "after" | "room">): ChartGeometry {
  const width = 480;
  const height = 270;
  const left = 44;
  const right = width - 8;
  const top = 12;
  const bottom = height - 40;
  const finite = [...result.before, ...result.after].map((r) => r.predicted).filter(Number.isFinite);
  const highest = Math.max(result.room.type.max, ...finite);
  const step = highest > 6 ? 2 : highest > 3 ? 1 : 0.5;
  const yMax = Math.min(Math.max(step, Math.ceil((highest * 1.1) / step) * step), 20);
  const y = (value: number) => {
    const clamped = Number.isFinite(value) ? Math.min(value, yMax) : yMax;
    return Number((bottom - (clamped / yMax) * (bottom - top)).toFixed(1));
  };
  const xs = OCTAVE_BANDS.map((_, i) =>
    Number((left + 20 + (i * (right - left - 40)) / (OCTAVE_BANDS.length - 1)).toFixed(1)),
  );
  const line = (results: BandResult[]) => results.map((r, i) => `${xs[i]},${y(r.predicted)}`).join(" ");
  const ticks = [];
  for (let value = 0; value <= yMax + 1e-9; value += step) ticks.push({ value: Number(value.toFixed(1)), y: y(value) });
  const targetTop = y(result.room.type.max);
  return {
    width,
    height,
    left,
    right,
    top,
    bottom,
    xs,
    yMax,
    ticks,
    before: line(result.before),
    after: line(result.after),
    target: { y: targetTop, height: Number((y(result.room.type.min) - targetTop).toFixed(1)) },
  };
}

/** The chart's SVG content: grid, target band, before (dashed) and after lines. Numbers only, no input text. */
export function chartMarkup(g: ChartGeometry): string {
  const grid = g.ticks
    .map(
      (t) =>
        `<line x1="${g.left}" x2="${g.right}" y1="${t.y}" y2="${t.y}" class="stroke-stone" stroke-width="1"/>` +
        `<text x="${g.left - 8}" y="${t.y + 5}" text-anchor="end" class="fill-muted text-[15px]">${t.value}</text>`,
    )
    .join("");
  const bands = OCTAVE_BANDS.map(
    (band, i) =>
      `<text x="${g.xs[i]}" y="${g.bottom + 22}" text-anchor="middle" class="fill-muted text-[15px]">${band >= 1000 ? `${band / 1000}k` : band}</text>`,
  ).join("");
  const dots = (points: string, cls: string) =>
    points
      .split(" ")
      .map((p) => {
        const [x, y] = p.split(",");
        return `<circle cx="${x}" cy="${y}" r="3.5" class="${cls}"/>`;
      })
      .join("");
  return (
    `<rect x="${g.left}" y="${g.target.y}" width="${g.right - g.left}" height="${Math.max(g.target.height, 1)}" class="fill-moss/20"/>` +
    grid +
    bands +
    `<text x="${g.right}" y="${g.bottom + 38}" text-anchor="end" class="fill-muted text-[13px]">Hz</text>` +
    `<polyline points="${g.before}" fill="none" class="stroke-ink-soft" stroke-width="2" stroke-dasharray="6 5"/>` +
    dots(g.before, "fill-paper stroke-ink-soft") +
    `<polyline points="${g.after}" fill="none" class="stroke-moss" stroke-width="3"/>` +
    dots(g.after, "fill-moss")
  );
}

const range = (t: TargetRange) => `${t.min}–${t.max} s`;

export function statusText(status: TargetStatus, type: RoomType): string {
  const name = type.name.toLowerCase();
  if (status === "within") return `With panels: within the target of ${range(type)} for a ${name}.`;
  if (status === "above")
    return `With panels: above the target of ${range(type)} for a ${name}; it will still sound echoey.`;
  return `With panels: below the target of ${range(type)} for a ${name}; it may sound dull, so fewer panels will do.`;
}

export function recommendationText(result: CalculatorResult): string {
  const { room, recommendation: rec } = result;
  if (!rec)
    return `Even ${format(result.wallArea)} m² of ${room.product.name} on every wall would not reach ${room.type.max} s; this room also needs ceiling absorption. Ask us for a plan.`;
  if (rec.area === 0) return `The room meets its target of ${room.type.max} s or less without panels.`;
  return `To reach ${room.type.max} s: at least ${format(rec.area)} m² of ${room.product.name}, which is ${rec.panels} panels of ${panelSize(room.product)} (${format(rec.coveredArea, 2)} m²).`;
}
