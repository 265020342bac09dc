import { describe, expect, it } from "vitest";
import {
  filterParams,
  historyStep,
  inboxSearch,
  readInboxQuery,
  SEARCH_MAX_LENGTH,
} from "../../../../src/features/admin/inbox-query";

const ID = "0b7c6a52-3f0e-4c1a-9d3e-2a1b4c5d6e7f";

describe("readInboxQuery", () => {
  it("reads the status, the search and the open enquiry", () => {
    expect(readInboxQuery(`?status=replied&q=K%C3%A4rt&id=${ID}`)).toEqual({ status: "replied", q: "Kärt", id: ID });
  });

  it("reads a missing or unknown status as every status", () => {
    expect(readInboxQuery("").status).toBeNull();
    expect(readInboxQuery("?status=spam").status).toBeNull();
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
    expect(inboxSearch({ status: null, q: "", id: null })).toBe("");
  });

  it("writes only what is set, in a fixed order", () => {
    expect(inboxSearch({ status: "new", q: "", id: null })).toBe("?status=new");
    expect(inboxSearch({ status: null, q: "a&b c", id: ID })).toBe(`?q=a%26b+c&id=${ID}`);
  });

  it("round-trips through readInboxQuery", () => {
    const query = { status: "archived" as const, q: "Kärt Tamm", id: ID };
    expect(readInboxQuery(inboxSearch(query))).toEqual(query);
  });
});

describe("filterParams", () => {
  it("holds the status and search, never the open enquiry", () => {
    expect(filterParams({ status: "read", q: "x" }).toString()).toBe("status=read&q=x");
    expect(filterParams({ status: null, q: "" }).toString()).toBe("");
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
