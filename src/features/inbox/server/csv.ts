import type { SubmissionItem } from "./submission-schema";

/** The export's columns, in order. */
export const CSV_COLUMNS = [
  "id",
  "kind",
  "language",
  "created_at",
  "updated_at",
  "status",
  "name",
  "email",
  "phone",
  "company",
  "message",
  "finishes",
  "street",
  "postal_code",
  "city",
  "country",
  "note",
  "notified",
] as const;
type Column = (typeof CSV_COLUMNS)[number];

/** One enquiry's cells by column: a sample request's finishes in one cell, its address in four. */
function cells(item: SubmissionItem): Record<Column, string | boolean | null> {
  return {
    ...item,
    finishes: item.finishes.map((f) => `${f.product}: ${f.name} (${f.key})`).join("; "),
    street: item.address?.street ?? null,
    postal_code: item.address?.postal_code ?? null,
    city: item.address?.city ?? null,
    country: item.address?.country ?? null,
  };
}

/** Marks the file as UTF-8 for spreadsheet programs that would otherwise guess another encoding. */
export const BOM = "\uFEFF";

/** Cells a spreadsheet would read as a formula (or that hide one behind a tab or CR). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180): a cell that a spreadsheet would run as a formula gets a leading
 * apostrophe, and a cell holding a comma, double quote, CR or LF is quoted with its quotes doubled.
 */
export function csvCell(value: string | boolean | null): string {
  let text = value === null ? "" : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The whole file: byte-order mark, header row, one row per enquiry, each line ended by CRLF. */
export function toCsv(items: SubmissionItem[]): string {
  const rows = items.map(cells);
  const lines = [CSV_COLUMNS.join(","), ...rows.map((row) => CSV_COLUMNS.map((c) => csvCell(row[c])).join(","))];
  return `${BOM}${lines.map((line) => `${line}\r\n`).join("")}`;
}

/** contact-submissions-YYYY-MM-DD.csv for the UTC date of `now`. */
export { csvFileName } from "../record";
