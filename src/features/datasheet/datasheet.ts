/**
 * A product's datasheet as PDF bytes: two A4 pages with the figures the product page shows (NRC, αw,
 * class and the absorption per band, from the same rating functions), the fire and environmental
 * data with their sources, finishes, installation and care, a specification clause and the company's
 * contact. Pure: everything comes in as arguments, so tests call it with fixtures and the site calls
 * it at build (product-datasheet.ts).
 */
import { noiseReductionCoefficient, OCTAVE_BANDS, weightedAbsorption } from "../../lib/absorption-ratings";
import type { Product } from "../products/schema";
import { bandLabel, drawBandChart } from "./chart";
import type { PdfFonts } from "./fonts";
import {
  type Company,
  contactPanel,
  contactTop,
  figureTiles,
  footer,
  heading,
  notePanel,
  paragraph,
  runningHead,
  title,
} from "./layout";
import { dayStart, longDate, PdfWriter } from "./pdf";
import { drawTable } from "./table";
import { COLOURS, CONTENT_WIDTH, PAGE } from "./theme";

export type DatasheetProduct = Pick<
  Product,
  | "name"
  | "tagline"
  | "description"
  | "warrantyYears"
  | "specifications"
  | "absorption"
  | "fire"
  | "environment"
  | "finishes"
  | "care"
  | "dataDate"
  | "panel"
>;

export type { Company };

export interface DatasheetInput {
  product: DatasheetProduct;
  /** The product's main image as JPEG, already sized for print. */
  image: { jpeg: Uint8Array; alt: string } | null;
  company: Company;
  /** The product page's address. */
  url: string;
  fonts: PdfFonts;
}

const M = PAGE.margin;
const TWO_DECIMALS = (value: number) => value.toFixed(2);

/** The specification clause a designer can paste into a tender. */
export function specificationClause(product: DatasheetProduct, company: Pick<Company, "name">): string {
  const rating = weightedAbsorption(product.absorption.bands);
  const { thickness } = product.specifications;
  // Mid-sentence: "The Aural Solution" follows the maker's name without its article, and "Solid oak, …"
  // starts in lower case (an acronym such as "MDF" keeps its capitals).
  const name = product.name.replace(/^The\s+/, "");
  const material = product.specifications.material.replace(/^[A-Z](?![A-Z])/, (c) => c.toLowerCase());
  return (
    `Acoustic wall panels shall be ${company.name} ${name}, ${thickness}, ${material}, with a weighted ` +
    `sound absorption coefficient αw ≥ ${rating.alphaW.toFixed(2)} (class ${rating.absorptionClass}, ISO 11654) ` +
    `at ${product.absorption.mountingDepthMm} mm mounting depth, and reaction to fire ${product.fire.reaction} ` +
    "per EN 13501-1."
  );
}

/** The EPD as the datasheet names it. */
export const epdText = (environment: DatasheetProduct["environment"]) =>
  environment.epd ? `${environment.epd.programme}, ${environment.epd.number}` : "No EPD yet";

export async function datasheetPdf(input: DatasheetInput): Promise<Uint8Array<ArrayBuffer>> {
  const { product: p, company } = input;
  const rating = weightedAbsorption(p.absorption.bands);
  const nrc = noiseReductionCoefficient(p.absorption.bands);
  const dataDate = longDate(p.dataDate);
  const pdf = new PdfWriter(
    {
      title: `${p.name} datasheet | ${company.name}`,
      subject: `Technical datasheet of ${p.name}: sound absorption, fire, environment, finishes and care`,
      author: company.legalName,
      keywords: `${p.name}, acoustic wall panels, sound absorption, NRC, αw, EN 13501-1, EN 15804`,
      date: dayStart(p.dataDate),
    },
    input.fonts,
  );
  const pages = 2;
  const head = () => runningHead(pdf, `${company.name} · Product datasheet`, `Data as of ${dataDate}`);
  const foot = (page: number) => footer(pdf, company, `${p.name} datasheet · ${page} / ${pages}`);

  // Page 1: the product and its sound absorption.
  pdf.addPage();
  head();
  let y = title(pdf, p.name, 70);
  y = paragraph(pdf, p.tagline, y, { colour: COLOURS.ink }) + 18;

  const columnWidth = 236;
  const imageX = M + columnWidth + 24;
  const imageWidth = PAGE.width - M - imageX;
  const imageHeight = imageWidth * 0.75;
  const columnsTop = y;
  if (input.image) {
    const { jpeg, alt } = input.image;
    pdf.tag(
      "Figure",
      () => {
        pdf.doc.save();
        pdf.doc.roundedRect(imageX, columnsTop, imageWidth, imageHeight, 8).clip();
        pdf.doc.image(jpeg as unknown as Buffer, imageX, columnsTop, {
          cover: [imageWidth, imageHeight],
          align: "center",
          valign: "center",
        });
        pdf.doc.restore();
      },
      { alt },
    );
  }
  const tileHeight = 54;
  // The figures sit level with the image's foot, or under the description when it is longer.
  y = Math.max(
    paragraph(pdf, p.description, columnsTop, { width: columnWidth }) + 16,
    columnsTop + imageHeight - tileHeight,
  );
  const tiles = [
    ["NRC", nrc.toFixed(2)],
    ["αw", rating.alphaW.toFixed(2)],
    ["Class", rating.absorptionClass],
  ] as const;
  y = figureTiles(pdf, tiles, y, { width: columnWidth, height: tileHeight });

  y = heading(pdf, "Sound absorption", Math.max(y, columnsTop + imageHeight) + 30);
  y =
    paragraph(
      pdf,
      `Sound absorption coefficient αs per octave band, measured to ISO 354 at ${p.absorption.mountingDepthMm} mm ` +
        "mounting depth (the air gap behind the panel in the test). Values above 1.0 can occur in laboratory tests.",
      y,
    ) + 10;
  const values = OCTAVE_BANDS.map((band) => p.absorption.bands[band]);
  const chartHeight = 215;
  pdf.tag(
    "Figure",
    () =>
      drawBandChart(
        pdf,
        { x: M, y, width: CONTENT_WIDTH, height: chartHeight },
        {
          bands: OCTAVE_BANDS.map(bandLabel),
          yMax: 1.2,
          ticks: [0, 0.2, 0.4, 0.6, 0.8, 1, 1.2],
          tickLabel: (v) => v.toFixed(1),
          emphasise: 1,
          yTitle: "αs",
          xTitle: "Frequency (Hz)",
          series: [{ values, colour: COLOURS.moss, lineWidth: 2, area: true, dots: "ring" }],
        },
      ),
    {
      alt:
        `Chart of the sound absorption coefficient of ${p.name} by octave band: ` +
        `${OCTAVE_BANDS.map((band) => `${band} Hz ${TWO_DECIMALS(p.absorption.bands[band])}`).join(", ")}.`,
    },
  );
  y += chartHeight + 12;
  const bandWidth = (CONTENT_WIDTH - 90) / OCTAVE_BANDS.length;
  y = drawTable(pdf, {
    x: M,
    y,
    widths: [90, ...OCTAVE_BANDS.map(() => bandWidth)],
    align: ["left", ...OCTAVE_BANDS.map(() => "right" as const)],
    head: ["Frequency (Hz)", ...OCTAVE_BANDS.map(String)],
    rows: [["αs", ...values.map(TWO_DECIMALS)]],
  });
  paragraph(
    pdf,
    `Rated ${rating.label}, sound absorption class ${rating.absorptionClass} (ISO 11654), from the practical ` +
      `coefficients at 250–4000 Hz; NRC ${nrc.toFixed(2)} (ASTM C423), the mean of 250–2000 Hz to the nearest 0.05.` +
      (rating.shape
        ? " The letters mark where the panel absorbs more than the reference shape: L low, M middle, H high frequencies."
        : ""),
    y + 12,
    { colour: COLOURS.muted },
  );
  foot(1);

  // Page 2: specifications, fire and environment, finishes, care, the clause and the contact.
  pdf.addPage();
  head();
  const labelWidth = 190;
  const specTable = (rows: [string, string][], top: number) =>
    drawTable(pdf, { x: M, y: top, widths: [labelWidth, CONTENT_WIDTH - labelWidth], rows });
  y = heading(pdf, "Technical specifications", 72);
  y = specTable(
    [
      ["Dimensions", p.specifications.dimensions],
      ["Standard panel", `${p.panel.widthMm} × ${p.panel.heightMm} mm`],
      ["Thickness", p.specifications.thickness],
      ["Material", p.specifications.material],
      ["Finish", p.specifications.finish],
      ["Installation", p.specifications.installation],
      ["Mounting depth in the absorption test", `${p.absorption.mountingDepthMm} mm (ISO 354)`],
      ["Warranty", `${p.warrantyYears} years`],
    ],
    y,
  );

  y = heading(pdf, "Fire and environment", y + 20);
  y = specTable(
    [
      ["Reaction to fire (EN 13501-1)", p.fire.reaction],
      ["Global warming potential, A1–A3", `${p.environment.gwpA1A3} kg CO₂e per m² (${p.environment.standard})`],
      ["Environmental product declaration", epdText(p.environment)],
      ["Recycled content", `${p.environment.recycledContentPercent} % by weight`],
    ],
    y,
  );
  y =
    paragraph(
      pdf,
      `Sources. Reaction to fire: ${p.fire.source}. Environmental figures: ${p.environment.source}.`,
      y + 8,
      {
        colour: COLOURS.muted,
      },
    ) + 4;

  y = heading(pdf, "Finishes", y + 18);
  const perRow = 4;
  const finishWidth = CONTENT_WIDTH / perRow;
  const finishRow = 20;
  const finishAt = (i: number) => ({ x: M + (i % perRow) * finishWidth, y: y + Math.floor(i / perRow) * finishRow });
  pdf.artifact(() => {
    p.finishes.forEach((finish, i) => {
      const at = finishAt(i);
      pdf.doc.roundedRect(at.x, at.y, 14, 14, 3).lineWidth(0.5).fillAndStroke(finish.swatch, COLOURS.stone);
    });
  });
  pdf.add(
    pdf.group(
      "L",
      p.finishes.map((finish, i) =>
        pdf.element("LI", () => {
          const at = finishAt(i);
          pdf.text(finish.name, at.x + 22, at.y + 2.5, { width: finishWidth - 26 });
        }),
      ),
    ),
  );
  y += Math.ceil(p.finishes.length / perRow) * finishRow;

  y = heading(pdf, "Care", y + 16);
  y = paragraph(pdf, p.care, y);
  y = notePanel(pdf, "Specification clause", specificationClause(p, company), y + 20);
  contactPanel(
    pdf,
    company,
    contactTop(y + 14),
    `Data as of ${dataDate}. The latest figures are on the product page:`,
    input.url,
  );
  foot(2);

  return pdf.finish();
}
