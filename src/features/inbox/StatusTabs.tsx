import { FilterLinks } from "./FilterLinks";
import { type InboxQuery, inboxSearch } from "./inbox-query";
import type { Counts, Status } from "./inbox-types";
import { NO_COUNTS, statusTabs } from "./status";

interface Props {
  query: InboxQuery;
  /** The page's path, for each tab's address. */
  pathname: string;
  /** null until the first list answer has arrived. */
  counts: Counts | null;
  onSelect: (status: Status | null) => void;
}

/** The status filter, each tab with its count; the kind and search shown stay as they are. */
export function StatusTabs({ query, pathname, counts, onSelect }: Props) {
  const tabs = statusTabs(counts ?? NO_COUNTS);
  return (
    <FilterLinks
      label="Filter by status"
      options={tabs.map((tab) => ({ value: tab.status, label: tab.label, count: counts ? tab.count : "–" }))}
      current={query.status}
      href={(status) => `${pathname}${inboxSearch({ ...query, status, id: null })}`}
      onSelect={onSelect}
    />
  );
}
