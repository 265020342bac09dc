/**
 * The room acoustics calculator's result as HTML: the page renders it at build time and the browser
 * element renders it again on every valid input, both with these functions, so the markup exists once.
 * Pure string functions, no DOM. Text that comes from the content (room type, product and material
 * names, sources) is escaped; numbers are formatted here and nowhere else.
 */
import { fill } from "../../i18n/fill";
import { type CalculatorLanguage, panelSize } from "./format";
import type { CalculatorResult, RoomType } from "./model";
import { type BandResult, EYRING_FROM, OCTAVE_BANDS, type TargetStatus } from "./reverberation";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Makes text safe inside element content and quoted attribute values. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

export function statusText(status: TargetStatus, type: RoomType, { t, n }: CalculatorLanguage): string {
  const target = fill(t.target, { range: n.range(type), type: type.name.toLowerCase() });
  return fill(status === "within" ? t.within : status === "above" ? t.above : t.below, { target });
}

export function recommendationText(result: CalculatorResult, { t, n }: CalculatorLanguage): string {
  const { room, recommendation: rec } = result;
  const max = n.number(room.type.max, 2);
  if (!rec) return fill(t.unreachable, { area: n.number(result.wallArea), product: room.product.name, max });
  if (rec.area === 0) return fill(t.noPanelsNeeded, { max });
  return fill(t.toReach, {
    max,
    area: n.number(rec.area),
    product: room.product.name,
    panels: rec.panels,
    size: panelSize(room.product),
    covered: n.number(rec.coveredArea, 2),
  });
}

/** The label of the button that puts the recommended panel count into the form. */
export const applyLabel = (result: CalculatorResult, { t }: CalculatorLanguage) =>
  fill(t.apply, { count: result.recommendation?.panels ?? 0 });

/** Whether that button has nothing to offer: no count, none needed, or the count already entered. */
export function applyHidden(result: CalculatorResult, unit: string): boolean {
  const rec = result.recommendation;
  return !rec || rec.panels === 0 || (unit === "panels" && rec.panels === result.room.panels);
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
export function chartMarkup(g: ChartGeometry, { n }: CalculatorLanguage): string {
  const grid = g.ticks
    .map(
      (t) =>
        `<line x1="${g.left}" x2="${g.right}" y1="${t.y}" y2="${t.y}" class="stroke-stone" stroke-width="1"/>` +
        `<text x="${g.left - 8}" y="${t.y + 5}" text-anchor="end" class="fill-muted text-[15px]">${n.number(t.value)}</text>`,
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

/** The room type's target and where it comes from: the content of the paragraph under the room type. */
export const renderTarget = (type: RoomType, { t, n }: CalculatorLanguage) =>
  fill(escapeHtml(t.targetLine), {
    range: `<span data-out="target">${escapeHtml(n.range(type))}</span>`,
    source: `<span data-out="target-source">${escapeHtml(type.source)}</span>`,
  });

/** The result's markup by the slot it fills on the page (the element with the same `data-result` name). */
export interface ResultMarkup {
  /** The room's volume and wall area, under the dimensions. */
  size: string;
  /** T(500–1000) now and with panels, the status and the recommendation: the part read out on change. */
  summary: string;
  /** The chart, the per-band table with the figures used in bold, and the mean absorption note. */
  details: string;
}

/** Mean absorption at 500 Hz, two decimals. */
export const meanAlpha500 = (rows: readonly BandResult[], { n }: CalculatorLanguage) =>
  n.fixed(rows.find((r) => r.band === 500)?.meanAlpha ?? 0, 2);

/**
 * The result for a valid room. `data-out` attributes name outputs for the browser tests; nothing
 * patches them, every change re-renders the slot.
 */
export function renderResult(result: CalculatorResult, lang: CalculatorLanguage): ResultMarkup {
  const { room } = result;
  const { t, n } = lang;
  const chart = chartGeometry(result);
  const figure = (label: string, value: number, out: string, colour: string) =>
    `<div class="rounded-2xl bg-paper p-4"><dt class="text-sm text-muted">${escapeHtml(label)}</dt>` +
    `<dd class="mt-1 font-display text-4xl ${colour} tabular-nums"><span data-out="${out}">${n.seconds(value)}</span> s</dd></div>`;
  const cell = (row: BandResult | undefined, method: "sabine" | "eyring", padding: string) =>
    `<td class="${padding}"${row?.predicted === row?.[method] ? " data-used" : ""}>${n.seconds(row?.[method] ?? 0)}</td>`;
  const text = (value: string) => escapeHtml(value);
  const dimensions = "room-length room-width room-height";
  const rows = OCTAVE_BANDS.map(
    (band, i) =>
      `<tr><th scope="row" class="py-2 pr-3 text-left font-medium">${band}</th>` +
      cell(result.before[i], "sabine", "px-2 py-2") +
      cell(result.before[i], "eyring", "px-2 py-2") +
      cell(result.after[i], "sabine", "px-2 py-2") +
      cell(result.after[i], "eyring", "py-2 pl-2") +
      "</tr>",
  ).join("");
  return {
    size: fill(text(t.size), {
      volume: `<output data-out="volume" for="${dimensions}">${n.fixed(result.volume, 1)}</output>`,
      area: `<output data-out="wall-area" for="${dimensions}">${n.fixed(result.wallArea, 1)}</output>`,
    }),
    summary:
      `<dl class="mt-5 grid grid-cols-2 gap-4">${figure(t.now, result.midBefore, "mid-before", "text-ink")}` +
      `${figure(t.withPanels, result.midAfter, "mid-after", "text-moss")}</dl>` +
      `<p class="mt-4 text-base text-ink" data-out="status">${text(statusText(result.statusAfter, room.type, lang))}</p>` +
      `<p class="mt-2 text-base text-ink-soft" data-out="recommendation">${text(recommendationText(result, lang))}</p>`,
    details:
      `<figure class="mt-6"><svg viewBox="0 0 ${chart.width} ${chart.height}" class="h-auto w-full" role="img" aria-labelledby="chart-caption">` +
      `${chartMarkup(chart, lang)}</svg>` +
      `<figcaption id="chart-caption" class="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted">` +
      `<span class="sr-only">${text(t.chartScreenReader)}</span>` +
      `<span><span aria-hidden="true" class="mr-1.5 inline-block h-0.5 w-5 border-t-2 border-dashed border-ink-soft align-middle"></span>${text(t.now)}</span>` +
      `<span><span aria-hidden="true" class="mr-1.5 inline-block h-0.5 w-5 bg-moss align-middle"></span>${text(t.withPanels)}</span>` +
      `<span><span aria-hidden="true" class="mr-1.5 inline-block h-3 w-5 bg-moss/20 align-middle"></span>${text(t.targetLegend)}</span>` +
      `</figcaption></figure>` +
      `<div class="mt-6 overflow-x-auto" tabindex="0" role="region" aria-label="${text(t.tableRegion)}">` +
      `<table class="w-full text-right text-sm tabular-nums [&_[data-used]]:font-semibold [&_td:not([data-used])]:text-muted">` +
      `<caption class="sr-only">${text(t.tableCaption)}</caption>` +
      `<thead class="text-muted"><tr><th scope="col" class="py-2 pr-3 text-left font-medium">Hz</th>` +
      `<th scope="col" class="px-2 py-2 font-medium">${text(t.nowSabine)}</th>` +
      `<th scope="col" class="px-2 py-2 font-medium">${text(t.nowEyring)}</th>` +
      `<th scope="col" class="px-2 py-2 font-medium">${text(t.panelsSabine)}</th>` +
      `<th scope="col" class="py-2 pl-2 font-medium">${text(t.panelsEyring)}</th></tr></thead>` +
      `<tbody class="divide-y divide-stone/70 text-ink">${rows}</tbody></table></div>` +
      `<p class="mt-3 text-xs leading-relaxed text-muted">${fill(text(t.usedNote), {
        limit: n.number(EYRING_FROM),
        before: `<span data-out="alpha-before">${meanAlpha500(result.before, lang)}</span>`,
        after: `<span data-out="alpha-after">${meanAlpha500(result.after, lang)}</span>`,
      })}</p>`,
  };
}
