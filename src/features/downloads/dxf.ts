/**
 * A product's CAD drawing: a DXF file in millimetres, written with @tarikjabiri/dxf at build time.
 * For each standard panel size it draws a front view and a section through the panel as mounted: the
 * wall, the mounting in its cavity, the panel's thickness, and the dimensions (width, height,
 * thickness, mounting depth) as lines and text, so that every program shows them the same.
 */
import { Colors, DxfWriter, point3d, TextHorizontalAlignment, Units } from "@tarikjabiri/dxf";
import type { Product } from "../products/schema";
import { panelSizes } from "../products/schema";

/** The drawing's layers, each named for what it holds. */
export const DXF_LAYERS = {
  panel: "PANEL",
  wall: "WALL",
  mounting: "MOUNTING",
  dimensions: "DIMENSIONS",
  text: "TEXT",
} as const;

export interface DxfSource {
  product: Omit<Product, "images">;
  manufacturer: string;
  url: string;
}

/** Text heights, mm on paper at 1:10: readable beside a 600 mm panel and a 2800 mm one. */
const TEXT = 28;
const SMALL = 20;
/** The room between views, and between one size and the next. */
const GAP = 400;

type Drawing = DxfWriter;

function line(dxf: Drawing, layer: string, x1: number, y1: number, x2: number, y2: number) {
  dxf.addLine(point3d(x1, y1), point3d(x2, y2), { layerName: layer });
}

function rectangle(dxf: Drawing, layer: string, x: number, y: number, width: number, height: number) {
  line(dxf, layer, x, y, x + width, y);
  line(dxf, layer, x + width, y, x + width, y + height);
  line(dxf, layer, x + width, y + height, x, y + height);
  line(dxf, layer, x, y + height, x, y);
}

function text(dxf: Drawing, x: number, y: number, value: string, height = TEXT, centred = false) {
  dxf.addText(point3d(x, y), height, value, {
    layerName: DXF_LAYERS.text,
    ...(centred ? { horizontalAlignment: TextHorizontalAlignment.Center, secondAlignmentPoint: point3d(x, y) } : {}),
  });
}

/** A dimension drawn as lines and its value: extension lines, the dimension line, ticks, the figure. */
function dimension(dxf: Drawing, from: [number, number], to: [number, number], offset: number, value: number) {
  const layer = DXF_LAYERS.dimensions;
  const horizontal = from[1] === to[1];
  const [dx, dy] = horizontal ? [0, offset] : [offset, 0];
  const a: [number, number] = [from[0] + dx, from[1] + dy];
  const b: [number, number] = [to[0] + dx, to[1] + dy];
  line(dxf, layer, from[0], from[1], a[0], a[1]);
  line(dxf, layer, to[0], to[1], b[0], b[1]);
  line(dxf, layer, a[0], a[1], b[0], b[1]);
  for (const [x, y] of [a, b]) line(dxf, layer, x - 8, y - 8, x + 8, y + 8);
  const label = String(value);
  if (horizontal) text(dxf, (a[0] + b[0]) / 2, a[1] + (offset > 0 ? 12 : -12 - SMALL), label, SMALL, true);
  else
    text(dxf, a[0] + (offset > 0 ? 14 : -14 - label.length * SMALL * 0.7), (a[1] + b[1]) / 2 - SMALL / 2, label, SMALL);
}

/** The front view of one size, its lower left corner at (x, y). */
function frontView(dxf: Drawing, x: number, y: number, width: number, height: number) {
  rectangle(dxf, DXF_LAYERS.panel, x, y, width, height);
  dimension(dxf, [x, y], [x + width, y], -60, width);
  dimension(dxf, [x, y], [x, y + height], -60, height);
}

/**
 * The section of one size as mounted, the wall's face at x: the wall behind, the mounting in the
 * cavity (battens, rails or clips drawn as what holds the panel off the wall), and the panel.
 */
function sectionView(dxf: Drawing, x: number, y: number, height: number, depth: number, thickness: number) {
  const wall = DXF_LAYERS.wall;
  line(dxf, wall, x, y - 100, x, y + height + 100);
  for (let h = y - 100; h < y + height + 100; h += 80) line(dxf, wall, x, h, x - 60, h + 60);
  const holders = [y + 60, y + height / 2, y + height - 60 - 40].filter((top, i, all) => all.indexOf(top) === i);
  for (const top of holders) rectangle(dxf, DXF_LAYERS.mounting, x, top, depth, 40);
  rectangle(dxf, DXF_LAYERS.panel, x + depth, y, thickness, height);
  dimension(dxf, [x, y + height], [x + depth, y + height], 60, depth);
  dimension(dxf, [x + depth, y + height], [x + depth + thickness, y + height], 120, thickness);
  dimension(dxf, [x, y], [x + depth + thickness, y], -60, depth + thickness);
}

/** The product's drawing, as DXF text. */
export function productDxf({ product, manufacturer, url }: DxfSource): string {
  const dxf = new DxfWriter();
  dxf.setUnits(Units.Millimeters);
  dxf.addLayer(DXF_LAYERS.panel, Colors.White, "Continuous");
  dxf.addLayer(DXF_LAYERS.wall, Colors.Yellow, "Continuous");
  dxf.addLayer(DXF_LAYERS.mounting, Colors.Cyan, "Continuous");
  dxf.addLayer(DXF_LAYERS.dimensions, Colors.Green, "Continuous");
  dxf.addLayer(DXF_LAYERS.text, Colors.White, "Continuous");
  const { panel, absorption } = product;
  const depth = absorption.mountingDepthMm;
  let y = 0;
  for (const { widthMm, heightMm } of [...panelSizes(panel)].reverse()) {
    frontView(dxf, 0, y, widthMm, heightMm);
    const sectionX = widthMm + GAP;
    sectionView(dxf, sectionX, y, heightMm, depth, panel.thicknessMm);
    text(dxf, 0, y + heightMm + 60, `${product.name} ${widthMm} × ${heightMm} × ${panel.thicknessMm} mm: front view`);
    text(dxf, sectionX - 60, y + heightMm + 200, "Section, as mounted");
    y += heightMm + GAP + 200;
  }
  text(dxf, 0, y + 80, `${product.name}: ${product.specifications.installation}`);
  text(dxf, 0, y + 30, `${manufacturer}, ${url}. All dimensions in mm.`, SMALL);
  return dxf.stringify();
}
