import { type ApiErrorCode, apiError } from "../../lib/api-error";
import { csvFileName, INBOX_API_PATH, UNREADABLE_HEADER, xlsxFileName } from "./api-contract";
import { filterParams } from "./inbox-query";
import type { AuditEntry, ItemChange, Kind, ListedEnquiry, ListPage, SentReply, Status } from "./inbox-types";

const BASE = INBOX_API_PATH;

/** What each call says when the answer carries no error message of its own. */
export const FALLBACK_MESSAGES = {
  list: "Failed to fetch contact submissions",
  update: "Failed to update the enquiry",
  remove: "Failed to delete the enquiry",
  erase: "Failed to erase the enquiries",
  audit: "Failed to fetch the audit log",
  export: "Failed to download the CSV file",
  exportXlsx: "Failed to download the spreadsheet",
  reply: "Failed to send the reply",
} as const;

/** A refused or failed call: the API's message (or the call's fallback), its code and field messages. */
export class InboxApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: ApiErrorCode | null = null,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = "InboxApiError";
  }
}

/**
 * Renews the session once its cookie has run out (see renewSession); false when nobody is signed in
 * any more, and the call is then refused as it was.
 */
export type RenewSession = () => Promise<boolean>;
type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

export interface ListRequest {
  /** null: both kinds; the counts are then of both too. */
  kind: Kind | null;
  status: Status | null;
  q: string;
  cursor?: string | null;
  limit?: number;
}

/** What an export takes: the filters of the list, without paging. */
export type ExportFilter = Pick<ListRequest, "kind" | "status" | "q">;

/** A downloaded export: its bytes, the name to save it under, and how many unreadable enquiries it left out. */
export interface ExportFile {
  blob: Blob;
  filename: string;
  unreadable: number;
}

/**
 * The admin API as the inbox uses it. Calls carry the session cookie (same-origin requests send it);
 * a call refused because the session ran out renews it once and is sent again.
 */
export function createInboxApi(renew: RenewSession, fetchImpl: Fetch = (input, init) => fetch(input, init)) {
  async function send(path: string, init: RequestInit, fallback: string): Promise<Response> {
    try {
      return await fetchImpl(path, init);
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") throw error;
      throw new InboxApiError(fallback, 0);
    }
  }

  async function call(path: string, init: RequestInit, fallback: string): Promise<Response> {
    let response = await send(path, init, fallback);
    if (response.status === 401 && (await renew().catch(() => false))) response = await send(path, init, fallback);
    if (response.ok) return response;
    const error = apiError(await response.json().catch(() => null));
    throw new InboxApiError(error?.message || fallback, response.status, error?.code ?? null, error?.fields ?? {});
  }

  async function readJson<T>(response: Response, fallback: string): Promise<T> {
    const body: unknown = await response.json().catch(() => null);
    if (body === null || typeof body !== "object") throw new InboxApiError(fallback, response.status);
    return body as T;
  }

  /** An export of what `filter` selects, named as the server says or else `fallbackName`. */
  async function download(file: string, filter: ExportFilter, fallback: string, fallbackName: string) {
    const query = filterParams(filter).toString();
    const response = await call(`${BASE}/${file}${query ? `?${query}` : ""}`, {}, fallback);
    const filename = filenameFromDisposition(response.headers.get("content-disposition")) ?? fallbackName;
    const unreadable = Number(response.headers.get(UNREADABLE_HEADER) ?? 0) || 0;
    return { blob: await response.blob(), filename, unreadable };
  }

  const itemPath = (id: string) => `${BASE}/${encodeURIComponent(id)}`;
  const jsonBody = (value: unknown): RequestInit => ({
    headers: { "content-type": "application/json" },
    body: JSON.stringify(value),
  });

  return {
    async list(request: ListRequest, signal?: AbortSignal): Promise<ListPage> {
      const params = filterParams(request);
      if (request.cursor) params.set("cursor", request.cursor);
      if (request.limit) params.set("limit", String(request.limit));
      const query = params.toString();
      const init: RequestInit = signal ? { signal } : {};
      const response = await call(`${BASE}${query ? `?${query}` : ""}`, init, FALLBACK_MESSAGES.list);
      return readJson<ListPage>(response, FALLBACK_MESSAGES.list);
    },

    async update(id: string, change: ItemChange): Promise<ListedEnquiry> {
      const response = await call(itemPath(id), { method: "PATCH", ...jsonBody(change) }, FALLBACK_MESSAGES.update);
      return readJson<ListedEnquiry>(response, FALLBACK_MESSAGES.update);
    },

    async reply(id: string, message: string): Promise<SentReply> {
      const response = await call(
        `${itemPath(id)}/reply`,
        { method: "POST", ...jsonBody({ message }) },
        FALLBACK_MESSAGES.reply,
      );
      return readJson<SentReply>(response, FALLBACK_MESSAGES.reply);
    },

    async remove(id: string): Promise<void> {
      await call(itemPath(id), { method: "DELETE" }, FALLBACK_MESSAGES.remove);
    },

    async erase(email: string): Promise<number> {
      const response = await call(`${BASE}/erase`, { method: "POST", ...jsonBody({ email }) }, FALLBACK_MESSAGES.erase);
      return (await readJson<{ erased: number }>(response, FALLBACK_MESSAGES.erase)).erased;
    },

    async audit(): Promise<AuditEntry[]> {
      const response = await call(`${BASE}/audit`, {}, FALLBACK_MESSAGES.audit);
      return (await readJson<{ entries: AuditEntry[] }>(response, FALLBACK_MESSAGES.audit)).entries;
    },

    /** The CSV as bytes (a Blob keeps its byte-order mark, which text() would drop) and its file name. */
    exportCsv(filter: ExportFilter, today = new Date()): Promise<ExportFile> {
      return download("export.csv", filter, FALLBACK_MESSAGES.export, csvFileName(today));
    },

    /** The same enquiries as an .xlsx workbook, and its file name. */
    exportXlsx(filter: ExportFilter, today = new Date()): Promise<ExportFile> {
      return download("export.xlsx", filter, FALLBACK_MESSAGES.exportXlsx, xlsxFileName(today));
    },
  };
}

export type InboxApi = ReturnType<typeof createInboxApi>;

/** The file names the exports would get without a Content-Disposition: the server's own (UTC day). */
export { csvFileName, xlsxFileName };

/**
 * The file name of an attachment (`filename*=UTF-8''…` preferred over `filename="…"`), reduced to a
 * safe base name; null when none is given.
 */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  let name: string | undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1];
  if (extended) {
    try {
      name = decodeURIComponent(extended.trim());
    } catch {
      name = undefined;
    }
  }
  name ??= /filename\s*=\s*"((?:[^"\\]|\\.)*)"/.exec(header)?.[1]?.replace(/\\(.)/g, "$1");
  name ??= /filename\s*=\s*([^;\s]+)/.exec(header)?.[1];
  const safe = name
    ?.split(/[\\/]/)
    .pop()
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
    ?.replace(/[\u0000-\u001f\u007f]/g, "")
    .trim();
  return safe && safe !== "." && safe !== ".." ? safe : null;
}
