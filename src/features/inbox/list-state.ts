import type { Counts, ListedEnquiry, ListPage, UnreadableRecord } from "./inbox-types";
import { countsAfter } from "./status";

/** The list as the page holds it: the pages loaded so far, the next cursor and the tab counts. */
export interface LoadedList {
  items: ListedEnquiry[];
  next: string | null;
  counts: Counts;
  /** Stored enquiries met so far that could not be read. */
  unreadable: UnreadableRecord[];
}

export const fromPage = (page: ListPage): LoadedList => ({
  items: page.submissions,
  next: page.next_cursor,
  counts: page.counts,
  unreadable: page.unreadable ?? [],
});

/** The next page appended; an enquiry already listed (it moved while paging) is kept once. */
export function appendPage(list: LoadedList, page: ListPage): LoadedList {
  const seen = new Set(list.items.map((item) => item.id));
  return {
    items: [...list.items, ...page.submissions.filter((item) => !seen.has(item.id))],
    next: page.next_cursor,
    counts: page.counts,
    unreadable: [
      ...list.unreadable,
      ...(page.unreadable ?? []).filter((u) => !list.unreadable.some((known) => known.key === u.key)),
    ],
  };
}

/**
 * The list after an enquiry changed: it keeps its place (a row does not vanish from under the
 * pointer when its status leaves the current tab) and the counts follow its status. `before` is
 * what the page showed until then, for an enquiry opened from outside the loaded pages.
 */
export function withUpdated(list: LoadedList, updated: ListedEnquiry, before: ListedEnquiry): LoadedList {
  return {
    items: list.items.map((item) => (item.id === updated.id ? updated : item)),
    next: list.next,
    counts: countsAfter(list.counts, before.status, updated.status),
    unreadable: list.unreadable,
  };
}

/** The list after an enquiry was deleted. */
export function withRemoved(list: LoadedList, removed: ListedEnquiry): LoadedList {
  return {
    items: list.items.filter((item) => item.id !== removed.id),
    next: list.next,
    counts: countsAfter(list.counts, removed.status, null),
    unreadable: list.unreadable,
  };
}
