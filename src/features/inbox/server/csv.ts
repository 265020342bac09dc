import type { ListedEnquiry } from "./enquiry-schema";

/** The exports' columns, in order (the CSV's and the .xlsx's). */
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
  "replies",
] as const;
export type ExportColumn = (typeof CSV_COLUMNS)[number];

/** One enquiry's cells by column, for both exports: a sample request's finishes in one cell, its address in four. */
export function exportCells(item: ListedEnquiry): Record<ExportColumn, string | boolean | null> {
  return {
    ...item,
    finishes: item.finishes.map((f) => `${f.product}: ${f.name} (${f.key})`).join("; "),
    street: item.address?.street ?? null,
    postal_code: item.address?.postal_code ?? null,
    city: item.address?.city ?? null,
    country: item.address?.country ?? null,
    replies: repliesCell(item),
  };
}

/** The replies sent from the inbox: how many, and when the last went ("2, last 2026-11-27 14:03 UTC"); "0" for none. */
function repliesCell({ replies }: ListedEnquiry): string {
  const last = replies.at(-1);
  return last ? `${replies.length}, last ${last.at.slice(0, 10)} ${last.at.slice(11, 16)} UTC` : "0";
}

/** Marks the file as UTF-8 for spreadsheet programs that would otherwise guess another encoding. */
export const BOM = "\uFEFF";

/**
 * Every place in a value where some spreadsheet may start a cell that then runs as a formula. A cell
 * may start at the value's start, and after each character that some reader splits cells or rows on:
 * `,` (ours), `;` (Excel and LibreOffice in Estonian, Finnish and Swedish settings), tab, CR and LF.
 * A reader that honours quotes never splits inside our quoted cells, whatever its separator; one that
 * splits naively does. A formula starts with `=`, `+`, `-` or `@`, or hides behind a leading tab or
 * CR; double quotes before it do not help, as such a reader may take them for the cell's own quote.
 */
const FORMULA_AT = /(?<=^|[,;\t\r\n])(?="*[=+\-@\t\r])/g;

/**
 * A value with an apostrophe at every place where a spreadsheet could read a formula (see FORMULA_AT),
 * so that whichever way a reader splits the file, each piece starting there is text: `'=1+1`, not 2.
 * The apostrophe shows in the cell; that is the price of a CSV that is safe to open anywhere (the
 * .xlsx export has no such marks: its cells are typed as text).
 */
export function neutralise(text: string): string {
  return text.replace(FORMULA_AT, "'");
}

/**
 * One CSV cell (RFC 4180): text is neutralised (see neutralise) and always quoted, its quotes doubled,
 * so separators and line breaks in it stay inside the cell for any reader that honours quotes. An
 * absent value is an empty cell, and true or false stays bare: neither can start a formula.
 */
export function csvCell(value: string | boolean | null): string {
  if (value === null) return "";
  if (typeof value === "boolean") return String(value);
  return `"${neutralise(value).replace(/"/g, '""')}"`;
}

/** The whole file: byte-order mark, header row, one row per enquiry, each line ended by CRLF; every text cell quoted. */
export function toCsv(items: ListedEnquiry[]): string {
  const rows = items.map(exportCells);
  const lines = [CSV_COLUMNS.map(csvCell), ...rows.map((row) => CSV_COLUMNS.map((c) => csvCell(row[c])))];
  return `${BOM}${lines.map((line) => `${line.join(",")}\r\n`).join("")}`;
}

/** contact-submissions-YYYY-MM-DD.csv for the UTC date of `now`. */
export { csvFileName } from "../api-contract";
