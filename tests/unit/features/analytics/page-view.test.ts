import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  type PageViewEvent,
  pageView,
  pathAndQuery,
  trackPageViews,
} from "../../../../src/features/analytics/page-view";

/** Just enough of a window: a location the History API moves, a title, popstate listeners. */
function fakeWindow(start: string) {
  const url = new URL(start);
  const listeners = new Set<() => void>();
  const location = {
    get pathname() {
      return url.pathname;
    },
    get search() {
      return url.search;
    },
    get origin() {
      return url.origin;
    },
  };
  const move = (to: string) => {
    const next = new URL(to, url);
    url.href = next.href;
  };
  const history = {
    pushState(_state: unknown, _unused: string, to?: string | URL | null) {
      if (to) move(String(to));
    },
    replaceState(_state: unknown, _unused: string, to?: string | URL | null) {
      if (to) move(String(to));
    },
  };
  const win = {
    location,
    history,
    document: { title: "Home" },
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  /** The browser's back button: the URL changes without pushState, then popstate fires. */
  const back = (to: string) => {
    move(to);
    for (const listener of listeners) listener();
  };
  return { win: win as unknown as Window, raw: win, back, listeners };
}

describe("pageView", () => {
  it("carries the title and the path plus query string", () => {
    const location = new URL("https://example.ee/contact?product=felt-panels#form");
    expect(pathAndQuery(location)).toBe("/contact?product=felt-panels");
    expect(pageView(location, "Contact")).toEqual({
      name: "page_view",
      params: {
        page_title: "Contact",
        page_path: "/contact?product=felt-panels",
        page_location: "https://example.ee/contact?product=felt-panels",
      },
    });
  });

  it("leaves the query out on admin pages, where it can hold a visitor's email or an enquiry id", () => {
    const location = new URL("https://example.ee/admin/contact-submissions?q=kart%40example.ee&id=abc");
    expect(pathAndQuery(location)).toBe("/admin/contact-submissions");
    expect(pageView(location, "Admin").params.page_location).toBe("https://example.ee/admin/contact-submissions");
    expect(pathAndQuery(new URL("https://example.ee/administration?x=1"))).toBe("/administration?x=1");
  });
});

describe("trackPageViews", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const paths = (sent: PageViewEvent[]) => sent.map((e) => `${e.params.page_title} ${e.params.page_path}`);

  it("reports the page load at once, and each change of path or query once it settles", () => {
    const { win, raw, back } = fakeWindow("https://example.ee/tools?room=6x4");
    const sent: PageViewEvent[] = [];
    trackPageViews(win, (e) => sent.push(e), { settleMs: 400 });
    expect(paths(sent)).toEqual(["Home /tools?room=6x4"]);

    raw.history.pushState(null, "", "/contact?product=felt-panels");
    raw.document.title = "Contact";
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(400);
    expect(paths(sent)).toEqual(["Home /tools?room=6x4", "Contact /contact?product=felt-panels"]);

    back("/tools?room=6x4");
    raw.document.title = "Home";
    vi.advanceTimersByTime(400);
    expect(sent).toHaveLength(3);
    expect(sent[2]?.params.page_path).toBe("/tools?room=6x4");
  });

  it("counts a burst of replaceState calls as one page view, and ignores hash-only or same-URL changes", () => {
    const { win, raw } = fakeWindow("https://example.ee/tools");
    const sent: PageViewEvent[] = [];
    trackPageViews(win, (e) => sent.push(e), { settleMs: 400 });
    for (const width of [3, 4, 5, 6]) {
      raw.history.replaceState(null, "", `/tools?width=${width}`);
      vi.advanceTimersByTime(100);
    }
    vi.advanceTimersByTime(400);
    expect(paths(sent)).toEqual(["Home /tools", "Home /tools?width=6"]);

    raw.history.pushState(null, "", "/tools?width=6#results");
    raw.history.replaceState(null, "", "/tools?width=6");
    vi.advanceTimersByTime(1000);
    expect(sent).toHaveLength(2);
  });

  it("stops reporting and restores the History API when stopped", () => {
    const { win, raw, listeners } = fakeWindow("https://example.ee/");
    const { pushState, replaceState } = raw.history;
    const sent: PageViewEvent[] = [];
    const stop = trackPageViews(win, (e) => sent.push(e));
    expect(raw.history.pushState).not.toBe(pushState);
    raw.history.pushState(null, "", "/about");
    stop();
    vi.advanceTimersByTime(1000);
    expect(sent).toHaveLength(1);
    expect(raw.history.pushState).toBe(pushState);
    expect(raw.history.replaceState).toBe(replaceState);
    expect(listeners.size).toBe(0);
  });

  it("leaves a later wrapper of pushState in place when stopped", () => {
    const { win, raw } = fakeWindow("https://example.ee/");
    const stop = trackPageViews(win, () => {});
    const theirs = () => {};
    raw.history.pushState = theirs;
    stop();
    expect(raw.history.pushState).toBe(theirs);
  });
});
