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
import { contactPanel, figureTiles, heading, note, paragraph, TOP, title } from "../../lib/pdf/layout";
import { type Cell, drawTable, keyValueTable } from "../../lib/pdf/table";
import { COLOURS, CONTENT_WIDTH, PAGE } from "../../lib/pdf/theme";
import { longDate } from "../../lib/pdf/writer";
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

export const surfaceNames = (fields: Pick<Fields, "floor" | "ceiling" | "walls">, data: CalculatorData) => {
  const name = (id: string) => data.materials.find((m) => m.id === id)?.name ?? id;
  return { floor: name(fields.floor), ceiling: name(fields.ceiling), walls: name(fields.walls) };
};

/** The method, as the calculator's page explains it. */
export const method = (texts: ReportTexts, lang: CalculatorLanguage) => [
  fill(texts.method1, { limit: lang.n.number(EYRING_FROM) }),
  texts.method2,
];

export async function reportPdf(input: ReportInput): Promise<Uint8Array<ArrayBuffer>> {
  const { result, company, lang, texts: r } = input;
  const { n } = lang;
  const { room } = result;
  const range = n.range(room.type);
  const used = (row: BandResult | undefined, how: "sabine" | "eyring"): Cell => ({
    text: n.seconds(row?.[how] ?? 0),
    strong: row?.predicted === row?.[how],
    muted: row?.predicted !== row?.[how],
  });
  const size = `${n.number(room.length, 2)} × ${n.number(room.width, 2)} × ${n.number(room.height, 2)} m`;
  const made = longDate(input.date, input.language.intl);
  const labelWidth = 150;

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
    [
      // Page 1: the result, the room and the panels.
      (pdf) => {
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
        y = paragraph(pdf, recommendationText(result, lang), y + 4);

        y = heading(pdf, r.theRoom, y + 24);
        y = keyValueTable(
          pdf,
          [
            [r.roomType, fill(r.roomTypeValue, { type: room.type.name, range, source: room.type.source })],
            [r.dimensions, size],
            [r.volume, `${n.fixed(result.volume, 1)} m³`],
            [r.wallArea, `${n.fixed(result.wallArea, 1)} m²`],
            [r.floor, input.surfaces.floor],
            [r.ceiling, input.surfaces.ceiling],
            [r.walls, input.surfaces.walls],
          ],
          y,
          labelWidth,
        );

        y = heading(pdf, r.panels, y + 24);
        const rec = result.recommendation;
        y = keyValueTable(
          pdf,
          [
            [r.product, fill(r.productValue, { product: room.product.name, size: panelSize(room.product) })],
            [r.onWalls, fill(r.onWallsValue, { area: n.number(room.area, 2), panels: room.panels })],
            [
              r.recommended,
              rec
                ? rec.panels === 0
                  ? r.noPanels
                  : fill(r.recommendedValue, {
                      panels: rec.panels,
                      covered: n.number(rec.coveredArea, 2),
                      area: n.number(rec.area),
                    })
                : r.unreachable,
            ],
          ],
          y,
          labelWidth,
        );

        y = heading(pdf, r.online, y + 24);
        y = paragraph(pdf, r.openOnline, y);
        paragraph(pdf, input.link, y + 2, { colour: COLOURS.moss, link: input.link });
      },

      // Page 2: per band, the chart, the method and the company's contact.
      (pdf) => {
        let y = heading(pdf, r.perBand, TOP);
        const g = chartGeometry(result);
        const predicted = (rows: BandResult[]) => rows.map((r) => r.predicted);
        y = bandChart(
          pdf,
          {
            height: 190,
            alt: fill(r.chartAlt, { range }),
            yMax: g.yMax,
            ticks: g.ticks.map((t) => t.value),
            tickLabel: (v) => n.number(v),
            yTitle: "T (s)",
            xTitle: r.frequency,
            band: room.type,
            series: [
              { values: predicted(result.before), colour: COLOURS.inkSoft, lineWidth: 1.5, dash: [5, 4], dots: "ring" },
              { values: predicted(result.after), colour: COLOURS.moss, lineWidth: 2.2, dots: "filled" },
            ],
          },
          y,
        );
        y += 6;
        pdf.artifact(() => {
          const legend = [
            {
              label: r.now,
              colour: COLOURS.inkSoft,
              draw: (x: number, ly: number) =>
                pdf.doc
                  .moveTo(x, ly)
                  .lineTo(x + 18, ly)
                  .dash(5, { space: 4 }),
            },
            {
              label: r.withPanels,
              colour: COLOURS.moss,
              draw: (x: number, ly: number) => pdf.doc.moveTo(x, ly).lineTo(x + 18, ly),
            },
          ];
          let x = M + 34;
          for (const item of legend) {
            item.draw(x, y + 4);
            pdf.doc.lineWidth(2).stroke(item.colour).undash();
            pdf.text(item.label, x + 24, y, { size: 8, colour: COLOURS.muted });
            x += 24 + pdf.widthOf(item.label, { size: 8 }) + 18;
          }
          pdf.doc.rect(x, y, 18, 8).fillOpacity(0.2).fill(COLOURS.moss).fillOpacity(1);
          pdf.text(fill(r.targetRange, { range }), x + 24, y, { size: 8, colour: COLOURS.muted });
        });
        y += 22;
        const columns = (CONTENT_WIDTH - 70) / 4;
        y = drawTable(pdf, {
          x: M,
          y,
          widths: [70, columns, columns, columns, columns],
          align: ["left", "right", "right", "right", "right"],
          head: ["Hz", lang.t.nowSabine, lang.t.nowEyring, lang.t.panelsSabine, lang.t.panelsEyring],
          rows: OCTAVE_BANDS.map((band, i) => [
            `${band}`,
            used(result.before[i], "sabine"),
            used(result.before[i], "eyring"),
            used(result.after[i], "sabine"),
            used(result.after[i], "eyring"),
          ]),
        });
        y = note(
          pdf,
          fill(r.tableNote, { before: meanAlpha500(result.before, lang), after: meanAlpha500(result.after, lang) }),
          y + 8,
        );

        y = heading(pdf, r.method, y + 22);
        for (const text of method(r, lang)) y = paragraph(pdf, text, y) + 6;

        contactPanel(pdf, company, y + 16, r.contact, new URL(input.contactPath, input.link).href);
      },
    ],
  );
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
