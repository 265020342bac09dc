/**
 * The calculator's result as a PDF report, made in the browser when the visitor asks for it:
 * room-calculator.ts imports this module on the click, so the page loads none of it up front. The
 * figures and sentences come from the model and view functions the page uses; the chart, tables,
 * fonts and page furniture are the product datasheets' (src/features/datasheet/).
 */
import { secondsRange } from "../../lib/text";
import { bandLabel, drawBandChart } from "../datasheet/chart";
import { FONT_ROLES, fontHref, type PdfFonts } from "../datasheet/fonts";
import {
  type Company,
  contactPanel,
  contactTop,
  figureTiles,
  footer,
  heading,
  paragraph,
  runningHead,
  title,
} from "../datasheet/layout";
import { dayStart, longDate, PdfWriter } from "../datasheet/pdf";
import { type Cell, drawTable } from "../datasheet/table";
import { COLOURS, CONTENT_WIDTH, PAGE } from "../datasheet/theme";
import { formatNumber, panelSize, seconds } from "./format";
import type { CalculatorData, CalculatorResult, Fields } from "./model";
import { type BandResult, EYRING_FROM, OCTAVE_BANDS } from "./reverberation";
import { chartGeometry, recommendationText, statusText } from "./view";

export interface ReportInput {
  result: CalculatorResult;
  /** The names of the floor, ceiling and wall finishes chosen. */
  surfaces: { floor: string; ceiling: string; walls: string };
  /** The calculator's address with this room in its query. */
  link: string;
  /** The day the report is made, YYYY-MM-DD. */
  date: string;
  company: Company;
  fonts: PdfFonts;
}

export const REPORT_FILE_NAME = "room-acoustics-report.pdf";

const M = PAGE.margin;

export const surfaceNames = (fields: Pick<Fields, "floor" | "ceiling" | "walls">, data: CalculatorData) => {
  const name = (id: string) => data.materials.find((m) => m.id === id)?.name ?? id;
  return { floor: name(fields.floor), ceiling: name(fields.ceiling), walls: name(fields.walls) };
};

/** The method, as the calculator's page explains it. */
export const METHOD = [
  "Reverberation time T is how long a sound takes to fade by 60 dB. For each octave band the calculator adds " +
    "up the room's absorption A: each surface's area S times its absorption coefficient α. Sabine's formula, " +
    `T = 0.161 V / A with V the room's volume, is used while the mean absorption A / S is ${EYRING_FROM} or less. ` +
    "Above that Sabine overstates T, so Eyring's formula, T = 0.161 V / (−S ln(1 − A / S)), is used instead; " +
    "the table shows both, with the one used in bold.",
  "Panels go on the walls and replace the wall's own absorption where they hang. Furniture, people and the " +
    "air's absorption are left out, so a furnished room will sound somewhat drier than shown. The smallest " +
    "amount is the least area that brings T(500–1000 Hz), the mean of the 500 and 1000 Hz bands, down to the " +
    "target's upper limit, rounded up to whole panels.",
];

const used = (row: BandResult | undefined, method: "sabine" | "eyring"): Cell => ({
  text: seconds(row?.[method] ?? 0),
  strong: row?.predicted === row?.[method],
  muted: row?.predicted !== row?.[method],
});

export async function reportPdf(input: ReportInput): Promise<Uint8Array<ArrayBuffer>> {
  const { result, company } = input;
  const { room } = result;
  const size = `${formatNumber(room.length, 2)} × ${formatNumber(room.width, 2)} × ${formatNumber(room.height, 2)} m`;
  const made = longDate(input.date);
  const pdf = new PdfWriter(
    {
      title: `Room acoustics report: ${room.type.name}, ${size} | ${company.name}`,
      subject: "Reverberation time per octave band before and after acoustic wall panels",
      author: company.legalName,
      keywords: "room acoustics, reverberation time, Sabine, Eyring, acoustic wall panels",
      date: dayStart(input.date),
    },
    input.fonts,
  );
  const pages = 2;
  const head = () => runningHead(pdf, `${company.name} · Room acoustics report`, `Made on ${made}`);
  const foot = (page: number) => footer(pdf, company, `Room acoustics report · ${page} / ${pages}`);
  const labelWidth = 150;
  const keyValues = (rows: [string, string][], top: number) =>
    drawTable(pdf, { x: M, y: top, widths: [labelWidth, CONTENT_WIDTH - labelWidth], rows });

  // Page 1: the result, the room and the panels.
  pdf.addPage();
  head();
  let y = title(pdf, "Room acoustics report", 70);
  y = paragraph(pdf, `${room.type.name}, ${size}, with ${room.product.name}.`, y, { colour: COLOURS.ink }) + 18;
  y = figureTiles(
    pdf,
    [
      ["Now, T(500–1000 Hz)", `${seconds(result.midBefore)} s`],
      ["With panels", `${seconds(result.midAfter)} s`],
      ["Target", secondsRange(room.type)],
    ],
    y,
    { height: 58, valueSize: 22 },
  );
  y = paragraph(pdf, statusText(result.statusAfter, room.type), y + 14, { colour: COLOURS.ink });
  y = paragraph(pdf, recommendationText(result), y + 4);

  y = heading(pdf, "The room", y + 24);
  y = keyValues(
    [
      ["Room type", `${room.type.name}: target ${secondsRange(room.type)} (${room.type.source})`],
      ["Length × width × height", size],
      ["Volume", `${result.volume.toFixed(1)} m³`],
      ["Wall area", `${result.wallArea.toFixed(1)} m²`],
      ["Floor", input.surfaces.floor],
      ["Ceiling", input.surfaces.ceiling],
      ["Walls", input.surfaces.walls],
    ],
    y,
  );

  y = heading(pdf, "Panels", y + 24);
  const rec = result.recommendation;
  y = keyValues(
    [
      ["Product", `${room.product.name}, panels of ${panelSize(room.product)}`],
      ["On the walls", `${formatNumber(room.area, 2)} m², ${room.panels} panels`],
      [
        "Recommended",
        rec
          ? rec.panels === 0
            ? "No panels needed"
            : `${rec.panels} panels (${formatNumber(rec.coveredArea, 2)} m²), at least ${formatNumber(rec.area)} m²`
          : "Not reachable with wall panels alone",
      ],
    ],
    y,
  );

  y = heading(pdf, "This result online", y + 24);
  y = paragraph(pdf, "Open the calculator with this room and these figures:", y);
  paragraph(pdf, input.link, y + 2, { colour: COLOURS.moss, link: input.link });
  foot(1);

  // Page 2: per band, the chart, the method and the company's contact.
  pdf.addPage();
  head();
  y = heading(pdf, "Reverberation time per octave band", 72);
  const g = chartGeometry(result);
  const chartHeight = 190;
  const predicted = (rows: BandResult[]) => rows.map((r) => r.predicted);
  pdf.tag(
    "Figure",
    () =>
      drawBandChart(
        pdf,
        { x: M, y, width: CONTENT_WIDTH, height: chartHeight },
        {
          bands: OCTAVE_BANDS.map(bandLabel),
          yMax: g.yMax,
          ticks: g.ticks.map((t) => t.value),
          tickLabel: (v) => `${v}`,
          yTitle: "T (s)",
          xTitle: "Frequency (Hz)",
          band: room.type,
          series: [
            { values: predicted(result.before), colour: COLOURS.inkSoft, lineWidth: 1.5, dash: [5, 4], dots: "ring" },
            { values: predicted(result.after), colour: COLOURS.moss, lineWidth: 2.2, dots: "filled" },
          ],
        },
      ),
    {
      alt:
        `Chart of the reverberation time per octave band, now (dashed) and with panels (solid), against the ` +
        `target of ${secondsRange(room.type)}, shaded; the table below gives the figures.`,
    },
  );
  y += chartHeight + 6;
  pdf.artifact(() => {
    const legend = [
      {
        label: "Now",
        draw: (x: number, ly: number) =>
          pdf.doc
            .moveTo(x, ly)
            .lineTo(x + 18, ly)
            .dash(5, { space: 4 }),
      },
      { label: "With panels", draw: (x: number, ly: number) => pdf.doc.moveTo(x, ly).lineTo(x + 18, ly) },
    ];
    let x = M + 34;
    for (const item of legend) {
      item.draw(x, y + 4);
      pdf.doc
        .lineWidth(2)
        .stroke(item.label === "Now" ? COLOURS.inkSoft : COLOURS.moss)
        .undash();
      pdf.text(item.label, x + 24, y, { size: 8, colour: COLOURS.muted });
      x += 24 + pdf.widthOf(item.label, { size: 8 }) + 18;
    }
    pdf.doc.rect(x, y, 18, 8).fillOpacity(0.2).fill(COLOURS.moss).fillOpacity(1);
    pdf.text(`Target ${secondsRange(room.type)}`, x + 24, y, { size: 8, colour: COLOURS.muted });
  });
  y += 22;
  const columns = (CONTENT_WIDTH - 70) / 4;
  y = drawTable(pdf, {
    x: M,
    y,
    widths: [70, columns, columns, columns, columns],
    align: ["left", "right", "right", "right", "right"],
    head: ["Hz", "Now, Sabine", "Now, Eyring", "With panels, Sabine", "With panels, Eyring"],
    rows: OCTAVE_BANDS.map((band, i) => [
      `${band}`,
      used(result.before[i], "sabine"),
      used(result.before[i], "eyring"),
      used(result.after[i], "sabine"),
      used(result.after[i], "eyring"),
    ]),
  });
  const alpha500 = (rows: readonly BandResult[]) => (rows.find((r) => r.band === 500)?.meanAlpha ?? 0).toFixed(2);
  y = paragraph(
    pdf,
    `In seconds. Mean absorption at 500 Hz now ${alpha500(result.before)}, with panels ${alpha500(result.after)}.`,
    y + 8,
    { colour: COLOURS.muted },
  );

  y = heading(pdf, "Method", y + 22);
  for (const text of METHOD) y = paragraph(pdf, text, y) + 6;

  const contact = new URL("/contact", input.link).href;
  contactPanel(pdf, company, contactTop(y + 16), "For a quote or a plan for this room, write to us:", contact);
  foot(2);

  return pdf.finish();
}

/** The fonts the report embeds: the same files as the datasheets'. */
async function loadFonts(): Promise<PdfFonts> {
  const files = await Promise.all(
    FONT_ROLES.map(async (role) => {
      const response = await fetch(fontHref(role));
      if (!response.ok) throw new Error(`The ${role} font answered ${response.status}`);
      return new Uint8Array(await response.arrayBuffer());
    }),
  );
  return Object.fromEntries(FONT_ROLES.map((role, i) => [role, files[i]])) as PdfFonts;
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
): Promise<void> {
  const button = element.querySelector<HTMLButtonElement>("[data-report]");
  const status = element.querySelector("[data-out=report]");
  if (!button || button.getAttribute("aria-busy") === "true") return;
  const say = (text: string) => {
    if (status) status.textContent = text;
  };
  const data = JSON.parse(element.getAttribute("data-calculator") ?? "{}") as CalculatorData;
  const company = JSON.parse(button.dataset.company ?? "{}") as Company;
  button.setAttribute("aria-busy", "true");
  say("Preparing the report…");
  try {
    const bytes = await reportPdf({
      result,
      surfaces: surfaceNames(fields, data),
      link,
      date: today(),
      company,
      fonts: await loadFonts(),
    });
    const url = URL.createObjectURL(new Blob([bytes], { type: "application/pdf" }));
    const anchor = document.createElement("a");
    anchor.href = url;
    anchor.download = REPORT_FILE_NAME;
    anchor.click();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    say(`Report downloaded: ${REPORT_FILE_NAME}, ${Math.max(1, Math.round(bytes.byteLength / 1024))} KB.`);
  } catch {
    say("The report could not be made. Check your connection and try again.");
  } finally {
    button.removeAttribute("aria-busy");
  }
}
