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
import { contactPanel, figureTiles, heading, note, notePanel, paragraph, TOP, title } from "../../lib/pdf/layout";
import { drawTable, keyValueTable } from "../../lib/pdf/table";
import { COLOURS, CONTENT_WIDTH, PAGE } from "../../lib/pdf/theme";
import { longDate } from "../../lib/pdf/writer";
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

export async function datasheetPdf(input: DatasheetInput): Promise<Uint8Array<ArrayBuffer>> {
  const { product: p, company, texts: d } = input;
  const fixed = decimals(input.language.intl);
  const rating = weightedAbsorption(p.absorption.bands);
  const ratingLabel = rating.label.replace(rating.alphaW.toFixed(2), fixed(rating.alphaW, 2));
  const nrc = noiseReductionCoefficient(p.absorption.bands);
  const dataDate = longDate(p.dataDate, input.language.intl);
  return companyPdf(
    {
      company,
      fonts: input.fonts,
      title: d.documentTitle(p.name, company.name),
      subject: d.subject(p.name),
      keywords: d.keywords(p.name),
      language: input.language,
      date: p.dataDate,
      head: { label: d.head(company.name), date: d.dataAsOf(dataDate) },
      foot: (page, pages) => d.foot(p.name, page, pages),
    },
    [
      // Page 1: the product and its sound absorption.
      (pdf) => {
        let y = title(pdf, p.name, p.tagline);

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
          [d.nrc, fixed(nrc, 2)],
          [d.alphaW, fixed(rating.alphaW, 2)],
          [d.class, rating.absorptionClass],
        ] as const;
        y = figureTiles(pdf, tiles, y, { width: columnWidth, height: tileHeight });

        y = heading(pdf, d.absorption, Math.max(y, columnsTop + imageHeight) + 30);
        y = paragraph(pdf, d.absorptionText(p.absorption.mountingDepthMm), y) + 10;
        const values = OCTAVE_BANDS.map((band) => p.absorption.bands[band]);
        y = bandChart(
          pdf,
          {
            height: 215,
            alt: d.chartAlt(
              p.name,
              OCTAVE_BANDS.map((band) => `${band} Hz ${fixed(p.absorption.bands[band], 2)}`).join("; "),
            ),
            yMax: 1.2,
            ticks: [0, 0.2, 0.4, 0.6, 0.8, 1, 1.2],
            tickLabel: (v) => fixed(v, 1),
            emphasise: 1,
            yTitle: "αs",
            xTitle: d.frequency,
            series: [{ values, colour: COLOURS.moss, lineWidth: 2, area: true, dots: "ring" }],
          },
          y,
        );
        const bandWidth = (CONTENT_WIDTH - 90) / OCTAVE_BANDS.length;
        y = drawTable(pdf, {
          x: M,
          y: y + 12,
          widths: [90, ...OCTAVE_BANDS.map(() => bandWidth)],
          align: ["left", ...OCTAVE_BANDS.map(() => "right" as const)],
          head: [d.frequency, ...OCTAVE_BANDS.map(String)],
          rows: [["αs", ...values.map((value) => fixed(value, 2))]],
        });
        note(
          pdf,
          d.rated(ratingLabel, rating.absorptionClass, fixed(nrc, 2), fixed(0.05, 2)) +
            (rating.shape ? d.shapeNote : ""),
          y + 12,
        );
      },

      // Page 2: specifications, fire and environment, finishes, care, the clause and the contact.
      (pdf) => {
        const labelWidth = 190;
        let y = heading(pdf, d.technical, TOP);
        y = keyValueTable(
          pdf,
          [
            [d.dimensions, p.specifications.dimensions],
            [d.standardPanel, `${p.panel.widthMm} × ${p.panel.heightMm} mm`],
            [d.thickness, p.specifications.thickness],
            [d.material, p.specifications.material],
            [d.finish, p.specifications.finish],
            [d.installation, p.specifications.installation],
            [d.testDepth, d.testDepthValue(p.absorption.mountingDepthMm)],
            [d.warranty, d.years(p.warrantyYears)],
          ],
          y,
          labelWidth,
        );

        y = heading(pdf, d.fireAndEnvironment, y + 20);
        const number = new Intl.NumberFormat(input.language.intl, { maximumFractionDigits: 1 });
        y = keyValueTable(
          pdf,
          [
            [d.fire, p.fire.reaction],
            [d.gwp, d.gwpValue(number.format(p.environment.gwpA1A3), p.environment.standard)],
            [d.epd, epdText(p.environment, d)],
            [d.recycled, d.recycledValue(`${number.format(p.environment.recycledContentPercent)} %`)],
          ],
          y,
          labelWidth,
        );
        y = note(pdf, d.sources(p.fire.source, p.environment.source), y + 8) + 4;

        y = heading(pdf, d.finishes, y + 18);
        const perRow = 4;
        const finishWidth = CONTENT_WIDTH / perRow;
        const finishRow = 20;
        const finishesTop = y;
        const finishAt = (i: number) => ({
          x: M + (i % perRow) * finishWidth,
          y: finishesTop + Math.floor(i / perRow) * finishRow,
        });
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

        y = heading(pdf, d.care, y + 16);
        y = paragraph(pdf, p.care, y);
        y = notePanel(pdf, d.clauseHeading, specificationClause(p, company, d, input.language.intl), y + 20);
        contactPanel(pdf, company, y + 14, d.latest(dataDate), input.url);
      },
    ],
  );
}
