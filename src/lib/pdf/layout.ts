/**
 * The page furniture the PDF documents share: the running head and footer every page has (see
 * document.ts), and in the body the title, headings, paragraphs, the row of key figures and the
 * contact panel, each placed at a y and returning the y below what it drew.
 */
import type { Company } from "./company";
import { COLOURS, CONTENT_WIDTH, PAGE, TYPE } from "./theme";
import type { PdfWriter } from "./writer";

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
