import { useMemo } from "react";
import { renewSession } from "../auth/renew-session";
import { signInAgain } from "../auth/session";
import { BusyButton } from "../forms/BusyButton";
import { AuditLog } from "./AuditLog";
import { createInboxApi, FALLBACK_MESSAGES } from "./api";
import { BulkActions, type useBulkMark } from "./BulkActions";
import { Disclosure } from "./Disclosure";
import { EnquiriesTable } from "./EnquiriesTable";
import { EnquiryDialog } from "./EnquiryDialog";
import { EraseByEmail } from "./EraseByEmail";
import { fail, STORAGE_DOWN } from "./failures";
import type { InboxQuery } from "./inbox-query";
import type { Counts, Kind, ListedEnquiry, Status, UnreadableRecord } from "./inbox-types";
import { KindFilter } from "./KindFilter";
import { SearchBox } from "./SearchBox";
import { StatusTabs } from "./StatusTabs";
import type { SavedReply } from "./saved-replies";
import { type ListState, useEnquiries } from "./use-enquiries";
import { useEnquiryActions } from "./use-enquiry-actions";
import { useEnquiryDetail, useOpenEnquiry } from "./use-enquiry-detail";
import { type ExportFormat, useExport } from "./use-export";
import { useInboxQuery } from "./use-inbox-query";

export { STORAGE_DOWN };

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

/** When the row that opened the detail is gone (deleted), the focus goes to the table, or the filters. */
function focusAfterClose(item: ListedEnquiry) {
  const row = document.querySelector<HTMLElement>(`[data-open="${CSS.escape(item.id)}"]`);
  const target =
    row ?? document.querySelector<HTMLElement>("[data-submissions-frame]") ?? document.querySelector("[data-inbox] a");
  target?.focus();
}

const auditFailed = (error: unknown) => fail(error, FALLBACK_MESSAGES.audit);

/** The view's filters (kind, status tabs and search, all kept in the URL) and the export downloads. */
function InboxToolbar({
  query,
  navigate,
  counts,
  exporting,
  onDownload,
}: {
  query: InboxQuery;
  navigate: ReturnType<typeof useInboxQuery>[1];
  counts: Counts | null;
  exporting: ExportFormat | null;
  onDownload: (format: ExportFormat) => Promise<void>;
}) {
  const selectKind = (kind: Kind | null) => navigate({ ...query, kind, id: null }, "action");
  const selectStatus = (status: Status | null) => navigate({ ...query, status, id: null }, "action");
  const search = (q: string, cause: "typing" | "action") => navigate({ ...query, q, id: null }, cause);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3">
        <KindFilter query={query} pathname={window.location.pathname} onSelect={selectKind} />
        <StatusTabs query={query} pathname={window.location.pathname} counts={counts} onSelect={selectStatus} />
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
            onClick={() => void onDownload("xlsx")}
            className="btn-primary shrink-0"
          />
          <BusyButton
            busy={exporting === "csv"}
            label="Download CSV"
            busyLabel="Preparing CSV..."
            onClick={() => void onDownload("csv")}
            className="btn-secondary shrink-0"
          />
        </div>
      </div>
    </div>
  );
}

/**
 * The list as loaded so far, or why there is none: the unreadable enquiries' notice, the selection's
 * bulk actions, the table and "Load more", with a live count of what is shown for screen readers.
 */
function EnquiryList({
  list,
  filtered,
  bulk,
  onOpen,
  loadingMore,
  onLoadMore,
}: {
  list: ListState;
  /** Whether a kind, status or search narrows the view (an empty view then says so). */
  filtered: boolean;
  bulk: ReturnType<typeof useBulkMark>;
  onOpen: (item: ListedEnquiry) => void;
  loadingMore: boolean;
  onLoadMore: () => Promise<void>;
}) {
  return (
    <>
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
          <EnquiriesTable
            items={list.items}
            onOpen={onOpen}
            selection={{ selected: bulk.selected, onSelect: bulk.toggle, onSelectAll: bulk.toggleAll }}
          />
          {list.next && (
            <BusyButton
              busy={loadingMore}
              label="Load more"
              busyLabel="Loading..."
              onClick={onLoadMore}
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
    </>
  );
}

/**
 * The enquiry inbox: the kind filter, status tabs and search (kept in the URL), the table with paging,
 * one enquiry's detail in a dialog, the exports (.xlsx and CSV), erasure by email and the audit log.
 */
export function Inbox({ savedReplies = [] }: { savedReplies?: readonly SavedReply[] | undefined }) {
  const api = useMemo(() => createInboxApi(renewOrSignIn), []);
  const [query, navigate] = useInboxQuery();
  const enquiries = useEnquiries(api, query);
  const shown = useEnquiryDetail(query, navigate);
  const actions = useEnquiryActions(api, enquiries, shown);
  const { open, openFromLog } = useOpenEnquiry(api, query, navigate, enquiries.list, shown, actions.change);
  const { exporting, download } = useExport(api, query, actions.audited);
  const { list } = enquiries;

  return (
    <div className="space-y-6" data-inbox>
      <InboxToolbar
        query={query}
        navigate={navigate}
        counts={list.status === "loaded" ? list.counts : null}
        exporting={exporting}
        onDownload={download}
      />

      <EnquiryList
        list={list}
        filtered={query.kind !== null || query.status !== null || query.q !== ""}
        bulk={actions.bulk}
        onOpen={open}
        loadingMore={enquiries.loadingMore}
        onLoadMore={enquiries.loadMore}
      />

      {/* One column that may shrink below the audit table's width (the table scrolls sideways in its own
          frame), so the open tools never make the page wider than a phone's screen. */}
      <div className="grid grid-cols-1 gap-4 pt-4">
        <Disclosure title="Erase by email" name="erase">
          <EraseByEmail onErase={actions.erase} />
        </Disclosure>
        <AuditLog api={api} version={actions.auditVersion} onOpenEnquiry={openFromLog} onError={auditFailed} />
      </div>

      <EnquiryDialog
        item={shown.detail}
        onClose={shown.closeDetail}
        onChange={actions.change}
        onDelete={actions.remove}
        onReply={actions.reply}
        savedReplies={savedReplies}
        fallbackFocus={focusAfterClose}
      />
    </div>
  );
}
