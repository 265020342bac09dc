import { FilterLinks } from "./FilterLinks";
import { type InboxQuery, inboxSearch } from "./inbox-query";
import type { Kind } from "./inbox-types";
import { KIND_FILTERS } from "./kinds";

interface Props {
  query: InboxQuery;
  /** The page's path, for each choice's address. */
  pathname: string;
  onSelect: (kind: Kind | null) => void;
}

/** Quote requests, sample requests or both; the status tab and search shown stay as they are. */
export function KindFilter({ query, pathname, onSelect }: Props) {
  return (
    <FilterLinks
      label="Filter by type"
      options={KIND_FILTERS}
      current={query.kind}
      href={(kind) => `${pathname}${inboxSearch({ ...query, kind, id: null })}`}
      onSelect={onSelect}
    />
  );
}
