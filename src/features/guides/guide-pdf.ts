/**
 * An installation guide as PDF bytes, tagged like the datasheets (headings, lists, tables, a reading
 * order): the guide's words, and for each panel it applies to the numbers from the product's data.
 * Pure: everything comes in as arguments; guide-files.ts calls it at build.
 */
import type { Dictionary } from "../../i18n/dictionary";
import type { Company } from "../../lib/pdf/company";
import { companyPdf, type DocumentLanguage } from "../../lib/pdf/document";
import type { PdfFonts } from "../../lib/pdf/fonts";
import { contactPanel, heading, keyValueTable, notePanel, TOP, title } from "../../lib/pdf/layout";
import { COLOURS, CONTENT_WIDTH, PAGE, TYPE } from "../../lib/pdf/theme";
import type { PdfWriter } from "../../lib/pdf/writer";
import type { SetOut } from "./drawing";
import type { Guide } from "./schema";

/** One panel the guide applies to: its name, its set-out (label and value), and what its drawing shows. */
export interface GuidePanel {
  name: string;
  rows: readonly (readonly [string, string])[];
  drawing: PanelDrawing;
}

/** The numbers a panel's drawing shows, and its words in the guide's language. */
export interface PanelDrawing {
  plan: SetOut;
  thicknessMm: number;
  depthMm: number;
  /** Every label already in the guide's language: "600 mm", "Front view", "4 fixings at 300 mm centres". */
  labels: {
    width: string;
    height: string;
    depth: string;
    front: string;
    section: string;
    thickness: string;
    depthLabel: string;
    fixings: string;
    alt: string;
  };
}

export interface GuidePdfInput {
  guide: Guide;
  panels: GuidePanel[];
  company: Company;
  fonts: PdfFonts;
  texts: Dictionary["guides"];
  language: DocumentLanguage;
  /** YYYY-MM-DD: the newest data date of the panels. */
  date: string;
  /** The guide's page, printed with the contact. */
  url: string;
}

const M = PAGE.margin;
const LABEL_WIDTH = 170;

export function guidePdf(input: GuidePdfInput): Promise<Uint8Array<ArrayBuffer>> {
  const { guide: g, company, texts: l } = input;
  return companyPdf(
    {
      company,
      fonts: input.fonts,
      title: l.documentTitle(g.heading, company.name),
      subject: l.subject(g.heading),
      keywords: `${g.heading}, ${input.panels.map((panel) => panel.name).join(", ")}`,
      language: input.language,
      date: input.date,
      head: { label: l.head(company.name), date: "" },
      foot: (page, pages) => l.foot(g.heading, page, pages),
    },
    [(pdf) => panelsPage(pdf, input), (pdf) => stepsPage(pdf, input)],
  );
}

/** Page 1: the guide's title and intro, the panels' set-out, the tools. */
function panelsPage(pdf: PdfWriter, { guide: g, panels, texts: l }: GuidePdfInput): void {
  let y = heading(pdf, l.panels, title(pdf, g.heading, g.intro));
  for (const panel of panels) {
    pdf.tag("H3", () => pdf.text(panel.name, M, y, { font: "display", size: 13 }));
    y = keyValueTable(pdf, panel.rows, y + 20, LABEL_WIDTH) + 16;
    y = panelFigure(pdf, panel.drawing, y) + 14;
  }
  toolList(pdf, g.tools, heading(pdf, l.tools, y + 6));
}

/** The tools in two columns, each item as tall as its text, as a list. */
function toolList(pdf: PdfWriter, tools: readonly string[], top: number): void {
  const half = Math.ceil(tools.length / 2);
  const width = CONTENT_WIDTH / 2;
  const style = { width: width - 24, lineGap: 1.5 } as const;
  const spots: { x: number; y: number }[] = [];
  const bottoms = [top, top];
  tools.forEach((tool, i) => {
    const column = i < half ? 0 : 1;
    spots.push({ x: M + column * width, y: bottoms[column] ?? top });
    bottoms[column] = (bottoms[column] ?? top) + pdf.heightOf(tool, style) + 7;
  });
  pdf.artifact(() => {
    for (const spot of spots) pdf.doc.circle(spot.x + 3, spot.y + 5, 2).fill(COLOURS.moss);
  });
  pdf.add(
    pdf.group(
      "L",
      tools.map((tool, i) =>
        pdf.element("LI", () => {
          const spot = spots[i] ?? { x: M, y: top };
          pdf.text(tool, spot.x + 14, spot.y, style);
        }),
      ),
    ),
  );
}

const FIGURE_HEIGHT = 170;

/**
 * The panel's front view with its fixings, and its section (wall, cavity, panel) at its own scale,
 * with their dimensions: tagged as one Figure with its text alternative. Returns the y below it.
 */
function panelFigure(pdf: PdfWriter, drawing: PanelDrawing, top: number): number {
  pdf.tag("Figure", () => drawPanel(pdf, drawing, top), { alt: drawing.labels.alt });
  return top + FIGURE_HEIGHT;
}

function drawPanel(pdf: PdfWriter, { plan, thicknessMm, depthMm, labels }: PanelDrawing, top: number): void {
  const { doc } = pdf;
  const small = { size: TYPE.small, colour: COLOURS.ink } as const;
  const scale = Math.min(260 / plan.widthMm, 110 / plan.heightMm);
  const x0 = M + 30;
  const y0 = top + 16;
  const w = plan.widthMm * scale;
  const h = plan.heightMm * scale;
  doc.lineWidth(1).rect(x0, y0, w, h).stroke(COLOURS.ink);
  doc.save().lineWidth(1).dash(4, { space: 3 }).strokeColor(COLOURS.moss);
  if (plan.layout === "columns")
    for (const x of plan.across)
      doc
        .moveTo(x0 + x * scale, y0 + 3)
        .lineTo(x0 + x * scale, y0 + h - 3)
        .stroke();
  if (plan.layout === "rows")
    for (const y of plan.up)
      doc
        .moveTo(x0 + 3, y0 + h - y * scale)
        .lineTo(x0 + w - 3, y0 + h - y * scale)
        .stroke();
  doc.undash().restore();
  if (plan.layout === "points")
    for (const x of plan.across)
      for (const y of plan.up)
        doc
          .lineWidth(1)
          .circle(x0 + x * scale, y0 + h - y * scale, 3)
          .stroke(COLOURS.moss);
  doc.lineWidth(0.6).strokeColor(COLOURS.ink);
  doc
    .moveTo(x0, y0 + h + 10)
    .lineTo(x0 + w, y0 + h + 10)
    .stroke();
  doc
    .moveTo(x0 - 12, y0)
    .lineTo(x0 - 12, y0 + h)
    .stroke();
  pdf.text(labels.front, x0, top, { ...small, font: "strong" });
  pdf.text(labels.width, x0, y0 + h + 14, { ...small, width: w, align: "center" });
  doc.save().rotate(-90, { origin: [x0 - 16, y0 + h / 2] });
  pdf.text(labels.height, x0 - 16 - 40, y0 + h / 2 - 10, { ...small, width: 80, align: "center" });
  doc.restore();
  pdf.text(labels.fixings, x0, y0 + h + 28, { ...small, colour: COLOURS.moss });
  // The section: the wall hatched, the cavity with two fixings, the panel.
  const sx = x0 + Math.max(w, 200) + 60;
  const wall = 14;
  const cavity = Math.max(24, depthMm * 0.6);
  const board = Math.max(6, thicknessMm * 0.6);
  doc.lineWidth(0.8).rect(sx, y0, wall, h).stroke(COLOURS.ink);
  doc.save().rect(sx, y0, wall, h).clip();
  for (let d = -wall; d < h; d += 5)
    doc
      .moveTo(sx, y0 + d + wall)
      .lineTo(sx + wall, y0 + d)
      .lineWidth(0.4)
      .stroke(COLOURS.muted);
  doc.restore();
  for (const at of [0.2, 0.7])
    doc.rect(sx + wall, y0 + h * at, cavity, 6).fillAndStroke(COLOURS.mossSoft, COLOURS.moss);
  doc
    .lineWidth(1)
    .rect(sx + wall + cavity, y0, board, h)
    .fillAndStroke(COLOURS.sand, COLOURS.ink);
  doc
    .lineWidth(0.6)
    .moveTo(sx + wall, y0 + h + 10)
    .lineTo(sx + wall + cavity, y0 + h + 10)
    .stroke(COLOURS.ink);
  pdf.text(labels.section, sx, top, { ...small, font: "strong" });
  pdf.text(labels.depth, sx + wall - 10, y0 + h + 14, { ...small, width: cavity + 20, align: "center" });
  pdf.text(labels.depthLabel, sx + wall - 10, y0 + h + 28, { ...small, colour: COLOURS.muted });
  pdf.text(labels.thickness, sx + wall + cavity + board + 8, y0 + h / 2 - 5, small);
}

/** Page 2: the steps, numbered, the note, and the contact. */
function stepsPage(pdf: PdfWriter, { guide: g, company, texts: l, url }: GuidePdfInput): void {
  let y = heading(pdf, l.steps, TOP);
  // Each item is drawn when the list is added, in order, so each starts below the last.
  const items = g.steps.map((step, i) =>
    pdf.element("LI", () => {
      pdf.text(`${i + 1}`, M, y, { font: "display", size: TYPE.heading, colour: COLOURS.moss });
      pdf.text(step.title, M + 28, y + 2, { font: "strong", width: CONTENT_WIDTH - 28 });
      const text = { width: CONTENT_WIDTH - 28, colour: COLOURS.inkSoft, lineGap: 2.5 };
      y += 18 + pdf.text(step.text, M + 28, y + 18, text) + 14;
    }),
  );
  pdf.add(pdf.group("L", items));
  y = notePanel(pdf, l.eyebrow, g.note, y + 6);
  contactPanel(pdf, company, y + 14, l.latest, url);
}
