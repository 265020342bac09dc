import { extractText, getDocumentProxy, getMeta } from "unpdf";
import { beforeAll, describe, expect, it } from "vitest";
import { datasheetPdf, epdText, specificationClause } from "../../../../src/features/datasheet/datasheet";
import { en } from "../../../../src/i18n/dictionaries/en";
import { noiseReductionCoefficient, OCTAVE_BANDS, weightedAbsorption } from "../../../../src/lib/absorption-ratings";
import { PDF_CHARACTERS } from "../../../../src/lib/pdf/fonts";
import { longDate } from "../../../../src/lib/pdf/writer";
import { type ContentProduct, company, contentProducts, datasheetInput } from "./fixtures";

const MAX_BYTES = 400 * 1024;
const products = contentProducts();

/** The text of a PDF with runs of white space as single spaces, as a reader copies it. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(bytes.slice()), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString("latin1");

describe("product datasheets", () => {
  const made = new Map<string, { bytes: Uint8Array; text: string }>();
  beforeAll(async () => {
    for (const product of products) {
      const bytes = await datasheetPdf(await datasheetInput(product));
      made.set(product.slug, { bytes, text: await pdfText(bytes) });
    }
  }, 60_000);
  const sheet = (product: ContentProduct) => made.get(product.slug) ?? { bytes: new Uint8Array(), text: "" };

  it("covers the five products", () => {
    expect(products.map((p) => p.slug).sort()).toEqual([
      "aural-solution",
      "felt-panels",
      "grooved-panels",
      "perforated-panels",
      "veneered-panels",
    ]);
  });

  describe.each(products)("$slug", (product) => {
    const p = product.data;
    const rating = weightedAbsorption(p.absorption.bands);

    it("states the product page's figures: NRC, αw, class and every band", () => {
      const { text } = sheet(product);
      expect(text).toContain(p.name);
      expect(text).toContain(p.description);
      expect(text).toContain(`NRC ${p.specifications.nrc.toFixed(2)}`);
      expect(text).toContain(`αw ${rating.alphaW.toFixed(2)}`);
      expect(text).toContain(`Rated ${rating.label}, sound absorption class ${rating.absorptionClass}`);
      const row = `αs ${OCTAVE_BANDS.map((band) => p.absorption.bands[band].toFixed(2)).join(" ")}`;
      expect(text).toContain(`Frequency (Hz) ${OCTAVE_BANDS.join(" ")} ${row}`);
      expect(text).toContain(`${p.absorption.mountingDepthMm} mm mounting depth`);
    });

    it("states fire, environmental and physical data, with their sources", () => {
      const { text } = sheet(product);
      expect(text).toContain(`Reaction to fire (EN 13501-1) ${p.fire.reaction}`);
      expect(text).toContain(`A1–A3 ${p.environment.gwpA1A3} kg CO₂e per m² (EN 15804+A2)`);
      expect(text).toContain(`Environmental product declaration ${epdText(p.environment, en.datasheet)}`);
      expect(text).toContain(`Recycled content ${p.environment.recycledContentPercent} % by weight`);
      expect(text).toContain(`Reaction to fire: ${p.fire.source}`);
      expect(text).toContain(`Environmental figures: ${p.environment.source}`);
      expect(text).toContain("Illustrative");
      expect(text).toContain(`Dimensions ${p.specifications.dimensions}`);
      expect(text).toContain(`Thickness ${p.specifications.thickness}`);
      expect(text).toContain(`Installation ${p.specifications.installation}`);
      expect(text).toContain(`Mounting depth in the absorption test ${p.absorption.mountingDepthMm} mm`);
      expect(text).toContain(p.care);
      for (const finish of p.finishes) expect(text).toContain(finish.name);
    });

    it("ends with the specification clause, the contact and the date of the data", () => {
      const { text } = sheet(product);
      const clause = specificationClause(p, company, en.datasheet, "en-GB");
      expect(clause).toContain(`αw ≥ ${rating.alphaW.toFixed(2)} (class ${rating.absorptionClass}, ISO 11654)`);
      expect(clause).toContain(`reaction to fire ${p.fire.reaction} per EN 13501-1`);
      expect(text).toContain(clause);
      expect(text).toContain(`${company.email} · ${company.phone}`);
      expect(text).toContain(`Data as of ${longDate(p.dataDate, "en-GB")}`);
      expect(text).toContain(`http://localhost:8888/products/${product.slug}`);
    });

    it(`is two A4 pages within ${MAX_BYTES / 1024} KB, titled, in British English and tagged`, async () => {
      const { bytes } = sheet(product);
      expect(bytes.byteLength).toBeLessThanOrEqual(MAX_BYTES);
      const doc = await getDocumentProxy(bytes.slice());
      expect(doc.numPages).toBe(2);
      const { info } = await getMeta(doc);
      expect(info.Title).toBe(`${p.name} datasheet | Aural Acoustics`);
      expect(info.Language).toBe("en-GB");
      const raw = latin1(bytes);
      expect(raw).toContain("/DisplayDocTitle true");
      expect(raw).toContain("/Lang (en-GB)");
      expect(raw).toMatch(/\/MarkInfo \d+ 0 R/);
      expect(raw).toContain("/Marked true");
      expect(raw).toMatch(/\/StructTreeRoot \d+ 0 R/);
      // The fonts are embedded (as subsets) and no standard font is used.
      expect(raw.match(/\/FontFile2/g)?.length).toBe(3);
      expect(raw).not.toMatch(/\/BaseFont \/(Helvetica|Times|Courier)/);
    });

    it("is the same bytes every time, dated by the data", async () => {
      const again = await datasheetPdf(await datasheetInput(product));
      expect(Buffer.from(again).equals(Buffer.from(sheet(product).bytes))).toBe(true);
      const { info } = await getMeta(await getDocumentProxy(again));
      expect(info.CreationDate).toBe(`D:${p.dataDate.replaceAll("-", "")}000000Z`);
      expect(info.ModDate).toBe(info.CreationDate);
    });

    it("only prints characters its fonts have", () => {
      const printed = JSON.stringify(p) + JSON.stringify(company);
      const missing = [...new Set(printed)].filter((c) => !PDF_CHARACTERS.includes(c) && c !== "\n");
      expect(missing).toEqual([]);
    });
  });

  it("follows the data: another value in one band changes the table, the ratings and the bytes", async () => {
    const felt = products.find((p) => p.slug === "felt-panels") as ContentProduct;
    const bands = { ...felt.data.absorption.bands, "500": 0.3, "1000": 0.45 };
    const changed = { ...felt, data: { ...felt.data, absorption: { ...felt.data.absorption, bands } } };
    const bytes = await datasheetPdf(await datasheetInput(changed));
    const text = await pdfText(bytes);
    const before = weightedAbsorption(felt.data.absorption.bands);
    const after = weightedAbsorption(bands);
    expect(after.alphaW).not.toBe(before.alphaW);
    expect(Buffer.from(bytes).equals(Buffer.from(sheet(felt).bytes))).toBe(false);
    expect(text).toContain(`αs 0.15 0.40 0.30 0.45 0.90 0.85`);
    expect(text).toContain(`Rated ${after.label}, sound absorption class ${after.absorptionClass}`);
    expect(text).toContain(`NRC ${noiseReductionCoefficient(bands).toFixed(2)}`);
    expect(text).toContain(`αw ≥ ${after.alphaW.toFixed(2)}`);
    expect(text).not.toContain(`αw ≥ ${before.alphaW.toFixed(2)}`);
  });

  it("refuses content that would run past a page rather than add pages", async () => {
    const felt = products.find((p) => p.slug === "felt-panels") as ContentProduct;
    const long = { ...felt, data: { ...felt.data, care: `${felt.data.care} `.repeat(40) } };
    await expect(datasheetPdf(await datasheetInput(long))).rejects.toThrow(/ran past the bottom of a page/);
  });
});
