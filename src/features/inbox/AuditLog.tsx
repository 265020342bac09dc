import { type MouseEvent, useEffect, useState } from "react";
import type { InboxApi } from "./api";
import { type AuditRow, auditRows, shortId } from "./audit-rows";
import { Disclosure } from "./Disclosure";
import type { AuditEntry } from "./inbox-types";

interface Props {
  api: Pick<InboxApi, "audit">;
  /** Changes whenever an admin action may have added an entry; an open log then reloads. */
  version: number;
  onOpenEnquiry: (id: string) => void;
  onError: (error: unknown) => void;
}

type LogState = { status: "loading" } | { status: "error" } | { status: "loaded"; entries: AuditEntry[] };

/** The last 50 admin changes, newest first, loaded when the section is opened. */
export function AuditLog({ api, version, onOpenEnquiry, onError }: Props) {
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<LogState>({ status: "loading" });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new version means the log may have grown
  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    api.audit().then(
      (entries) => {
        if (!cancelled) setState({ status: "loaded", entries });
      },
      (error: unknown) => {
        if (cancelled) return;
        setState({ status: "error" });
        onError(error);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [open, version, api, onError]);

  return (
    <Disclosure title="Audit log" name="audit-log" onToggle={setOpen}>
      {state.status === "loading" ? (
        <p className="text-sm text-muted">Loading...</p>
      ) : state.status === "error" ? (
        <p className="text-sm text-muted">The audit log could not be loaded.</p>
      ) : state.entries.length === 0 ? (
        <p className="text-sm text-muted">No changes yet</p>
      ) : (
        <AuditTable rows={auditRows(state.entries)} onOpenEnquiry={onOpenEnquiry} />
      )}
    </Disclosure>
  );
}

function AuditTable({ rows, onOpenEnquiry }: { rows: AuditRow[]; onOpenEnquiry: (id: string) => void }) {
  const openEnquiry = (id: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onOpenEnquiry(id);
  };
  return (
    <section
      className="overflow-x-auto"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users must be able to scroll the log sideways on a phone (WCAG 2.1.1)
      tabIndex={0}
      aria-label="Audit log entries (scrolls sideways)"
    >
      <table className="w-full min-w-[36rem] text-left text-sm" data-audit>
        <caption className="sr-only">The last 50 changes by staff, newest first</caption>
        <thead className="text-xs tracking-wider text-muted uppercase">
          <tr>
            {["When", "Who", "What", "Enquiry"].map((h) => (
              <th key={h} scope="col" className="py-2 pr-4 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-t border-stone/70 align-top">
              <td className="py-2 pr-4 whitespace-nowrap tabular-nums">{row.when}</td>
              <td className="py-2 pr-4 wrap-anywhere">{row.who}</td>
              <td className="py-2 pr-4">{row.what}</td>
              <td className="py-2 pr-4 font-mono text-xs">
                {row.id && row.action !== "delete" ? (
                  <a
                    href={`?id=${row.id}`}
                    onClick={openEnquiry(row.id)}
                    aria-label={`Open enquiry ${shortId(row.id)}`}
                    className="text-moss underline underline-offset-4"
                  >
                    {shortId(row.id)}
                  </a>
                ) : (
                  (row.id && shortId(row.id)) || "—"
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
