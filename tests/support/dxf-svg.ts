/**
 * A DXF drawing as SVG, from what dxf-parser reads of it (lines and text, the entities the site's
 * drawings hold): for looking at a drawing in a browser, and for checking what a reader sees.
 */
import DxfParser from "dxf-parser";

interface Point {
  x: number;
  y: number;
}
interface Entity {
  type: string;
  layer: string;
  vertices?: Point[];
  startPoint?: Point;
  text?: string;
  textHeight?: number;
  halign?: number;
}

const COLOURS: Record<string, string> = {
  PANEL: "#1f1d1a",
  WALL: "#8a6d3b",
  MOUNTING: "#2f6d8a",
  DIMENSIONS: "#2f4a3c",
  TEXT: "#1f1d1a",
};

export function parseDxf(text: string) {
  const parsed = new DxfParser().parseSync(text);
  if (!parsed) throw new Error("dxf-parser read nothing");
  return parsed as unknown as {
    header: Record<string, unknown>;
    tables: { layer: { layers: Record<string, { name: string }> } };
    entities: Entity[];
  };
}

export function dxfSvg(text: string, widthPx = 1400): string {
  const { entities } = parseDxf(text);
  const points = entities.flatMap((e) => e.vertices ?? (e.startPoint ? [e.startPoint] : []));
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const [minX, maxX, minY, maxY] = [
    Math.min(...xs) - 150,
    Math.max(...xs) + 600,
    Math.min(...ys) - 150,
    Math.max(...ys) + 100,
  ];
  const body = entities
    .map((e) => {
      const colour = COLOURS[e.layer] ?? "#000";
      if (e.type === "LINE" && e.vertices?.length === 2) {
        const [a, b] = e.vertices as [Point, Point];
        return `<line x1="${a.x}" y1="${-a.y}" x2="${b.x}" y2="${-b.y}" stroke="${colour}" stroke-width="${e.layer === "PANEL" ? 4 : 2}"/>`;
      }
      if (e.type === "TEXT" && e.startPoint) {
        const anchor = e.halign === 1 ? "middle" : "start";
        const value = (e.text ?? "").replace(/&/g, "&amp;").replace(/</g, "&lt;");
        return `<text x="${e.startPoint.x}" y="${-e.startPoint.y}" font-size="${e.textHeight ?? 20}" font-family="sans-serif" fill="${colour}" text-anchor="${anchor}">${value}</text>`;
      }
      return "";
    })
    .join("\n");
  const height = Math.round((widthPx * (maxY - minY)) / (maxX - minX));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${widthPx}" height="${height}" viewBox="${minX} ${-maxY} ${maxX - minX} ${maxY - minY}" style="background:#fff">${body}</svg>`;
}
