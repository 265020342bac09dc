import { readFileSync } from "node:fs";
import { join } from "node:path";
import { extractText, getDocumentProxy, getMeta } from "unpdf";
import { beforeAll, describe, expect, it } from "vitest";
import { calculatorLanguage, panelSize } from "../../../../src/features/calculator/format";
import {
  type CalculatorData,
  type CalculatorResult,
  calculate,
  type Fields,
  toQuery,
  validate,
} from "../../../../src/features/calculator/model";
import { type ReportInput, reportPdf, surfaceNames } from "../../../../src/features/calculator/report";
import { EYRING_FROM, OCTAVE_BANDS } from "../../../../src/features/calculator/reverberation";
import { recommendationText, statusText } from "../../../../src/features/calculator/view";
import { en } from "../../../../src/i18n/dictionaries/en";
import { pdfFonts } from "../../../../src/lib/pdf/assets";
import { company, contentProducts } from "../datasheet/fixtures";

/** The calculator in English, as an English page builds it. */
const LANG = calculatorLanguage(en.calculator.ui, ".");
const { seconds, range: secondsRange, number: formatNumber } = LANG.n;

const json = (path: string) => JSON.parse(readFileSync(join(process.cwd(), path), "utf8"));
const strip = <T extends { position?: unknown }>({ position: _, ...rest }: T) => rest;

/** The calculator's real materials, room types and products (the spaces' own types are left out). */
const data: CalculatorData = {
  roomTypes: json("content/calculator/room-types.json").map((t: { position?: number }) => ({
    ...strip(t),
    group: "Teaching and meetings",
  })),
  materials: json("content/calculator/materials.json").map(strip),
  products: contentProducts().map(({ slug, data: p }) => ({
    slug,
    name: p.name,
    alpha: OCTAVE_BANDS.map(
      (band) => p.absorption.bands[band],
    ) as unknown as CalculatorData["products"][number]["alpha"],
    panelWidthMm: p.panel.widthMm,
    panelHeightMm: p.panel.heightMm,
  })),
};

const FIELDS: Fields = {
  length: "9",
  width: "7,5",
  height: "3",
  type: "classroom",
  floor: "carpet",
  ceiling: "plaster",
  walls: "plaster",
  product: "felt-panels",
  amount: "12",
  unit: "panels",
};
const LINK = `http://localhost:8888/tools/room-acoustics-calculator?${toQuery(FIELDS)}`;

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(bytes.slice()), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

describe("the calculator's PDF report", () => {
  let result: CalculatorResult;
  let input: ReportInput;
  let bytes: Uint8Array;
  let text: string;
  beforeAll(async () => {
    const { room, errors } = validate(FIELDS, data, LANG);
    expect(errors).toEqual({});
    if (!room) throw new Error("invalid room");
    result = calculate(room);
    input = {
      result,
      surfaces: surfaceNames(FIELDS, data),
      link: LINK,
      date: "2026-11-23",
      company,
      fonts: await pdfFonts(),
      contactPath: "/contact",
      lang: LANG,
      texts: en.calculator.report,
      language: { tag: "en-GB", intl: "en-GB" },
    };
    bytes = await reportPdf(input);
    text = await pdfText(bytes);
  }, 30_000);

  it("describes the room as the form has it", () => {
    expect(text).toContain("Room acoustics report");
    expect(text).toContain("Classroom, 9 × 7.5 × 3 m, with Felt Panels.");
    expect(text).toContain(`Volume ${result.volume.toFixed(1)} m³`);
    expect(text).toContain(`Wall area ${result.wallArea.toFixed(1)} m²`);
    expect(text).toContain("Floor Carpet on concrete");
    expect(text).toContain("Ceiling Plaster on masonry");
    expect(text).toContain("Walls Plaster on masonry");
    expect(text).toContain(`Classroom: target ${secondsRange(result.room.type)} (${result.room.type.source})`);
  });

  it("gives the page's figures: T(500–1000 Hz), the status, the recommendation and the panels", () => {
    expect(text).toContain(`Now, T(500–1000 Hz) ${seconds(result.midBefore)} s`);
    expect(text).toContain(`With panels ${seconds(result.midAfter)} s`);
    expect(text).toContain(`Target ${secondsRange(result.room.type)}`);
    expect(text).toContain(statusText(result.statusAfter, result.room.type, LANG));
    expect(text).toContain(recommendationText(result, LANG));
    expect(text).toContain(`Product Felt Panels, panels of ${panelSize(result.room.product)}`);
    expect(text).toContain(`On the walls ${formatNumber(result.room.area, 2)} m², 12 panels`);
    const rec = result.recommendation;
    expect(rec).not.toBeNull();
    expect(text).toContain(`Recommended ${rec?.panels} panels`);
  });

  it("tabulates every band, Sabine and Eyring, before and after, as the page does", () => {
    const rows = OCTAVE_BANDS.map((band, i) =>
      [
        band,
        ...[result.before[i], result.after[i]].flatMap((r) => [seconds(r?.sabine ?? 0), seconds(r?.eyring ?? 0)]),
      ].join(" "),
    );
    expect(text).toContain(`Hz Now, Sabine Now, Eyring With panels, Sabine With panels, Eyring ${rows.join(" ")}`);
    const alpha = (rows: typeof result.before) => (rows.find((r) => r.band === 500)?.meanAlpha ?? 0).toFixed(2);
    expect(text).toContain(`Mean absorption at 500 Hz now ${alpha(result.before)}, with panels ${alpha(result.after)}`);
  });

  it("explains the method and links back to the same result", () => {
    expect(text).toContain("Sabine's formula, T = 0.161 V / A");
    expect(text).toContain(`mean absorption A / S is ${EYRING_FROM} or less`);
    expect(text).toContain("Eyring's formula, T = 0.161 V / (−S ln(1 − A / S))");
    // A long address wraps where it must, so it is compared without the line break's space.
    expect(text.replaceAll(" ", "")).toContain(`Openthecalculatorwiththisroomandthesefigures:${LINK}`);
    expect(Buffer.from(bytes).toString("latin1")).toContain(`/URI (${LINK})`);
  });

  it("is two tagged A4 pages, titled, in British English, the same bytes for the same result", async () => {
    const doc = await getDocumentProxy(bytes.slice());
    expect(doc.numPages).toBe(2);
    const { info } = await getMeta(doc);
    expect(info.Title).toBe("Room acoustics report: Classroom, 9 × 7.5 × 3 m | Aural Acoustics");
    expect(info.Language).toBe("en-GB");
    expect(Buffer.from(bytes).toString("latin1")).toContain("/DisplayDocTitle true");
    expect(Buffer.from(await reportPdf(input)).equals(Buffer.from(bytes))).toBe(true);
  });
});
