import { CSV_COLUMNS, type ExportColumn, exportCells } from "./csv";
import type { ListedEnquiry } from "./enquiry-schema";

/** The media type of an Office Open XML workbook (.xlsx). */
export const XLSX_MEDIA_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** Who the workbook's properties name as its author. */
const WORKBOOK_CREATOR = "Aural Acoustics";

/** The worksheet's name, as its tab shows it. */
export const XLSX_SHEET = "Enquiries";

/**
 * Number format "Text" on every cell: a cell that an admin opens and confirms (F2, Enter) stays text
 * instead of being read again as a formula or a number (a postal code such as 00100 keeps its zeros).
 */
const TEXT_FORMAT = "@";

/** Column widths in characters; columns not named are 18 wide. */
const WIDTHS: Partial<Record<ExportColumn, number>> = {
  id: 38,
  created_at: 26,
  updated_at: 26,
  name: 24,
  email: 30,
  message: 60,
  finishes: 40,
  street: 28,
  note: 40,
};

/** Characters the workbook's XML cannot hold or keep as they are (see xlsxText), and their escape. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this escapes
const UNSTORABLE = /[\u0000-\u0008\u000b-\u001f\u007f\ufffe\uffff]/g;
const escapeChar = (c: string) => `_x${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}_`;

/**
 * An underscore that a reader would take for the start of an escape: `_xHHHH` followed by `_`, or by
 * a character that is itself written as an escape (whose own first character is `_`).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters UNSTORABLE escapes, as they follow
const LITERAL_ESCAPE = /_(?=x[0-9A-Fa-f]{4}(?:_|[\u0000-\u0008\u000b-\u001f\u007f\ufffe\uffff]))/g;

/**
 * A value as the workbook's XML stores it so that every reader gets back exactly the same text. XML
 * cannot hold most control characters (the writer would drop them, and a raw CR is read back as LF),
 * so these are written as the format's `_xHHHH_` escape, which spreadsheets decode; the underscore of
 * a literal `_xHHHH_` in a value is itself escaped, or it would be decoded too. Tab and LF stay as
 * they are.
 */
export function xlsxText(value: string): string {
  return value.replace(LITERAL_ESCAPE, "_x005F_").replace(UNSTORABLE, escapeChar);
}

/**
 * The exceljs module, loaded on the first export only, so the other admin routes never pay for it.
 * It is CommonJS: Node hands its exports over as the default export, a bundler may also name them.
 */
export async function loadExcelJs() {
  const loaded = await import("exceljs");
  return ("default" in loaded ? loaded.default : loaded) as typeof loaded;
}

/**
 * The export as an .xlsx workbook: one sheet, the CSV's header row and one row per enquiry in the same
 * order, every cell a text cell in the Text format. No cell is ever a formula, so values need no
 * apostrophes as in the CSV: `=1+1` is written and shown as it was sent. Dates are the CSV's ISO text,
 * true or false is text, and an absent value is an empty text cell. The header row is bold, frozen and
 * filterable. `at` is the workbook's creation time.
 */
export async function toXlsx(items: ListedEnquiry[], at: number): Promise<Uint8Array<ArrayBuffer>> {
  const { Workbook } = await loadExcelJs();
  const workbook = new Workbook();
  workbook.creator = WORKBOOK_CREATOR;
  workbook.lastModifiedBy = WORKBOOK_CREATOR;
  workbook.created = new Date(at);
  workbook.modified = new Date(at);
  const sheet = workbook.addWorksheet(XLSX_SHEET, { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = CSV_COLUMNS.map((column) => ({ key: column, width: WIDTHS[column] ?? 18 }));
  const text = (value: string | boolean | null) => xlsxText(value === null ? "" : String(value));
  const rows = [
    CSV_COLUMNS.map(text),
    ...items.map((item) => {
      const cells = exportCells(item);
      return CSV_COLUMNS.map((column) => text(cells[column]));
    }),
  ];
  for (const values of rows) {
    const row = sheet.addRow(values);
    // Every cell of the row, empty ones included, is a string with the Text format.
    for (let n = 1; n <= CSV_COLUMNS.length; n++) {
      const cell = row.getCell(n);
      cell.value = values[n - 1] ?? "";
      cell.numFmt = TEXT_FORMAT;
    }
  }
  sheet.getRow(1).font = { bold: true };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: CSV_COLUMNS.length } };
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** contact-submissions-YYYY-MM-DD.xlsx for the UTC date of `at`. */
export { xlsxFileName } from "../api-contract";
