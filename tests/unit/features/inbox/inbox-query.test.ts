import { describe, expect, it } from "vitest";
import {
  filterParams,
  historyStep,
  inboxSearch,
  readInboxQuery,
  SEARCH_MAX_LENGTH,
} from "../../../../src/features/inbox/inbox-query";

const ID = "0b7c6a52-3f0e-4c1a-9d3e-2a1b4c5d6e7f";

describe("readInboxQuery", () => {
  it("reads the kind, the status, the search and the open enquiry", () => {
    expect(readInboxQuery(`?kind=samples&status=replied&q=K%C3%A4rt&id=${ID}`)).toEqual({
      kind: "samples",
      status: "replied",
      q: "Kärt",
      id: ID,
    });
    expect(readInboxQuery("?kind=contact").kind).toBe("contact");
  });

  it("reads a missing or unknown kind as both kinds", () => {
    expect(readInboxQuery("").kind).toBeNull();
    expect(readInboxQuery("?kind=").kind).toBeNull();
    expect(readInboxQuery("?kind=quotes").kind).toBeNull();
    expect(readInboxQuery("?kind=SAMPLES").kind).toBeNull();
    expect(readInboxQuery("?kind=__proto__").kind).toBeNull();
  });

  it("reads a missing or unknown status as every status", () => {
    expect(readInboxQuery("").status).toBeNull();
    expect(readInboxQuery("?status=junk").status).toBeNull();
    expect(readInboxQuery("?status=spam").status).toBe("spam");
    expect(readInboxQuery("?status=NEW").status).toBeNull();
  });

  it("trims the search and caps its length", () => {
    expect(readInboxQuery("?q=%20%20acme%20").q).toBe("acme");
    expect(readInboxQuery(`?q=${"a".repeat(500)}`).q).toHaveLength(SEARCH_MAX_LENGTH);
  });

  it("accepts only a UUID as the id, in lower case", () => {
    expect(readInboxQuery("?id=not-an-id").id).toBeNull();
    expect(readInboxQuery("?id=../../etc").id).toBeNull();
    expect(readInboxQuery(`?id=${ID.toUpperCase()}`).id).toBe(ID);
  });
});

describe("inboxSearch", () => {
  it("writes the default view as no query at all", () => {
    expect(inboxSearch({ kind: null, status: null, q: "", id: null })).toBe("");
  });

  it("writes only what is set, in a fixed order", () => {
    expect(inboxSearch({ kind: null, status: "new", q: "", id: null })).toBe("?status=new");
    expect(inboxSearch({ kind: null, status: null, q: "a&b c", id: ID })).toBe(`?q=a%26b+c&id=${ID}`);
    expect(inboxSearch({ kind: "samples", status: null, q: "", id: null })).toBe("?kind=samples");
    expect(inboxSearch({ kind: "contact", status: "read", q: "x", id: ID })).toBe(
      `?kind=contact&status=read&q=x&id=${ID}`,
    );
  });

  it("round-trips through readInboxQuery", () => {
    for (const kind of [null, "contact", "samples"] as const) {
      const query = { kind, status: "archived" as const, q: "Kärt Tamm", id: ID };
      expect(readInboxQuery(inboxSearch(query))).toEqual(query);
    }
    const text = "?kind=samples&status=new&q=walnut";
    expect(inboxSearch(readInboxQuery(text))).toBe(text);
  });
});

describe("filterParams", () => {
  it("holds the kind, status and search, never the open enquiry", () => {
    expect(filterParams({ kind: null, status: "read", q: "x" }).toString()).toBe("status=read&q=x");
    expect(filterParams({ kind: "samples", status: "read", q: "x" }).toString()).toBe("kind=samples&status=read&q=x");
    expect(filterParams({ kind: null, status: null, q: "" }).toString()).toBe("");
  });
});

describe("historyStep", () => {
  it("pushes a tab change, Enter or Clear", () => {
    expect(historyStep(null, "action")).toEqual({ method: "push", state: {} });
    expect(historyStep({ inboxTyping: true }, "action")).toEqual({ method: "push", state: {} });
  });

  it("makes one history entry per typed search", () => {
    const first = historyStep(null, "typing");
    expect(first).toEqual({ method: "push", state: { inboxTyping: true } });
    expect(historyStep(first.state, "typing")).toEqual({ method: "replace", state: { inboxTyping: true } });
  });

  it("replaces the entry when a detail opens or closes, keeping its typing mark", () => {
    expect(historyStep({}, "detail")).toEqual({ method: "replace", state: {} });
    expect(historyStep({ inboxTyping: true }, "detail")).toEqual({ method: "replace", state: { inboxTyping: true } });
  });
});
