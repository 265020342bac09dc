import { loadExcelJs } from "../../src/features/inbox/server/xlsx";

/** One cell as a reader of the file finds it. */
export interface XlsxCell {
  address: string;
  /** exceljs's name for the cell's type: "String", "Formula", "Number", "Null"... */
  type: string;
  /** Whether the cell holds a formula, whatever its type says. */
  formula: boolean;
  numFmt: string | undefined;
  value: unknown;
}

/**
 * An .xlsx file read with exceljs: each sheet's name and its cells row by row, every row from the
 * first to the last that is used, each from column 1 to the sheet's last used column.
 */
export async function readXlsx(bytes: Uint8Array): Promise<{ name: string; rows: XlsxCell[][] }[]> {
  const { Workbook, ValueType } = await loadExcelJs();
  const typeName = new Map(Object.entries(ValueType).map(([name, value]) => [value, name]));
  const workbook = new Workbook();
  await workbook.xlsx.load(bytes.slice().buffer);
  return workbook.worksheets.map((sheet) => {
    const rows: XlsxCell[][] = [];
    for (let r = 1; r <= sheet.rowCount; r++) {
      const row = sheet.getRow(r);
      const cells: XlsxCell[] = [];
      for (let c = 1; c <= sheet.columnCount; c++) {
        const cell = row.getCell(c);
        cells.push({
          address: cell.address,
          type: typeName.get(cell.type) ?? String(cell.type),
          formula: cell.type === ValueType.Formula || Boolean(cell.formula),
          numFmt: cell.numFmt,
          value: cell.value,
        });
      }
      rows.push(cells);
    }
    return { name: sheet.name, rows };
  });
}

/** The cells' values as text, row by row: what each row says, for comparing with the CSV. */
export const xlsxTexts = (rows: XlsxCell[][]) => rows.map((row) => row.map((cell) => String(cell.value ?? "")));
