/**
 * A product's datasheet as PDF bytes: two A4 pages with the figures the product page shows (NRC, αw,
 * class and the absorption per band, from the same rating functions), the fire and environmental
 * data with their sources, finishes, installation and care, a specification clause and the company's
 * contact. Pure: everything comes in as arguments, so tests call it with fixtures and the site calls
 * it at build (product-datasheet.ts).
 */
import type { Dictionary } from "../../i18n/dictionary";
import { noiseReductionCoefficient, OCTAVE_BANDS, weightedAbsorption } from "../../lib/absorption-ratings";
import { bandChart } from "../../lib/pdf/chart";
import type { Company } from "../../lib/pdf/company";
import { companyPdf, type DocumentLanguage } from "../../lib/pdf/document";
import type { PdfFonts } from "../../lib/pdf/fonts";
import {
  contactPanel,
  figureTiles,
  heading,
  keyValueTable,
  note,
  notePanel,
  paragraph,
  TOP,
  table,
  title,
} from "../../lib/pdf/layout";
import { COLOURS, CONTENT_WIDTH, PAGE } from "../../lib/pdf/theme";
import { longDate, type PdfWriter } from "../../lib/pdf/writer";
import type { Product } from "../products/schema";

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

export interface DatasheetInput {
  product: DatasheetProduct;
  /** The product's main image as JPEG, already sized for print. */
  image: { jpeg: Uint8Array; alt: string } | null;
  company: Company;
  /** The product page's address. */
  url: string;
  fonts: PdfFonts;
  /** The datasheet's texts, and the language it is written in. */
  texts: DatasheetTexts;
  language: DocumentLanguage;
}

export type DatasheetTexts = Dictionary["datasheet"];

const M = PAGE.margin;
/** The width of page 1's text column, beside the image, and of the label column in page 2's tables. */
const COLUMN_WIDTH = 236;
const LABEL_WIDTH = 190;

/** Numbers as the datasheet prints them in its language: a decimal comma in Estonian, Finnish and Swedish. */
const decimals = (intl: string) => (value: number, digits: number) =>
  new Intl.NumberFormat(intl, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: false,
  }).format(value);

/** The specification clause a designer can paste into a tender. */
export function specificationClause(
  product: DatasheetProduct,
  company: Pick<Company, "name">,
  texts: DatasheetTexts,
  intl: string,
): string {
  const rating = weightedAbsorption(product.absorption.bands);
  const { thickness } = product.specifications;
  // Mid-sentence: "The Aural Solution" follows the maker's name without its article, and "Solid oak, …"
  // starts in lower case (an acronym such as "MDF" keeps its capitals).
  const name = product.name.replace(/^The\s+/, "");
  const material = product.specifications.material.replace(/^\p{Lu}(?!\p{Lu})/u, (c) => c.toLowerCase());
  return texts.clause({
    company: company.name,
    name,
    thickness,
    material,
    alphaW: decimals(intl)(rating.alphaW, 2),
    absorptionClass: rating.absorptionClass,
    depth: product.absorption.mountingDepthMm,
    fire: product.fire.reaction,
  });
}

/** The EPD as the datasheet names it. */
export const epdText = (environment: DatasheetProduct["environment"], texts: DatasheetTexts) =>
  environment.epd ? `${environment.epd.programme}, ${environment.epd.number}` : texts.noEpd;

/** What the datasheet's sections share: the input, the ratings, and numbers and dates as it writes them. */
interface Sheet extends DatasheetInput {
  /** A number with so many decimals, in the datasheet's language. */
  fixed: (value: number, digits: number) => string;
  rating: ReturnType<typeof weightedAbsorption>;
  nrc: number;
  /** The date of the data, written out. */
  dataDate: string;
}

export async function datasheetPdf(input: DatasheetInput): Promise<Uint8Array<ArrayBuffer>> {
  const { product: p, company, texts: d } = input;
  const sheet: Sheet = {
    ...input,
    fixed: decimals(input.language.intl),
    rating: weightedAbsorption(p.absorption.bands),
    nrc: noiseReductionCoefficient(p.absorption.bands),
    dataDate: longDate(p.dataDate, input.language.intl),
  };
  return companyPdf(
    {
      company,
      fonts: input.fonts,
      title: d.documentTitle(p.name, company.name),
      subject: d.subject(p.name),
      keywords: d.keywords(p.name),
      language: input.language,
      date: p.dataDate,
      head: { label: d.head(company.name), date: d.dataAsOf(sheet.dataDate) },
      foot: (page, pages) => d.foot(p.name, page, pages),
    },
    [(pdf) => productPage(pdf, sheet), (pdf) => specificationPage(pdf, sheet)],
  );
}

/** Page 1: the product and its sound absorption. */
function productPage(pdf: PdfWriter, sheet: Sheet): void {
  let y = introduction(pdf, sheet);
  y = absorptionChart(pdf, sheet, y + 30);
  bandTable(pdf, sheet, y + 12);
}

/** Page 2: specifications, fire and environment, finishes, care, the clause and the contact. */
function specificationPage(pdf: PdfWriter, sheet: Sheet): void {
  const { product: p, company, texts: d } = sheet;
  let y = technicalTable(pdf, sheet, TOP);
  y = fireAndEnvironment(pdf, sheet, y + 20);
  y = finishes(pdf, sheet, y + 18);
  y = paragraph(pdf, p.care, heading(pdf, d.care, y + 16));
  y = notePanel(pdf, d.clauseHeading, specificationClause(p, company, d, sheet.language.intl), y + 20);
  contactPanel(pdf, company, y + 14, d.latest(sheet.dataDate), sheet.url);
}

/**
 * The title, then the description and the key figures in a column beside the product's image; the
 * figures sit level with the image's foot, or under the description when it is longer. Returns the y
 * below both.
 */
function introduction(pdf: PdfWriter, { product: p, image, texts: d, fixed, rating, nrc }: Sheet): number {
  const top = title(pdf, p.name, p.tagline);
  const x = M + COLUMN_WIDTH + 24;
  const width = PAGE.width - M - x;
  const height = width * 0.75;
  if (image) productImage(pdf, image, { x, y: top, width, height });
  const tileHeight = 54;
  const y = Math.max(paragraph(pdf, p.description, top, { width: COLUMN_WIDTH }) + 16, top + height - tileHeight);
  const tiles = [
    [d.nrc, fixed(nrc, 2)],
    [d.alphaW, fixed(rating.alphaW, 2)],
    [d.class, rating.absorptionClass],
  ] as const;
  return Math.max(figureTiles(pdf, tiles, y, { width: COLUMN_WIDTH, height: tileHeight }), top + height);
}

/** The image with rounded corners, cropped to fill its box. */
function productImage(
  pdf: PdfWriter,
  { jpeg, alt }: { jpeg: Uint8Array; alt: string },
  box: { x: number; y: number; width: number; height: number },
): void {
  pdf.tag(
    "Figure",
    () => {
      pdf.doc.save();
      pdf.doc.roundedRect(box.x, box.y, box.width, box.height, 8).clip();
      pdf.doc.image(jpeg as unknown as Buffer, box.x, box.y, {
        cover: [box.width, box.height],
        align: "center",
        valign: "center",
      });
      pdf.doc.restore();
    },
    { alt },
  );
}

/** The heading, what the coefficients mean, and the chart of them per band. */
function absorptionChart(pdf: PdfWriter, { product: p, texts: d, fixed }: Sheet, top: number): number {
  const { bands } = p.absorption;
  const y = paragraph(pdf, d.absorptionText(p.absorption.mountingDepthMm), heading(pdf, d.absorption, top)) + 10;
  return bandChart(
    pdf,
    {
      height: 215,
      alt: d.chartAlt(p.name, OCTAVE_BANDS.map((band) => `${band} Hz ${fixed(bands[band], 2)}`).join("; ")),
      yMax: 1.2,
      ticks: [0, 0.2, 0.4, 0.6, 0.8, 1, 1.2],
      tickLabel: (v) => fixed(v, 1),
      emphasise: 1,
      yTitle: "αs",
      xTitle: d.frequency,
      series: [
        {
          values: OCTAVE_BANDS.map((band) => bands[band]),
          colour: COLOURS.moss,
          lineWidth: 2,
          area: true,
          dots: "ring",
        },
      ],
    },
    y,
  );
}

/** The coefficient per band as a table, and the ratings drawn from them under it. */
function bandTable(pdf: PdfWriter, { product: p, texts: d, fixed, rating, nrc }: Sheet, top: number): void {
  const band = (CONTENT_WIDTH - 90) / OCTAVE_BANDS.length;
  const y = table(pdf, {
    y: top,
    widths: [90, ...OCTAVE_BANDS.map(() => band)],
    align: ["left", ...OCTAVE_BANDS.map(() => "right" as const)],
    head: [d.frequency, ...OCTAVE_BANDS.map(String)],
    rows: [["αs", ...OCTAVE_BANDS.map((b) => fixed(p.absorption.bands[b], 2))]],
  });
  const label = rating.label.replace(rating.alphaW.toFixed(2), fixed(rating.alphaW, 2));
  const rated = d.rated(label, rating.absorptionClass, fixed(nrc, 2), fixed(0.05, 2));
  note(pdf, rated + (rating.shape ? d.shapeNote : ""), y + 12);
}

/** The panel's size, build, installation, test mounting and warranty. */
function technicalTable(pdf: PdfWriter, { product: p, texts: d }: Sheet, top: number): number {
  const spec = p.specifications;
  return keyValueTable(
    pdf,
    [
      [d.dimensions, spec.dimensions],
      [d.standardPanel, `${p.panel.widthMm} × ${p.panel.heightMm} mm`],
      [d.thickness, spec.thickness],
      [d.material, spec.material],
      [d.finish, spec.finish],
      [d.installation, spec.installation],
      [d.testDepth, d.testDepthValue(p.absorption.mountingDepthMm)],
      [d.warranty, d.years(p.warrantyYears)],
    ],
    heading(pdf, d.technical, top),
    LABEL_WIDTH,
  );
}

/** Reaction to fire and the environmental figures, with their sources under them. */
function fireAndEnvironment(pdf: PdfWriter, { product: p, texts: d, language }: Sheet, top: number): number {
  const number = new Intl.NumberFormat(language.intl, { maximumFractionDigits: 1 });
  const y = keyValueTable(
    pdf,
    [
      [d.fire, p.fire.reaction],
      [d.gwp, d.gwpValue(number.format(p.environment.gwpA1A3), p.environment.standard)],
      [d.epd, epdText(p.environment, d)],
      [d.recycled, d.recycledValue(`${number.format(p.environment.recycledContentPercent)} %`)],
    ],
    heading(pdf, d.fireAndEnvironment, top),
    LABEL_WIDTH,
  );
  return note(pdf, d.sources(p.fire.source, p.environment.source), y + 8) + 4;
}

/** The finishes as a list, four to a row, each with its swatch. */
function finishes(pdf: PdfWriter, { product: p, texts: d }: Sheet, top: number): number {
  const y = heading(pdf, d.finishes, top);
  const perRow = 4;
  const width = CONTENT_WIDTH / perRow;
  const rowHeight = 20;
  const at = (i: number) => ({ x: M + (i % perRow) * width, y: y + Math.floor(i / perRow) * rowHeight });
  pdf.artifact(() => {
    p.finishes.forEach((finish, i) => {
      const spot = at(i);
      pdf.doc.roundedRect(spot.x, spot.y, 14, 14, 3).lineWidth(0.5).fillAndStroke(finish.swatch, COLOURS.stone);
    });
  });
  pdf.add(
    pdf.group(
      "L",
      p.finishes.map((finish, i) =>
        pdf.element("LI", () => {
          const spot = at(i);
          pdf.text(finish.name, spot.x + 22, spot.y + 2.5, { width: width - 26 });
        }),
      ),
    ),
  );
  return y + Math.ceil(p.finishes.length / perRow) * rowHeight;
}
