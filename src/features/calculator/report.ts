/**
 * The calculator's result as a PDF report, made in the browser when the visitor asks for it:
 * room-calculator.ts imports this module on the click, so the page loads none of it up front. The
 * figures and sentences come from the model and view functions the page uses; the chart, tables,
 * fonts and page furniture are the PDF engine's the product datasheets use too (src/lib/pdf/).
 */
import type { Dictionary } from "../../i18n/dictionary";
import { fill } from "../../i18n/fill";
import { bandChart } from "../../lib/pdf/chart";
import type { Company } from "../../lib/pdf/company";
import { companyPdf, type DocumentLanguage } from "../../lib/pdf/document";
import { fetchPdfFonts, type PdfFonts } from "../../lib/pdf/fonts";
import {
  type Cell,
  contactPanel,
  figureTiles,
  heading,
  keyValueTable,
  note,
  paragraph,
  TOP,
  table,
  title,
} from "../../lib/pdf/layout";
import { COLOURS, CONTENT_WIDTH, PAGE } from "../../lib/pdf/theme";
import { longDate, type PdfWriter } from "../../lib/pdf/writer";
import { type CalculatorLanguage, panelSize } from "./format";
import type { CalculatorData, CalculatorResult, Fields } from "./model";
import { type BandResult, EYRING_FROM, OCTAVE_BANDS } from "./reverberation";
import { chartGeometry, meanAlpha500, recommendationText, statusText } from "./view";

/** The report's texts in one language (plain strings with `{placeholders}`, see src/i18n). */
export type ReportTexts = Dictionary["calculator"]["report"];

export interface ReportInput {
  result: CalculatorResult;
  /** The names of the floor, ceiling and wall finishes chosen. */
  surfaces: { floor: string; ceiling: string; walls: string };
  /** The calculator's address with this room in its query. */
  link: string;
  /** The contact page in the report's language, e.g. "/et/contact". */
  contactPath: string;
  /** The day the report is made, YYYY-MM-DD. */
  date: string;
  company: Company;
  fonts: PdfFonts;
  /** The calculator's language: its texts and number formats, and the report's own texts. */
  lang: CalculatorLanguage;
  texts: ReportTexts;
  /** The document's language and the tag its dates are written with. */
  language: DocumentLanguage;
}

const M = PAGE.margin;
/** The width of the label column in the room and panel tables. */
const LABEL_WIDTH = 150;

export const surfaceNames = (fields: Pick<Fields, "floor" | "ceiling" | "walls">, data: CalculatorData) => {
  const name = (id: string) => data.materials.find((m) => m.id === id)?.name ?? id;
  return { floor: name(fields.floor), ceiling: name(fields.ceiling), walls: name(fields.walls) };
};

/** The method, as the calculator's page explains it. */
export const method = (texts: ReportTexts, lang: CalculatorLanguage) => [
  fill(texts.method1, { limit: lang.n.number(EYRING_FROM) }),
  texts.method2,
];

/** What the report's sections share: the input, and the room's size and target as the report writes them. */
interface Report extends ReportInput {
  size: string;
  range: string;
}

export async function reportPdf(input: ReportInput): Promise<Uint8Array<ArrayBuffer>> {
  const { result, company, lang, texts: r } = input;
  const { n } = lang;
  const { room } = result;
  const size = `${n.number(room.length, 2)} × ${n.number(room.width, 2)} × ${n.number(room.height, 2)} m`;
  const report: Report = { ...input, size, range: n.range(room.type) };
  const made = longDate(input.date, input.language.intl);
  return companyPdf(
    {
      company,
      fonts: input.fonts,
      title: fill(r.documentTitle, { type: room.type.name, size, company: company.name }),
      subject: r.subject,
      keywords: r.keywords,
      language: input.language,
      date: input.date,
      head: { label: fill(r.head, { company: company.name }), date: fill(r.madeOn, { date: made }) },
      foot: (page, pages) => fill(r.foot, { page, pages }),
    },
    [(pdf) => resultPage(pdf, report), (pdf) => bandsPage(pdf, report)],
  );
}

/** Page 1: the result, the room and the panels. */
function resultPage(pdf: PdfWriter, report: Report): void {
  let y = summary(pdf, report);
  y = roomTable(pdf, report, y + 24);
  y = panelsTable(pdf, report, y + 24);
  online(pdf, report, y + 24);
}

/** Page 2: per band, the chart, the table, the method and the company's contact. */
function bandsPage(pdf: PdfWriter, report: Report): void {
  const { texts: r } = report;
  let y = heading(pdf, r.perBand, TOP);
  y = chart(pdf, report, y) + 6;
  legend(pdf, report, y);
  y = bandTable(pdf, report, y + 22);
  y = heading(pdf, r.method, y + 22);
  for (const text of method(r, report.lang)) y = paragraph(pdf, text, y) + 6;
  contactPanel(pdf, report.company, y + 16, r.contact, new URL(report.contactPath, report.link).href);
}

/** The title, the key figures and what they mean. */
function summary(pdf: PdfWriter, { result, lang, texts: r, size, range }: Report): number {
  const { n } = lang;
  const { room } = result;
  let y = title(pdf, r.title, fill(r.intro, { type: room.type.name, size, product: room.product.name }));
  y = figureTiles(
    pdf,
    [
      [r.nowMid, `${n.seconds(result.midBefore)} s`],
      [r.withPanels, `${n.seconds(result.midAfter)} s`],
      [r.target, range],
    ],
    y,
    { height: 58, valueSize: 22 },
  );
  y = paragraph(pdf, statusText(result.statusAfter, room.type, lang), y + 14, { colour: COLOURS.ink });
  return paragraph(pdf, recommendationText(result, lang), y + 4);
}

/** The room as the form has it: type and target, size, volume, wall area and surfaces. */
function roomTable(
  pdf: PdfWriter,
  { result, lang: { n }, texts: r, surfaces, size, range }: Report,
  top: number,
): number {
  const { type } = result.room;
  const y = heading(pdf, r.theRoom, top);
  return keyValueTable(
    pdf,
    [
      [r.roomType, fill(r.roomTypeValue, { type: type.name, range, source: type.source })],
      [r.dimensions, size],
      [r.volume, `${n.fixed(result.volume, 1)} m³`],
      [r.wallArea, `${n.fixed(result.wallArea, 1)} m²`],
      [r.floor, surfaces.floor],
      [r.ceiling, surfaces.ceiling],
      [r.walls, surfaces.walls],
    ],
    y,
    LABEL_WIDTH,
  );
}

/** The product, the panels on the walls and the number recommended. */
function panelsTable(pdf: PdfWriter, { result, lang: { n }, texts: r }: Report, top: number): number {
  const { room, recommendation: rec } = result;
  const recommended = rec
    ? rec.panels === 0
      ? r.noPanels
      : fill(r.recommendedValue, {
          panels: rec.panels,
          covered: n.number(rec.coveredArea, 2),
          area: n.number(rec.area),
        })
    : r.unreachable;
  const y = heading(pdf, r.panels, top);
  return keyValueTable(
    pdf,
    [
      [r.product, fill(r.productValue, { product: room.product.name, size: panelSize(room.product) })],
      [r.onWalls, fill(r.onWallsValue, { area: n.number(room.area, 2), panels: room.panels })],
      [r.recommended, recommended],
    ],
    y,
    LABEL_WIDTH,
  );
}

/** The link back to the calculator with this room. */
function online(pdf: PdfWriter, { texts: r, link }: Report, top: number): void {
  const y = paragraph(pdf, r.openOnline, heading(pdf, r.online, top));
  paragraph(pdf, link, y + 2, { colour: COLOURS.moss, link });
}

/** The reverberation time per band, now and with the panels, over the target range. */
function chart(pdf: PdfWriter, { result, lang: { n }, texts: r, range }: Report, y: number): number {
  const g = chartGeometry(result);
  const predicted = (rows: BandResult[]) => rows.map((row) => row.predicted);
  return bandChart(
    pdf,
    {
      height: 190,
      alt: fill(r.chartAlt, { range }),
      yMax: g.yMax,
      ticks: g.ticks.map((t) => t.value),
      tickLabel: (v) => n.number(v),
      yTitle: "T (s)",
      xTitle: r.frequency,
      band: result.room.type,
      series: [
        { values: predicted(result.before), colour: COLOURS.inkSoft, lineWidth: 1.5, dash: [5, 4], dots: "ring" },
        { values: predicted(result.after), colour: COLOURS.moss, lineWidth: 2.2, dots: "filled" },
      ],
    },
    y,
  );
}

/** The chart's legend, as decoration: the chart's alternative text says the same. */
function legend(pdf: PdfWriter, { texts: r, range }: Report, y: number): void {
  const items = [
    {
      label: r.now,
      colour: COLOURS.inkSoft,
      draw: (x: number) =>
        pdf.doc
          .moveTo(x, y + 4)
          .lineTo(x + 18, y + 4)
          .dash(5, { space: 4 }),
    },
    { label: r.withPanels, colour: COLOURS.moss, draw: (x: number) => pdf.doc.moveTo(x, y + 4).lineTo(x + 18, y + 4) },
  ];
  pdf.artifact(() => {
    let x = M + 34;
    for (const item of items) {
      item.draw(x);
      pdf.doc.lineWidth(2).stroke(item.colour).undash();
      pdf.text(item.label, x + 24, y, { size: 8, colour: COLOURS.muted });
      x += 24 + pdf.widthOf(item.label, { size: 8 }) + 18;
    }
    pdf.doc.rect(x, y, 18, 8).fillOpacity(0.2).fill(COLOURS.moss).fillOpacity(1);
    pdf.text(fill(r.targetRange, { range }), x + 24, y, { size: 8, colour: COLOURS.muted });
  });
}

/**
 * Per band, the Sabine and Eyring times now and with the panels: the one the result uses in the strong
 * font, the other muted. Then the mean absorption at 500 Hz under it.
 */
function bandTable(pdf: PdfWriter, { result, lang, texts: r }: Report, top: number): number {
  const { n, t } = lang;
  const used = (row: BandResult | undefined, how: "sabine" | "eyring"): Cell => ({
    text: n.seconds(row?.[how] ?? 0),
    strong: row?.predicted === row?.[how],
    muted: row?.predicted !== row?.[how],
  });
  const column = (CONTENT_WIDTH - 70) / 4;
  const y = table(pdf, {
    y: top,
    widths: [70, column, column, column, column],
    align: ["left", "right", "right", "right", "right"],
    head: ["Hz", t.nowSabine, t.nowEyring, t.panelsSabine, t.panelsEyring],
    rows: OCTAVE_BANDS.map((band, i) => [
      `${band}`,
      used(result.before[i], "sabine"),
      used(result.before[i], "eyring"),
      used(result.after[i], "sabine"),
      used(result.after[i], "eyring"),
    ]),
  });
  const alpha = { before: meanAlpha500(result.before, lang), after: meanAlpha500(result.after, lang) };
  return note(pdf, fill(r.tableNote, alpha), y + 8);
}

/** Today in the visitor's time zone, YYYY-MM-DD. */
const today = () => {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

/**
 * Makes the report of the result the calculator `element` shows and saves it as a file. The status
 * line under the button says what is happening, and what went wrong if it fails (the fonts are
 * fetched, so it can fail offline); a second click while one is being made is ignored.
 */
export async function downloadReport(
  element: HTMLElement,
  result: CalculatorResult,
  fields: Fields,
  link: string,
  lang: CalculatorLanguage,
): Promise<void> {
  const button = element.querySelector<HTMLButtonElement>("[data-report]");
  const status = element.querySelector("[data-out=report]");
  if (!button || button.getAttribute("aria-busy") === "true") return;
  const say = (text: string) => {
    if (status) status.textContent = text;
  };
  const data = JSON.parse(element.getAttribute("data-calculator") ?? "{}") as CalculatorData;
  const company = JSON.parse(button.dataset.company ?? "{}") as Company;
  const texts = JSON.parse(button.dataset.texts ?? "{}") as ReportTexts;
  button.setAttribute("aria-busy", "true");
  say(lang.t.preparing);
  try {
    const bytes = await reportPdf({
      result,
      surfaces: surfaceNames(fields, data),
      link,
      contactPath: element.getAttribute("data-contact") ?? "/contact",
      date: today(),
      company,
      fonts: await fetchPdfFonts(),
      lang,
      texts,
      language: {
        tag: element.getAttribute("data-intl") ?? "en-GB",
        intl: element.getAttribute("data-intl") ?? "en-GB",
      },
    });
    const url = URL.createObjectURL(new Blob([bytes], { type: "application/pdf" }));
    const anchor = document.createElement("a");
    anchor.href = url;
    anchor.download = texts.file;
    anchor.click();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    say(fill(lang.t.downloaded, { file: texts.file, size: Math.max(1, Math.round(bytes.byteLength / 1024)) }));
  } catch {
    say(lang.t.failed);
  } finally {
    button.removeAttribute("aria-busy");
  }
}
