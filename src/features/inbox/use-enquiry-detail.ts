import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { showToast } from "../forms/Toasts";
import { FALLBACK_MESSAGES, type InboxApi } from "./api";
import type { ChangeResult } from "./EnquiryDialog";
import { fail } from "./failures";
import { findById } from "./find-enquiry";
import type { InboxQuery } from "./inbox-query";
import type { ItemChange, ListedEnquiry } from "./inbox-types";
import type { ListState } from "./use-enquiries";
import type { useInboxQuery } from "./use-inbox-query";

type Navigate = ReturnType<typeof useInboxQuery>[1];

/** The enquiry named by ?id= is neither loaded nor among the pages read to find it. */
const NOT_FOUND = "That enquiry was not found. It may have been deleted.";

/** The detail dialog's state, shared by the hooks that open, update and close it. */
export interface EnquiryDetailState {
  /** The enquiry shown in the dialog; null while it is closed. */
  detail: ListedEnquiry | null;
  setDetail: (item: ListedEnquiry | null) => void;
  /** The latest query, for callbacks that must not change with every render. */
  queryRef: RefObject<InboxQuery>;
  /** Shows the API's copy of a changed enquiry when it is the one open. */
  showUpdated: (updated: ListedEnquiry) => void;
  /** Closes the dialog and takes the enquiry out of the address. */
  closeDetail: () => void;
}

/**
 * The enquiry shown in the detail dialog. It is kept apart from opening (useOpenEnquiry) because the
 * actions update and close the detail, and opening needs those actions to mark an enquiry read.
 */
export function useEnquiryDetail(query: InboxQuery, navigate: Navigate): EnquiryDetailState {
  const [detail, setDetail] = useState<ListedEnquiry | null>(null);
  const queryRef = useRef(query);
  queryRef.current = query;

  const showUpdated = useCallback((updated: ListedEnquiry) => {
    setDetail((current) => (current?.id === updated.id ? updated : current));
  }, []);

  const closeDetail = useCallback(() => {
    setDetail(null);
    if (queryRef.current.id) navigate({ ...queryRef.current, id: null }, "detail");
  }, [navigate]);

  return { detail, setDetail, queryRef, showUpdated, closeDetail };
}

/**
 * Opening an enquiry's detail from the table or the audit log (which puts its id in the address), and
 * following the address: an ?id= (the link in a notification mail, or Back/Forward) opens the enquiry
 * from the loaded list, or else looks it up page by page; an address without one closes the detail.
 */
export function useOpenEnquiry(
  api: InboxApi,
  query: InboxQuery,
  navigate: Navigate,
  list: ListState,
  { detail, setDetail, queryRef }: EnquiryDetailState,
  change: (item: ListedEnquiry, patch: ItemChange) => Promise<ChangeResult>,
) {
  const lookingUp = useRef<string | null>(null);

  /** Shows an enquiry's detail; opening a new one marks it read. */
  const open = useCallback(
    (item: ListedEnquiry) => {
      setDetail(item);
      navigate({ ...queryRef.current, id: item.id }, "detail");
      if (item.status === "new") void change(item, { status: "read" });
    },
    [change, navigate, setDetail, queryRef],
  );

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
  }, [api, query, list, detail, open, navigate, setDetail, queryRef]);

  const openFromLog = useCallback(
    (id: string) => navigate({ ...queryRef.current, id }, "detail"),
    [navigate, queryRef],
  );

  return { open, openFromLog };
}
