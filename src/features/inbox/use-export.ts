import { useState } from "react";
import { showToast } from "../forms/Toasts";
import { FALLBACK_MESSAGES, type InboxApi } from "./api";
import { fail } from "./failures";
import type { InboxQuery } from "./inbox-query";
import { saveFile } from "./save-file";

/** The export's formats: the .xlsx workbook (the main download) and the CSV. */
export type ExportFormat = "xlsx" | "csv";

/**
 * Downloading the enquiries the query's filter selects, one download at a time: `exporting` names the
 * format being prepared so that its button can say so. An export is audited, hence `onExported`.
 */
export function useExport(api: InboxApi, query: InboxQuery, onExported: () => void) {
  const [exporting, setExporting] = useState<ExportFormat | null>(null);

  /** Downloads the current view in one format; one download at a time. */
  async function download(format: ExportFormat) {
    if (exporting) return;
    setExporting(format);
    const filter = { kind: query.kind, status: query.status, q: query.q };
    try {
      const { blob, filename, unreadable } = await (format === "xlsx" ? api.exportXlsx(filter) : api.exportCsv(filter));
      saveFile(blob, filename);
      if (unreadable > 0) {
        const records = unreadable === 1 ? "1 stored enquiry" : `${unreadable} stored enquiries`;
        showToast(
          "error",
          "Export incomplete",
          `${records} could not be read and ${unreadable === 1 ? "is" : "are"} not in the file.`,
        );
      }
      onExported();
    } catch (error) {
      fail(error, format === "xlsx" ? FALLBACK_MESSAGES.exportXlsx : FALLBACK_MESSAGES.export);
    } finally {
      setExporting(null);
    }
  }

  return { exporting, download };
}
