import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { renewSession } from "../auth/renew-session";
import { signInAgain } from "../auth/session";
import { BusyButton } from "../forms/BusyButton";
import { showToast } from "../forms/Toasts";
import { AuditLog } from "./AuditLog";
import { createInboxApi, FALLBACK_MESSAGES, InboxApiError } from "./api";
import { BulkActions, useBulkMark } from "./BulkActions";
import { Disclosure } from "./Disclosure";
import { type ChangeResult, EnquiryDialog } from "./EnquiryDialog";
import { EraseByEmail } from "./EraseByEmail";
import { findById } from "./find-item";
import type { Item, ItemChange, Kind, Status, UnreadableRecord } from "./inbox-types";
import { KindFilter } from "./KindFilter";
import { appendPage, fromPage, type LoadedList, withRemoved, withUpdated } from "./list-state";
import { SearchBox } from "./SearchBox";
import { StatusTabs } from "./StatusTabs";
import { SubmissionsTable } from "./SubmissionsTable";
import { saveFile } from "./save-file";
import { useInboxQuery } from "./use-inbox-query";

/** The export's formats: the .xlsx workbook (the main download) and the CSV. */
type ExportFormat = "xlsx" | "csv";

type ListState =
  | { status: "loading" }
  | { status: "error"; storageDown: boolean }
  | ({ status: "loaded" } & LoadedList);

/** What staff read when the site's storage cannot be reached: never an empty inbox. */
export const STORAGE_DOWN = "Storage is unavailable, nothing was changed. Please try again in a minute.";

/** Whether a failed call met the storage down (503 storage_unavailable). */
const storageDown = (error: unknown) => error instanceof InboxApiError && error.code === "storage_unavailable";

/** The enquiry named by ?id= is neither loaded nor among the pages read to find it. */
const NOT_FOUND = "That enquiry was not found. It may have been deleted.";

/**
 * Stored enquiries this view met but could not read (a write that never finished, or a file changed by
 * hand): left out of the list, named so that staff know something is wrong and whom to ask.
 */
function UnreadableNotice({ records }: { records: UnreadableRecord[] }) {
  const count = records.length === 1 ? "1 stored enquiry" : `${records.length} stored enquiries`;
  return (
    <div className="mb-4 rounded-2xl border border-oak/50 bg-sand px-5 py-4 text-sm" data-unreadable>
      <p className="font-semibold">
        {count} could not be read and {records.length === 1 ? "is" : "are"} left out.
      </p>
      <ul className="mt-2 space-y-1">
        {records.map((record) => (
          <li key={record.key}>
            <code className="break-all">{record.key}</code> ({record.reason})
          </li>
        ))}
      </ul>
      <p className="mt-2 text-muted">
        A developer can list, remove or restore them with <code>npm run inbox:doctor</code>.
      </p>
    </div>
  );
}

/** A new session cookie after the old one ran out; with nobody signed in any more, off to sign in. */
async function renewOrSignIn(): Promise<boolean> {
  if (await renewSession()) return true;
  signInAgain();
  return false;
}

/** A toast with the API's message, or the action's own when there is none; the storage's outage says so. */
function fail(error: unknown, fallback: string) {
  if (storageDown(error)) return showToast("error", "Storage unavailable", STORAGE_DOWN);
  showToast("error", "Error", error instanceof Error && error.message ? error.message : fallback);
}

const fieldsOf = (error: unknown) => (error instanceof InboxApiError ? error.fields : {});

/**
 * The enquiry inbox: the kind filter, status tabs and search (kept in the URL), the table with paging,
 * one enquiry's detail in a dialog, the exports (.xlsx and CSV), erasure by email and the audit log.
 */
export function Inbox() {
  const api = useMemo(() => createInboxApi(renewOrSignIn), []);
  const [query, navigate] = useInboxQuery();
  const [list, setList] = useState<ListState>({ status: "loading" });
  const [loadingMore, setLoadingMore] = useState(false);
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const [reloads, setReloads] = useState(0);
  const [detail, setDetail] = useState<Item | null>(null);
  const [auditVersion, setAuditVersion] = useState(0);
  // Answers for an older filter are dropped: each first-page load starts a new generation.
  const generation = useRef(0);
  const lookingUp = useRef<string | null>(null);
  const queryRef = useRef(query);
  queryRef.current = query;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `reloads` asks for the first page again (after an erasure)
  useEffect(() => {
    const controller = new AbortController();
    const run = ++generation.current;
    setList({ status: "loading" });
    api.list({ kind: query.kind, status: query.status, q: query.q }, controller.signal).then(
      (page) => {
        if (run === generation.current) setList({ status: "loaded", ...fromPage(page) });
      },
      (error: unknown) => {
        if (run !== generation.current) return;
        setList({ status: "error", storageDown: storageDown(error) });
        fail(error, FALLBACK_MESSAGES.list);
      },
    );
    return () => {
      generation.current++;
      controller.abort();
    };
  }, [api, query.kind, query.status, query.q, reloads]);

  const change = useCallback(
    async (item: Item, patch: ItemChange): Promise<ChangeResult> => {
      try {
        const updated = await api.update(item.id, patch);
        setList((current) =>
          current.status === "loaded"
            ? {
                status: "loaded",
                ...withUpdated(current, updated, current.items.find((i) => i.id === item.id) ?? item),
              }
            : current,
        );
        setDetail((current) => (current?.id === updated.id ? updated : current));
        setAuditVersion((v) => v + 1);
        return { ok: true, item: updated };
      } catch (error) {
        fail(error, FALLBACK_MESSAGES.update);
        return { ok: false, fields: fieldsOf(error) };
      }
    },
    [api],
  );

  const bulk = useBulkMark(list.status === "loaded" ? list.items : [], change);

  /** Shows an enquiry's detail; opening a new one marks it read. */
  const open = useCallback(
    (item: Item) => {
      setDetail(item);
      navigate({ ...queryRef.current, id: item.id }, "detail");
      if (item.status === "new") void change(item, { status: "read" });
    },
    [change, navigate],
  );

  const closeDetail = useCallback(() => {
    setDetail(null);
    if (queryRef.current.id) navigate({ ...queryRef.current, id: null }, "detail");
  }, [navigate]);

  // The enquiry named in the URL (?id=, the link in a notification mail, or Back/Forward) is opened
  // from the loaded list, or else looked up page by page; an address without one closes the detail.
  useEffect(() => {
    const id = query.id;
    if (!id) {
      setDetail(null);
      return;
    }
    if (detail?.id === id || list.status !== "loaded" || lookingUp.current === id) return;
    const listed = list.items.find((item) => item.id === id);
    if (listed) {
      open(listed);
      return;
    }
    const unfiltered = !query.kind && !query.status && !query.q;
    const notFound = () => {
      lookingUp.current = null;
      showToast("error", "Error", NOT_FOUND);
      navigate({ ...queryRef.current, id: null }, "detail");
    };
    if (unfiltered && !list.next) {
      notFound();
      return;
    }
    lookingUp.current = id;
    findById(api, id, unfiltered ? list.next : null).then(
      (item) => {
        lookingUp.current = null;
        if (queryRef.current.id !== id) return;
        if (item) open(item);
        else notFound();
      },
      (error: unknown) => {
        lookingUp.current = null;
        fail(error, FALLBACK_MESSAGES.list);
        if (queryRef.current.id === id) navigate({ ...queryRef.current, id: null }, "detail");
      },
    );
  }, [api, query, list, detail, open, navigate]);

  async function remove(item: Item): Promise<ChangeResult> {
    try {
      await api.remove(item.id);
    } catch (error) {
      fail(error, FALLBACK_MESSAGES.remove);
      return { ok: false };
    }
    setList((current) =>
      current.status === "loaded"
        ? { status: "loaded", ...withRemoved(current, current.items.find((i) => i.id === item.id) ?? item) }
        : current,
    );
    closeDetail();
    setAuditVersion((v) => v + 1);
    showToast("success", "Deleted", "The enquiry was deleted permanently");
    return { ok: true };
  }

  async function erase(email: string) {
    try {
      const erased = await api.erase(email);
      setReloads((n) => n + 1);
      setAuditVersion((v) => v + 1);
      return { ok: true as const, erased };
    } catch (error) {
      fail(error, FALLBACK_MESSAGES.erase);
      return { ok: false as const, fields: fieldsOf(error) };
    }
  }

  async function loadMore() {
    if (list.status !== "loaded" || !list.next || loadingMore) return;
    const run = generation.current;
    setLoadingMore(true);
    try {
      const page = await api.list({ kind: query.kind, status: query.status, q: query.q, cursor: list.next });
      if (run === generation.current) {
        setList((current) =>
          current.status === "loaded" ? { status: "loaded", ...appendPage(current, page) } : current,
        );
      }
    } catch (error) {
      fail(error, FALLBACK_MESSAGES.list);
    } finally {
      setLoadingMore(false);
    }
  }

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
      setAuditVersion((v) => v + 1);
    } catch (error) {
      fail(error, format === "xlsx" ? FALLBACK_MESSAGES.exportXlsx : FALLBACK_MESSAGES.export);
    } finally {
      setExporting(null);
    }
  }

  /** When the row that opened the detail is gone (deleted), the focus goes to the table, or the filters. */
  const focusAfterClose = useCallback((item: Item) => {
    const row = document.querySelector<HTMLElement>(`[data-open="${CSS.escape(item.id)}"]`);
    const target =
      row ??
      document.querySelector<HTMLElement>("[data-submissions-frame]") ??
      document.querySelector("[data-inbox] a");
    target?.focus();
  }, []);

  const auditFailed = useCallback((error: unknown) => fail(error, FALLBACK_MESSAGES.audit), []);
  const openFromLog = useCallback((id: string) => navigate({ ...queryRef.current, id }, "detail"), [navigate]);

  const selectKind = (kind: Kind | null) => navigate({ ...query, kind, id: null }, "action");
  const selectStatus = (status: Status | null) => navigate({ ...query, status, id: null }, "action");
  const search = (q: string, cause: "typing" | "action") => navigate({ ...query, q, id: null }, cause);
  const filtered = query.kind !== null || query.status !== null || query.q !== "";

  return (
    <div className="space-y-6" data-inbox>
      <div className="flex flex-col gap-4">
        <div className="flex flex-col gap-3">
          <KindFilter query={query} pathname={window.location.pathname} onSelect={selectKind} />
          <StatusTabs
            query={query}
            pathname={window.location.pathname}
            counts={list.status === "loaded" ? list.counts : null}
            onSelect={selectStatus}
          />
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
          <SearchBox value={query.q} onSearch={search} />
          {/* The workbook first: spreadsheets in Estonian, Finnish and Swedish settings split a CSV on
              ";" and show it as one column, while the .xlsx opens the same everywhere. */}
          <div className="flex flex-wrap gap-3">
            <BusyButton
              busy={exporting === "xlsx"}
              label="Download spreadsheet (.xlsx)"
              busyLabel="Preparing spreadsheet..."
              onClick={() => void download("xlsx")}
              className="btn-primary shrink-0"
            />
            <BusyButton
              busy={exporting === "csv"}
              label="Download CSV"
              busyLabel="Preparing CSV..."
              onClick={() => void download("csv")}
              className="btn-secondary shrink-0"
            />
          </div>
        </div>
      </div>

      {list.status === "loaded" && list.unreadable.length > 0 && <UnreadableNotice records={list.unreadable} />}

      {list.status === "loading" ? (
        <p className="py-10 text-muted">Loading...</p>
      ) : list.status === "error" ? (
        <p className="py-10 text-muted">{list.storageDown ? STORAGE_DOWN : "Submissions could not be loaded."}</p>
      ) : list.items.length === 0 ? (
        <p className="py-10 text-muted">{filtered ? "No enquiries match this view" : "No submissions yet"}</p>
      ) : (
        <>
          <BulkActions count={bulk.selected.size} busy={bulk.busy} onMark={bulk.mark} onClear={bulk.clear} />
          <SubmissionsTable
            items={list.items}
            onOpen={open}
            selection={{ selected: bulk.selected, onSelect: bulk.toggle, onSelectAll: bulk.toggleAll }}
          />
          {list.next && (
            <BusyButton
              busy={loadingMore}
              label="Load more"
              busyLabel="Loading..."
              onClick={loadMore}
              className="inline-flex min-h-11 items-center rounded-full border border-ink/25 px-6 text-sm font-semibold hover:bg-ink/5"
            />
          )}
        </>
      )}
      <p role="status" className="sr-only">
        {list.status === "loaded"
          ? `${list.items.length} ${list.items.length === 1 ? "enquiry" : "enquiries"} shown${list.next ? ", more can be loaded" : ""}`
          : ""}
      </p>

      {/* One column that may shrink below the audit table's width (the table scrolls sideways in its own
          frame), so the open tools never make the page wider than a phone's screen. */}
      <div className="grid grid-cols-1 gap-4 pt-4">
        <Disclosure title="Erase by email" name="erase">
          <EraseByEmail onErase={erase} />
        </Disclosure>
        <AuditLog api={api} version={auditVersion} onOpenEnquiry={openFromLog} onError={auditFailed} />
      </div>

      <EnquiryDialog
        item={detail}
        onClose={closeDetail}
        onChange={change}
        onDelete={remove}
        fallbackFocus={focusAfterClose}
      />
    </div>
  );
}
