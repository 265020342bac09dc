import type { MouseEvent } from "react";
import { type InboxQuery, inboxSearch } from "./inbox-query";
import type { Counts, Status } from "./inbox-types";
import { statusTabs } from "./status";

interface Props {
  query: InboxQuery;
  /** The page's path, for each tab's address. */
  pathname: string;
  /** null until the first list answer has arrived. */
  counts: Counts | null;
  onSelect: (status: Status | null) => void;
}

/**
 * The status filter as links (each a real address, so it can be opened in a new tab); a plain click
 * changes the list in place. The current one is marked with aria-current.
 */
export function StatusTabs({ query, pathname, counts, onSelect }: Props) {
  const tabs = statusTabs(counts ?? { new: 0, read: 0, replied: 0, archived: 0 });
  return (
    <nav aria-label="Filter by status">
      <ul className="flex flex-wrap gap-2">
        {tabs.map((tab) => {
          const current = tab.status === query.status;
          const href = `${pathname}${inboxSearch({ status: tab.status, q: query.q, id: null })}`;
          const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
            if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
            event.preventDefault();
            onSelect(tab.status);
          };
          return (
            <li key={tab.label}>
              <a
                href={href}
                onClick={onClick}
                aria-current={current ? "page" : undefined}
                className={`inline-flex min-h-11 items-center gap-2 rounded-full border px-4 text-sm font-semibold transition-colors ${
                  current
                    ? "border-moss bg-moss text-paper"
                    : "border-stone bg-paper text-ink hover:border-ink/40 hover:bg-sand/60"
                }`}
              >
                {tab.label}{" "}
                <span
                  className={`min-w-6 rounded-full px-1.5 text-center text-xs tabular-nums ${
                    current ? "bg-moss-deep text-paper" : "bg-sand text-ink-soft"
                  }`}
                >
                  {counts ? tab.count : "–"}
                </span>
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
