import { isKind, isStatus, type Kind, type Status } from "./inbox-types";

/**
 * What the page's query string holds: the kind (contact messages, sample requests, or null for both),
 * the status tab, the search and the enquiry whose detail is open.
 */
export interface InboxQuery {
  kind: Kind | null;
  status: Status | null;
  q: string;
  id: string | null;
}

/** Longest search accepted in the box and from the URL. */
export const SEARCH_MAX_LENGTH = 200;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads `?kind=&status=&q=&id=`; an unknown kind or status, a blank search or a malformed id reads as absent. */
export function readInboxQuery(search: string): InboxQuery {
  const params = new URLSearchParams(search);
  const kind = params.get("kind");
  const status = params.get("status");
  const id = params.get("id")?.trim() ?? "";
  return {
    kind: isKind(kind) ? kind : null,
    status: isStatus(status) ? status : null,
    q: (params.get("q") ?? "").trim().slice(0, SEARCH_MAX_LENGTH),
    id: UUID.test(id) ? id.toLowerCase() : null,
  };
}

/** The query string for a state, "" when it is the default view; the same state always gives the same string. */
export function inboxSearch(query: InboxQuery): string {
  const params = filterParams(query);
  if (query.id) params.set("id", query.id);
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The list and export filter of a state: kind, status and search, in that order. */
export function filterParams(query: Pick<InboxQuery, "kind" | "status" | "q">): URLSearchParams {
  const params = new URLSearchParams();
  if (query.kind) params.set("kind", query.kind);
  if (query.status) params.set("status", query.status);
  if (query.q) params.set("q", query.q);
  return params;
}

export const sameFilter = (a: InboxQuery, b: InboxQuery) => a.kind === b.kind && a.status === b.status && a.q === b.q;

/** Marks history entries made while typing a search, so that the next keystrokes replace them. */
export interface InboxHistoryState {
  inboxTyping?: boolean;
}

/**
 * How a new URL enters the history. Typing a search makes one entry for the whole search (the first
 * debounced change pushes, later ones replace it); a tab, Enter or Clear pushes its own; opening or
 * closing an enquiry replaces, so Back leaves the page state rather than re-opening dialogs.
 */
export function historyStep(
  current: unknown,
  cause: "typing" | "action" | "detail",
): { method: "push" | "replace"; state: InboxHistoryState } {
  const typing = typeof current === "object" && current !== null && (current as InboxHistoryState).inboxTyping === true;
  if (cause === "detail") return { method: "replace", state: typing ? { inboxTyping: true } : {} };
  if (cause === "typing") return { method: typing ? "replace" : "push", state: { inboxTyping: true } };
  return { method: "push", state: {} };
}
