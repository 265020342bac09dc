import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CSV_COLUMNS, exportCells } from "../../../../../src/features/inbox/server/csv";
import type { ListedEnquiry } from "../../../../../src/features/inbox/server/enquiry-schema";
import { toItem } from "../../../../../src/features/inbox/server/queries";
import { fullRecord } from "../../../../../src/features/inbox/server/storage-layout";
import { toXlsx, XLSX_SHEET, xlsxFileName, xlsxText } from "../../../../../src/features/inbox/server/xlsx";
import { NOW, enquiry as storedEnquiry } from "../../../../support/enquiries";
import { readXlsx, xlsxTexts } from "../../../../support/xlsx";

/** A stored enquiry as the inbox lists it, with a fixed id and date so that rows compare whole. */
const enquiry = (n: number, fields: Record<string, unknown> = {}): ListedEnquiry =>
  toItem(
    fullRecord({
      ...storedEnquiry(n, {
        id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
        created_at: "2025-03-04T05:06:07.089Z",
      }),
      ...fields,
    }),
    n % 2 === 0,
  );

/**
 * The workbook's only sheet as rows of text, checking on the way that every cell of the table is a
 * text cell in the Text format and none is a formula.
 */
async function readBack(bytes: Uint8Array): Promise<string[][]> {
  const sheets = await readXlsx(bytes);
  expect(sheets.map((sheet) => sheet.name)).toEqual([XLSX_SHEET]);
  const rows = sheets[0]?.rows ?? [];
  for (const row of rows) {
    expect(row).toHaveLength(CSV_COLUMNS.length);
    for (const cell of row) {
      expect(cell, cell.address).toMatchObject({ type: "String", formula: false, numFmt: "@" });
      expect(typeof cell.value, cell.address).toBe("string");
    }
  }
  return xlsxTexts(rows);
}

describe("the .xlsx export", () => {
  it("holds the header and one row per enquiry, every cell text, formulas and all written as sent", async () => {
    const items = [
      enquiry(1, {
        name: "=cmd|' /C calc'!A0",
        phone: "+372 5555 0101",
        message: 'x;=HYPERLINK("http://example.com")\r\n-1',
        company: "@SUM(1)",
      }),
      enquiry(2, {
        kind: "samples",
        message: "",
        address: { street: "Mannerheimintie 12", postal_code: "00100", city: "Helsinki", country: "FI" },
        finishes: [{ key: "felt-panels/moss", product: "Felt Panels", name: "Moss" }],
        status: "replied",
        note: "\tTabbed",
        updated_at: "2025-03-05T00:00:00.000Z",
        replies: [
          { id: "7d0c6a52-3f0e-4c1a-9d3e-2a1b4c5d6e71", at: "2025-03-04T09:00:00.000Z", by: "a@x.ee", message: "One" },
          { id: "7d0c6a52-3f0e-4c1a-9d3e-2a1b4c5d6e72", at: "2025-03-05T10:15:00.000Z", by: "a@x.ee", message: "Two" },
        ],
      }),
    ];
    const rows = await readBack(await toXlsx(items, NOW));
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    expect(rows.slice(1)).toEqual(
      items.map((item) => {
        const cells = exportCells(item);
        return CSV_COLUMNS.map((column) => (cells[column] === null ? "" : String(cells[column])));
      }),
    );
    expect(rows[1]?.slice(6, 11)).toEqual([
      "=cmd|' /C calc'!A0",
      "visitor1@example.ee",
      "+372 5555 0101",
      "@SUM(1)",
      'x;=HYPERLINK("http://example.com")\r\n-1',
    ]);
    // Dates as the CSV's ISO text, a postal code with its zeros, true or false as text.
    expect(rows[2]?.slice(3, 6)).toEqual(["2025-03-04T05:06:07.089Z", "2025-03-05T00:00:00.000Z", "replied"]);
    expect(rows[2]?.slice(11)).toEqual([
      "Felt Panels: Moss (felt-panels/moss)",
      "Mannerheimintie 12",
      "00100",
      "Helsinki",
      "FI",
      "\tTabbed",
      "true",
      "2, last 2025-03-05 10:15 UTC",
    ]);
    expect(xlsxFileName(NOW)).toBe("contact-submissions-2026-11-22.xlsx");
  });

  it("has a header row and no rows else for no enquiries", async () => {
    expect(await readBack(await toXlsx([], NOW))).toEqual([[...CSV_COLUMNS]]);
  });

  it("escapes what XML cannot hold, and a literal escape, so every value reads back as it was", async () => {
    expect(xlsxText("a\u0001b\rc\u007f_x0041_\tok\n")).toBe("a_x0001_b_x000D_c_x007F__x005F_x0041_\tok\n");
    // A literal escape right before a character that is itself escaped.
    expect(xlsxText("_x0041\u0000")).toBe("_x005F_x0041_x0000_");
    const tricky = fc.string({
      unit: fc.constantFrom(
        "\u0000",
        "\u0001",
        "\u000b",
        "\r",
        "\n",
        "\t",
        "\u007f",
        "\ufffe",
        "_x",
        "0041",
        "_",
        " ",
        "=",
        "é",
        "😀",
      ),
      maxLength: 12,
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(tricky, fc.string({ unit: "grapheme", maxLength: 8 })), { minLength: 1, maxLength: 6 }),
        async (messages) => {
          const items = messages.map((message, n) => enquiry(n, { message }));
          const rows = await readBack(await toXlsx(items, NOW));
          expect(rows.slice(1).map((row) => row[CSV_COLUMNS.indexOf("message")])).toEqual(messages);
        },
      ),
      { numRuns: 40 },
    );
  });
});
