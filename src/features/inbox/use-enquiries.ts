import { useCallback, useEffect, useRef, useState } from "react";
import { FALLBACK_MESSAGES, type InboxApi } from "./api";
import { fail, storageDown } from "./failures";
import type { InboxQuery } from "./inbox-query";
import type { ListedEnquiry } from "./inbox-types";
import { appendPage, fromPage, type LoadedList, withRemoved, withUpdated } from "./list-state";

/** The list as the page shows it: loading, failed (and whether the storage was down), or loaded. */
export type ListState =
  | { status: "loading" }
  | { status: "error"; storageDown: boolean }
  | ({ status: "loaded" } & LoadedList);

/**
 * The enquiries the query's filter selects: the first page whenever the filter changes (or `reload`
 * asks again), further pages on `loadMore`, and the list kept in step with changes made on the page.
 * An answer for an older filter is dropped, so a slow one never replaces the list shown.
 */
export function useEnquiries(api: InboxApi, query: InboxQuery) {
  const [list, setList] = useState<ListState>({ status: "loading" });
  const [loadingMore, setLoadingMore] = useState(false);
  const [reloads, setReloads] = useState(0);
  // Answers for an older filter are dropped: each first-page load starts a new generation.
  const generation = useRef(0);

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

  const reload = useCallback(() => setReloads((n) => n + 1), []);

  /** Puts the API's copy of a changed enquiry in its place; `item` is the one the change was made to. */
  const updateItem = useCallback((updated: ListedEnquiry, item: ListedEnquiry) => {
    setList((current) =>
      current.status === "loaded"
        ? {
            status: "loaded",
            ...withUpdated(current, updated, current.items.find((i) => i.id === item.id) ?? item),
          }
        : current,
    );
  }, []);

  const removeItem = useCallback((item: ListedEnquiry) => {
    setList((current) =>
      current.status === "loaded"
        ? { status: "loaded", ...withRemoved(current, current.items.find((i) => i.id === item.id) ?? item) }
        : current,
    );
  }, []);

  return { list, loadingMore, loadMore, reload, updateItem, removeItem };
}
