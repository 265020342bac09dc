/**
 * The page furniture the PDF documents share: the running head and footer every page has (see
 * document.ts), and in the body the title, headings, paragraphs, the row of key figures and the
 * contact panel, each placed at a y and returning the y below what it drew.
 */
import type { Company } from "./company";
import { COLOURS, CONTENT_WIDTH, PAGE, TYPE } from "./theme";
import type { PdfWriter, TableCell } from "./writer";

const M = PAGE.margin;

/** Where a page's content starts, under the running head. */
export const TOP = 72;

const eyebrow = { font: "strong", size: TYPE.eyebrow, colour: COLOURS.moss, characterSpacing: 0.3 } as const;

/** The line at the top of every page: the company and the kind of document, and a date on the right. */
export function runningHead(pdf: PdfWriter, label: string, date: string): void {
  pdf.artifact(() => {
    pdf.text(label.toUpperCase(), M, 38, eyebrow);
    pdf.text(date, M, 38, { size: TYPE.eyebrow, colour: COLOURS.muted, width: CONTENT_WIDTH, align: "right" });
    pdf.doc
      .moveTo(M, 54)
      .lineTo(PAGE.width - M, 54)
      .lineWidth(0.5)
      .stroke(COLOURS.stone);
  }, "Pagination");
}

/** The line at the foot of every page: the company's contact on the left, the page on the right. */
export function footer(pdf: PdfWriter, company: Company, right: string): void {
  pdf.artifact(() => {
    const y = PAGE.height - 40;
    pdf.doc
      .moveTo(M, y)
      .lineTo(PAGE.width - M, y)
      .lineWidth(0.5)
      .stroke(COLOURS.stone);
    const style = { size: TYPE.eyebrow, colour: COLOURS.muted } as const;
    pdf.text(`${company.legalName} · ${company.place} · ${company.email} · ${company.phone}`, M, y + 9, style);
    pdf.text(right, M, y + 9, { ...style, width: CONTENT_WIDTH, align: "right" });
  }, "Pagination");
}

/** The document's title at the top of its first page, and the line that introduces it. */
export function title(pdf: PdfWriter, text: string, lead: string): number {
  const style = { font: "display", size: TYPE.title } as const;
  pdf.tag("H1", () => pdf.text(text, M, 70, style));
  return paragraph(pdf, lead, 70 + pdf.heightOf(text, style) + 6, { colour: COLOURS.ink }) + 18;
}

export function heading(pdf: PdfWriter, text: string, y: number): number {
  pdf.tag("H2", () => pdf.text(text, M, y, { font: "display", size: TYPE.heading }));
  return y + 24;
}

/** A small capitalised heading, as the site's eyebrows. */
export function eyebrowHeading(pdf: PdfWriter, text: string, x: number, y: number): number {
  pdf.tag("H2", () => pdf.text(text.toUpperCase(), x, y, eyebrow));
  return y + 16;
}

export function paragraph(
  pdf: PdfWriter,
  text: string,
  y: number,
  { x = M, width = CONTENT_WIDTH, colour = COLOURS.inkSoft as string, link = "" } = {},
): number {
  let height = 0;
  pdf.tag("P", () => {
    height = pdf.text(text, x, y, { width, colour, lineGap: 2.5, ...(link ? { link } : {}) });
  });
  return y + height;
}

/** A paragraph in the muted colour: sources, ratings and other notes under a table. */
export const note = (pdf: PdfWriter, text: string, y: number) => paragraph(pdf, text, y, { colour: COLOURS.muted });

/** Key figures in tinted tiles, label above value, as a list. */
export function figureTiles(
  pdf: PdfWriter,
  tiles: readonly (readonly [string, string])[],
  y: number,
  { x = M, width = CONTENT_WIDTH, height = 54, valueSize = 20 } = {},
): number {
  const gap = 8;
  const tileWidth = (width - (tiles.length - 1) * gap) / tiles.length;
  const left = (i: number) => x + i * (tileWidth + gap);
  pdf.artifact(() => {
    tiles.forEach((_, i) => {
      pdf.doc.roundedRect(left(i), y, tileWidth, height, 6).fill(COLOURS.mossSoft);
    });
  });
  pdf.add(
    pdf.group(
      "L",
      tiles.map(([label, value], i) =>
        pdf.element("LI", () => {
          pdf.text(`${label} `, left(i), y + 10, { ...eyebrow, width: tileWidth, align: "center" });
          pdf.text(value, left(i), y + 23, { font: "display", size: valueSize, width: tileWidth, align: "center" });
        }),
      ),
    ),
  );
  return y + height;
}

/** A table cell: its text, in the strong font or the muted colour if marked so. */
export type Cell = string | { text: string; strong?: boolean; muted?: boolean };

export interface Table {
  y: number;
  widths: readonly number[];
  /** Per column; left unless stated. */
  align?: readonly ("left" | "right")[];
  /** Column headings. */
  head?: readonly string[];
  /** Each row's first cell is its heading. */
  rows: readonly (readonly Cell[])[];
}

/** Space between a column's text and the next column's. */
const GUTTER = 8;

/**
 * A table across the page: headings in the strong font (the column headings muted but the first),
 * cells wrapping in their column, a rule under the head and under each row. The rules are drawn as
 * decoration rather than as PDFKit's cell borders, which would be part of the cells' tagged content.
 * Returns the y below the table.
 */
export function table(pdf: PdfWriter, { y, widths, align = [], head, rows }: Table): number {
  const last = widths.length - 1;
  const cell = (value: Cell, column: number, scope?: "Row" | "Column"): TableCell => {
    const { text, strong = false, muted = false } = typeof value === "string" ? { text: value } : value;
    return {
      text,
      font: { src: scope || strong ? "strong" : "text", size: TYPE.body },
      textColor: (scope === "Column" && column > 0) || muted ? COLOURS.muted : COLOURS.ink,
      ...(scope ? { type: "TH", scope } : {}),
    };
  };
  const bottoms = pdf.table(
    {
      position: { x: M, y },
      columnStyles: widths.map((width, i) => ({
        width,
        align: { x: align[i] ?? "left", y: "top" },
        padding: [4.5, i === last ? 0 : GUTTER, 4.5, 0],
      })),
      defaultStyle: { border: 0, textOptions: { lineGap: 1.5 } },
    },
    [
      ...(head ? [head.map((text, i) => cell(text, i, "Column"))] : []),
      ...rows.map((row) => row.map((value, i) => cell(value, i, i === 0 ? "Row" : undefined))),
    ],
  );
  const right = M + widths.reduce((sum, width) => sum + width, 0);
  pdf.artifact(() => {
    bottoms.forEach((bottom, i) => {
      const under = head && i === 0 ? { width: 0.8, colour: COLOURS.muted } : { width: 0.5, colour: COLOURS.stone };
      pdf.doc.moveTo(M, bottom).lineTo(right, bottom).lineWidth(under.width).stroke(under.colour);
    });
  });
  return bottoms.at(-1) ?? y;
}

/** Labels and their values in two columns across the page, the first `labelWidth` wide. */
export const keyValueTable = (
  pdf: PdfWriter,
  rows: readonly (readonly [string, string])[],
  y: number,
  labelWidth: number,
) => table(pdf, { y, widths: [labelWidth, CONTENT_WIDTH - labelWidth], rows });

/** A text in a sand panel under a small heading (the datasheet's specification clause). */
export function notePanel(pdf: PdfWriter, label: string, text: string, y: number): number {
  const style = { width: CONTENT_WIDTH - 32, lineGap: 2.5, colour: COLOURS.ink } as const;
  const height = pdf.heightOf(text, style) + 42;
  pdf.artifact(() => pdf.doc.roundedRect(M, y, CONTENT_WIDTH, height, 8).fill(COLOURS.sand));
  eyebrowHeading(pdf, label, M + 16, y + 14);
  pdf.tag("P", () => pdf.text(text, M + 16, y + 30, style));
  return y + height;
}

const CONTACT_HEIGHT = 66;

/**
 * The company's contact in a moss panel, with one closing line and a link: at the foot of the page, or
 * at `below` if the page is fuller.
 */
export function contactPanel(pdf: PdfWriter, company: Company, below: number, lead: string, link: string): number {
  const y = Math.max(below, PAGE.height - 56 - CONTACT_HEIGHT);
  pdf.artifact(() => pdf.doc.roundedRect(M, y, CONTENT_WIDTH, CONTACT_HEIGHT, 8).fill(COLOURS.mossDeep));
  pdf.tag("H2", () =>
    pdf.text(company.legalName, M + 16, y + 12, { font: "display", size: 12, colour: COLOURS.white }),
  );
  const light = { size: TYPE.small, colour: COLOURS.mossSoft } as const;
  pdf.tag("P", () =>
    pdf.text(`${company.place} · ${company.email} · ${company.phone} · ${company.hours}`, M + 16, y + 32, light),
  );
  pdf.tag("P", () => {
    pdf.text(`${lead} `, M + 16, y + 45, light);
    pdf.text(link, M + 16 + pdf.widthOf(`${lead} `, light), y + 45, { ...light, colour: COLOURS.white, link });
  });
  return y + CONTACT_HEIGHT;
}
