/**
 * page_view events: one per page load and one per in-page change of path or query made with the
 * History API (pushState, replaceState, back/forward). Hash-only changes are not page views.
 */
export interface PageViewEvent {
  name: "page_view";
  params: { page_title: string; page_path: string; page_location: string };
}

/** Where an event goes: Google Analytics, or the local sink when no measurement id is configured. */
export type SendEvent = (event: PageViewEvent) => void;

/**
 * Staff pages whose query can hold a visitor's personal data (an inbox search for an email address, an
 * enquiry id): their page views carry the path only.
 */
const PATH_ONLY = /^\/admin(\/|$)/;

/** Path plus query string, what identifies a page view: "/contact?product=felt-panels". */
export const pathAndQuery = (location: Pick<Location, "pathname" | "search">): string =>
  PATH_ONLY.test(location.pathname) ? location.pathname : `${location.pathname}${location.search}`;

export function pageView(location: Pick<Location, "pathname" | "search" | "origin">, title: string): PageViewEvent {
  const path = pathAndQuery(location);
  return {
    name: "page_view",
    params: { page_title: title, page_path: path, page_location: `${location.origin}${path}` },
  };
}

/**
 * Sends a page_view for the current page, then one for every later change of path or query. History
 * changes are reported after `settleMs`, so an island can set the new title first and a burst of
 * replaceState calls (a form mirroring its state into the URL) counts once. Returns a function that
 * stops tracking and restores the History API.
 */
export function trackPageViews(win: Window, send: SendEvent, { settleMs = 400 } = {}): () => void {
  const { history } = win;
  let reported = pathAndQuery(win.location);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  send(pageView(win.location, win.document.title));

  const check = () => {
    timer = undefined;
    const current = pathAndQuery(win.location);
    if (stopped || current === reported) return;
    reported = current;
    send(pageView(win.location, win.document.title));
  };
  const schedule = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(check, settleMs);
  };

  const originalPush = history.pushState;
  const originalReplace = history.replaceState;
  const wrap = (original: History["pushState"]): History["pushState"] =>
    function (this: History, ...args) {
      original.apply(this, args);
      schedule();
    };
  const push = wrap(originalPush);
  const replace = wrap(originalReplace);
  history.pushState = push;
  history.replaceState = replace;
  win.addEventListener("popstate", schedule);

  return () => {
    stopped = true;
    if (timer !== undefined) clearTimeout(timer);
    win.removeEventListener("popstate", schedule);
    // Restore only what is still ours, in case other code wrapped the methods after us.
    if (history.pushState === push) history.pushState = originalPush;
    if (history.replaceState === replace) history.replaceState = originalReplace;
  };
}
