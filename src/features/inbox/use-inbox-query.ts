import { useCallback, useEffect, useState } from "react";
import { historyStep, type InboxQuery, inboxSearch, readInboxQuery } from "./inbox-query";

const EMPTY: InboxQuery = { kind: null, status: null, q: "", id: null };

/**
 * The inbox state kept in the page's query string (`?kind=&status=&q=&id=`), so reload, Back and Forward
 * show the same view. `navigate` writes it (see historyStep for push or replace); a same-address
 * change never adds a history entry.
 */
export function useInboxQuery(): [InboxQuery, (next: InboxQuery, cause: "typing" | "action" | "detail") => void] {
  const [query, setQuery] = useState<InboxQuery>(() =>
    typeof window === "undefined" ? EMPTY : readInboxQuery(window.location.search),
  );

  useEffect(() => {
    const onPop = () => setQuery(readInboxQuery(window.location.search));
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, []);

  const navigate = useCallback((next: InboxQuery, cause: "typing" | "action" | "detail") => {
    const url = `${window.location.pathname}${inboxSearch(next)}${window.location.hash}`;
    const same = url === `${window.location.pathname}${window.location.search}${window.location.hash}`;
    const step = historyStep(window.history.state, cause);
    if (same) {
      // Enter on the search already shown ends the typing entry, so later typing starts a new one.
      if (cause === "action") window.history.replaceState(step.state, "", url);
    } else if (step.method === "push") window.history.pushState(step.state, "", url);
    else window.history.replaceState(step.state, "", url);
    setQuery(next);
  }, []);

  return [query, navigate];
}
