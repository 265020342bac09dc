import { describe, expect, it } from "vitest";
import { findById } from "../../../../src/features/inbox/find-enquiry";
import type { ListPage } from "../../../../src/features/inbox/inbox-types";
import { appendPage, fromPage, withRemoved, withUpdated } from "../../../../src/features/inbox/list-state";
import { idOf, item } from "./fixtures";

const counts = { new: 2, read: 1, replied: 0, archived: 0, spam: 0 };
const a = item({ id: idOf(1), status: "new" });
const b = item({ id: idOf(2), status: "new" });
const c = item({ id: idOf(3), status: "read" });
const list = fromPage({ submissions: [a, b, c], next_cursor: "k3", counts });

describe("list state", () => {
  it("takes items, cursor and counts from a page", () => {
    expect(list).toEqual({ items: [a, b, c], next: "k3", counts, unreadable: [] });
  });

  it("keeps every unreadable enquiry met while paging, each once, through changes and deletions", () => {
    const empty = { key: "8235000000000-x", reason: "empty" as const };
    const cut = { key: "8236000000000-y", reason: "not JSON" as const };
    const first = fromPage({ submissions: [a], next_cursor: "k1", counts, unreadable: [empty] });
    const both = appendPage(first, { submissions: [b], next_cursor: null, counts, unreadable: [empty, cut] });
    expect(both.unreadable).toEqual([empty, cut]);
    expect(withRemoved(withUpdated(both, { ...b, status: "read" }, b), a).unreadable).toEqual([empty, cut]);
  });

  it("appends the next page, keeping an enquiry that moved between pages once", () => {
    const d = item({ id: idOf(4) });
    const next = appendPage(list, { submissions: [c, d], next_cursor: null, counts: { ...counts, new: 3 } });
    expect(next.items.map((i) => i.id)).toEqual([idOf(1), idOf(2), idOf(3), idOf(4)]);
    expect(next.next).toBeNull();
    expect(next.counts.new).toBe(3);
  });

  it("updates an enquiry in place and moves its count", () => {
    const read = { ...a, status: "read" as const };
    const next = withUpdated(list, read, a);
    expect(next.items).toEqual([read, b, c]);
    expect(next.counts).toEqual({ new: 1, read: 2, replied: 0, archived: 0, spam: 0 });
    expect(next.next).toBe("k3");
  });

  it("counts a change to an enquiry opened from outside the loaded pages", () => {
    const outside = item({ id: idOf(9), status: "new" });
    const next = withUpdated(list, { ...outside, status: "replied" }, outside);
    expect(next.items).toEqual(list.items);
    expect(next.counts).toEqual({ new: 1, read: 1, replied: 1, archived: 0, spam: 0 });
  });

  it("removes a deleted enquiry and its count", () => {
    const next = withRemoved(list, b);
    expect(next.items).toEqual([a, c]);
    expect(next.counts).toEqual({ new: 1, read: 1, replied: 0, archived: 0, spam: 0 });
  });
});

describe("findById", () => {
  /** A list API over `total` enquiries, 100 a page, recording each cursor it was asked for. */
  function pagedApi(total: number) {
    const cursors: (string | null | undefined)[] = [];
    const all = Array.from({ length: total }, (_, n) => item({ id: idOf(n) }));
    return {
      cursors,
      api: {
        async list(request: {
          cursor?: string | null;
          limit?: number;
          kind: unknown;
          status: unknown;
          q: string;
        }): Promise<ListPage> {
          cursors.push(request.cursor);
          expect(request).toMatchObject({ kind: null, status: null, q: "", limit: 100 });
          const start = request.cursor ? Number(request.cursor) : 0;
          const end = start + (request.limit ?? 50);
          return {
            submissions: all.slice(start, end),
            next_cursor: end < total ? String(end) : null,
            counts: { new: total, read: 0, replied: 0, archived: 0, spam: 0 },
          };
        },
      },
    };
  }

  it("reads on from the given cursor until the enquiry is found", async () => {
    const { api, cursors } = pagedApi(350);
    expect((await findById(api, idOf(260), "50"))?.id).toBe(idOf(260));
    expect(cursors).toEqual(["50", "150", "250"]);
  });

  it("gives up at the end of the list, or after the pages allowed", async () => {
    const short = pagedApi(120);
    expect(await findById(short.api, idOf(999), null)).toBeNull();
    expect(short.cursors).toEqual([null, "100"]);
    const long = pagedApi(5000);
    expect(await findById(long.api, idOf(4999), null, 3)).toBeNull();
    expect(long.cursors).toHaveLength(3);
  });
});
