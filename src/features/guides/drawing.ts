import type { MountingMethod, Panel } from "../products/schema";

/** Where the fixings run behind a panel: rows of points, horizontal rails, or vertical battens and studs. */
const LAYOUT: Record<MountingMethod, "points" | "rows" | "columns"> = {
  clips: "points",
  rail: "columns",
  "z-clips": "rows",
  battens: "columns",
  frame: "columns",
};

/**
 * The fixing positions along one side of a panel, in mm from its edge: at the product's fixing
 * centres, the set centred on the panel so that both ends stand in by the same amount.
 */
export function fixingPositions(lengthMm: number, centresMm: number): number[] {
  const count = Math.max(2, Math.floor(lengthMm / centresMm));
  const span = (count - 1) * centresMm;
  const start = span < lengthMm ? (lengthMm - span) / 2 : centresMm / 2;
  return Array.from({ length: count }, (_, i) => start + i * centresMm).filter((x) => x > 0 && x < lengthMm);
}

/** A panel's set-out as the guide draws it: its size, and the fixings behind it. */
export interface SetOut {
  widthMm: number;
  heightMm: number;
  layout: "points" | "rows" | "columns";
  /** Fixings across the width (columns, points) and up the height (rows, points), in mm from the bottom left. */
  across: number[];
  up: number[];
  /** How many fixings one panel of this size takes. */
  perPanel: number;
}

/** The set-out of the panel's first (calculator) size, from the product's data. */
export function setOut(panel: Panel): SetOut {
  const layout = LAYOUT[panel.mounting];
  const across = layout === "rows" ? [] : fixingPositions(panel.widthMm, panel.fixingCentresMm);
  const up = layout === "columns" ? [] : fixingPositions(panel.heightMm, panel.fixingCentresMm);
  const perPanel = layout === "points" ? across.length * up.length : Math.max(across.length, up.length);
  return { widthMm: panel.widthMm, heightMm: panel.heightMm, layout, across, up, perPanel };
}
