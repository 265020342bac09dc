import { COLOURS, CONTENT_WIDTH, PAGE, TYPE } from "./theme";
import type { PdfWriter, TextStyle } from "./writer";

export type Cell = string | { text: string; strong?: boolean; muted?: boolean };

export interface Table {
  x: number;
  y: number;
  widths: readonly number[];
  /** Per column; left unless stated. */
  align?: readonly ("left" | "right")[];
  /** Column headings. */
  head?: readonly string[];
  /** Each row's first cell is its heading. */
  rows: readonly (readonly Cell[])[];
  size?: number;
  padding?: number;
}

const cellText = (cell: Cell) => (typeof cell === "string" ? cell : cell.text);

/**
 * Draws a table tagged as Table, TR, TH and TD, with a rule under the head and each row, and returns
 * the y below it. Cells wrap within their column.
 */
export function drawTable(pdf: PdfWriter, table: Table): number {
  const size = table.size ?? TYPE.body;
  const padding = table.padding ?? 4.5;
  const lefts = table.widths.map((_, i) => table.x + table.widths.slice(0, i).reduce((a, b) => a + b, 0));
  const right = table.x + table.widths.reduce((a, b) => a + b, 0);
  const gutter = 8;
  const style = (column: number, cell: Cell, heading: boolean): TextStyle => {
    const strong = heading || (typeof cell !== "string" && cell.strong);
    const muted = typeof cell !== "string" && cell.muted;
    const last = column === table.widths.length - 1;
    return {
      font: strong ? "strong" : "text",
      size,
      colour: heading && column > 0 ? COLOURS.muted : muted ? COLOURS.muted : COLOURS.ink,
      width: (table.widths[column] ?? 0) - (last ? 0 : gutter),
      align: table.align?.[column] ?? "left",
      lineGap: 1.5,
    };
  };
  const rowHeight = (cells: readonly Cell[], heading: boolean) =>
    Math.max(...cells.map((cell, i) => pdf.heightOf(cellText(cell), style(i, cell, heading)))) + 2 * padding;

  const rows = [
    ...(table.head ? [{ cells: table.head, head: true }] : []),
    ...table.rows.map((cells) => ({ cells, head: false })),
  ];
  const tops: number[] = [];
  let y = table.y;
  for (const row of rows) {
    tops.push(y);
    y += rowHeight(row.cells, row.head);
  }
  pdf.artifact(() => {
    rows.forEach((row, i) => {
      const bottom = tops[i + 1] ?? y;
      pdf.doc
        .moveTo(table.x, bottom)
        .lineTo(right, bottom)
        .lineWidth(row.head ? 0.8 : 0.5)
        .stroke(row.head ? COLOURS.muted : COLOURS.stone);
    });
  });

  const cellElement = (cell: Cell, column: number, top: number, head: boolean) => {
    const heading = head || column === 0;
    const draw = () => pdf.text(cellText(cell), lefts[column] ?? 0, top + padding, style(column, cell, heading));
    if (!heading) return pdf.element("TD", draw);
    const scope = head ? "Column" : "Row";
    return pdf.doc.struct("TH", { scope } as PDFKit.Mixins.StructureElementOptions, draw);
  };
  pdf.add(
    pdf.group(
      "Table",
      rows.map((row, r) =>
        pdf.group(
          "TR",
          row.cells.map((cell, c) => cellElement(cell, c, tops[r] ?? 0, row.head)),
        ),
      ),
    ),
  );
  return y;
}

/** Labels and their values in two columns across the page, the first `labelWidth` wide. */
export const keyValueTable = (
  pdf: PdfWriter,
  rows: readonly (readonly [string, string])[],
  y: number,
  labelWidth: number,
) => drawTable(pdf, { x: PAGE.margin, y, widths: [labelWidth, CONTENT_WIDTH - labelWidth], rows });
