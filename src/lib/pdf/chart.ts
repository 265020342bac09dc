import { OCTAVE_BANDS } from "../absorption-ratings";
import { COLOURS, CONTENT_WIDTH, PAGE, TYPE } from "./theme";
import type { PdfWriter } from "./writer";

export interface ChartSeries {
  /** One value per band; values above the scale (or infinite) sit on its top edge. */
  values: readonly number[];
  colour: string;
  lineWidth: number;
  /** Dash and gap lengths for a dashed line. */
  dash?: readonly [number, number];
  /** Shades the area under the line. */
  area?: boolean;
  /** Filled dots, or dots in the page colour with a coloured ring. */
  dots: "filled" | "ring";
}

/** A line chart over the octave bands: the one chart of the datasheets and the calculator's report. */
export interface BandChart {
  /** Its height; it spans the page's content width. */
  height: number;
  /** The chart's text alternative: what it shows, in words. */
  alt: string;
  yMax: number;
  ticks: readonly number[];
  tickLabel: (value: number) => string;
  /** A tick drawn as a solid, heavier line (1.0 on an absorption scale). */
  emphasise?: number;
  yTitle: string;
  xTitle: string;
  /** A range shaded across the chart, such as the target reverberation time. */
  band?: { min: number; max: number };
  series: readonly ChartSeries[];
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Short labels for octave bands along the bottom: 125, 250, …, 1000 is "1k". */
const BANDS = OCTAVE_BANDS.map((band) => (band >= 1000 ? `${band / 1000}k` : `${band}`));

/** Draws the chart across the page from `y`, tagged as a Figure with its text alternative, and returns the y below it. */
export function bandChart(pdf: PdfWriter, chart: BandChart, y: number): number {
  const box = { x: PAGE.margin, y, width: CONTENT_WIDTH, height: chart.height };
  pdf.tag("Figure", () => drawBandChart(pdf, box, chart), { alt: chart.alt });
  return y + chart.height;
}

function drawBandChart(pdf: PdfWriter, box: Box, chart: BandChart): void {
  const { doc } = pdf;
  const plot = { left: box.x + 34, right: box.x + box.width - 6, top: box.y + 18, bottom: box.y + box.height - 30 };
  const inset = 14;
  const x = (i: number) =>
    plot.left + inset + (i * (plot.right - plot.left - 2 * inset)) / Math.max(BANDS.length - 1, 1);
  const y = (value: number) => {
    const v = Number.isFinite(value) ? Math.min(Math.max(value, 0), chart.yMax) : chart.yMax;
    return plot.bottom - (v / chart.yMax) * (plot.bottom - plot.top);
  };
  const label = { size: TYPE.small, colour: COLOURS.muted } as const;

  if (chart.band) {
    const top = y(chart.band.max);
    doc
      .rect(plot.left, top, plot.right - plot.left, Math.max(y(chart.band.min) - top, 1))
      .fillOpacity(0.2)
      .fill(COLOURS.moss)
      .fillOpacity(1);
  }
  for (const tick of chart.ticks) {
    const strong = tick === chart.emphasise;
    doc
      .moveTo(plot.left, y(tick))
      .lineTo(plot.right, y(tick))
      .lineWidth(strong ? 1 : 0.5);
    if (!strong && tick !== 0) doc.dash(2, { space: 2.5 });
    doc.stroke(COLOURS.stone).undash();
    const text = chart.tickLabel(tick);
    pdf.text(text, plot.left - 6 - pdf.widthOf(text, label), y(tick) - 3.5, label);
  }
  BANDS.forEach((band, i) => {
    pdf.text(band, x(i) - pdf.widthOf(band, label) / 2, plot.bottom + 7, label);
  });
  pdf.text(chart.xTitle, plot.right - pdf.widthOf(chart.xTitle, label), plot.bottom + 19, label);
  pdf.text(chart.yTitle, plot.left - 6 - pdf.widthOf(chart.yTitle, label), box.y, label);

  for (const series of chart.series) {
    const points = series.values.map((value, i) => [x(i), y(value)] as const);
    const [first, ...rest] = points;
    if (!first) continue;
    if (series.area) {
      doc.moveTo(first[0], plot.bottom).lineTo(first[0], first[1]);
      for (const [px, py] of rest) doc.lineTo(px, py);
      doc
        .lineTo(points[points.length - 1]?.[0] ?? first[0], plot.bottom)
        .closePath()
        .fillOpacity(0.1)
        .fill(series.colour)
        .fillOpacity(1);
    }
    doc.moveTo(first[0], first[1]);
    for (const [px, py] of rest) doc.lineTo(px, py);
    doc.lineWidth(series.lineWidth).lineJoin("round");
    if (series.dash) doc.dash(series.dash[0], { space: series.dash[1] });
    doc.stroke(series.colour).undash();
    for (const [px, py] of points) {
      doc.circle(px, py, series.dots === "ring" ? 3 : 2.4);
      if (series.dots === "ring") doc.lineWidth(1.5).fillAndStroke(COLOURS.white, series.colour);
      else doc.fill(series.colour);
    }
  }
}
