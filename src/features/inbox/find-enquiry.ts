import type { InboxApi } from "./api";
import type { ListedEnquiry } from "./inbox-types";

/** How many further pages of 100 the page reads to find an enquiry named in the URL. */
export const LOOKUP_PAGES = 10;

/**
 * An enquiry by id from the unfiltered list, newest first, reading on from `cursor` (null: from the
 * start) a page of 100 at a time; null when it is not within the pages read. The API has no
 * single-enquiry read, and a link from a notification names a recent enquiry, so it is found early.
 */
export async function findById(
  api: Pick<InboxApi, "list">,
  id: string,
  cursor: string | null,
  pages = LOOKUP_PAGES,
): Promise<ListedEnquiry | null> {
  let next = cursor;
  for (let read = 0; read < pages; read++) {
    const page = await api.list({ kind: null, status: null, q: "", cursor: next, limit: 100 });
    const found = page.submissions.find((item) => item.id === id);
    if (found) return found;
    if (!page.next_cursor) return null;
    next = page.next_cursor;
  }
  return null;
}
