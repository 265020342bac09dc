import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createContactHandler } from "../../src/features/contact/server/handler";
import { compactPending } from "../../src/features/inbox/server/compaction";
import {
  ENQUIRY_STATUSES,
  type Enquiry,
  EnquirySchema,
  type EnquiryStatus,
  type ListedEnquiry,
} from "../../src/features/inbox/server/enquiry-schema";
import { createSubmissionsHandler } from "../../src/features/inbox/server/handler";
import { readIndex, readPointer } from "../../src/features/inbox/server/index-store";
import { listPage } from "../../src/features/inbox/server/queries";
import { enquiryKey, fold, searchText } from "../../src/features/inbox/server/storage-layout";
import { startBlobs } from "../support/blobs";
import { parseCsv } from "../support/csv";

let blobs: Awaited<ReturnType<typeof startBlobs>>;
let run = 0;
beforeAll(async () => {
  blobs = await startBlobs();
});
afterAll(async () => {
  await blobs.stop();
});

const BASE = "https://aural.example/api/contact-submissions";
const DAY = 24 * 60 * 60 * 1000;

const word = fc.oneof(
  fc.constantFrom("Kärt", "KART", "kart", "Õunapuu", "Zoë", "ΟΔΟΣ", "Straße", "İzmir", "O'Brien", "=1+2", "a,b", '"q"'),
  fc.string({ minLength: 1, maxLength: 6 }),
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 4 }),
);
const text = fc.array(word, { minLength: 1, maxLength: 4 }).map((words) => words.join(" "));
/** Few addresses, in varying case, so that erasure finds several. */
const email = fc
  .tuple(fc.constantFrom("mari", "jaan", "Kart", "zoe"), fc.constantFrom("example.ee", "Example.EE"))
  .map(([local, domain]) => `${local}@${domain}`);

const status = fc.constantFrom(...ENQUIRY_STATUSES);
const operation = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant("submit" as const),
      after: fc.integer({ min: 60_000, max: 40 * DAY }),
      name: text,
      email,
      company: fc.option(text),
      phone: fc.option(fc.stringMatching(/^\+?[0-9 ]{0,15}$/)),
      message: text,
    }),
    weight: 4,
  },
  { arbitrary: fc.record({ kind: fc.constant("status" as const), pick: fc.nat(), status }), weight: 3 },
  {
    arbitrary: fc.record({ kind: fc.constant("note" as const), pick: fc.nat(), note: fc.option(text) }),
    weight: 2,
  },
  { arbitrary: fc.record({ kind: fc.constant("delete" as const), pick: fc.nat() }), weight: 1 },
  {
    arbitrary: fc.record({ kind: fc.constant("erase" as const), pick: fc.nat(), upper: fc.boolean() }),
    weight: 1,
  },
  // The scheduled compaction, between any two other steps (admin reads and changes compact too).
  { arbitrary: fc.record({ kind: fc.constant("compact" as const) }), weight: 2 },
);

/** A query: part of a stored field with its case and accents changed, or something random. */
const queryPick = fc.record({
  pick: fc.nat(),
  field: fc.constantFrom("name", "email", "company", "phone", "message" as const),
  start: fc.nat(),
  length: fc.integer({ min: 1, max: 5 }),
  shout: fc.boolean(),
  random: fc.option(word, { freq: 3 }),
});

function inbox() {
  run += 1;
  const stores = {
    submissions: blobs.store(`prop-submissions-${run}`),
    index: blobs.store(`prop-index-${run}`),
    outbox: blobs.store(`prop-outbox-${run}`),
    audit: blobs.store(`prop-audit-${run}`),
  };
  let clock = Date.parse("2025-11-20T08:00:00Z");
  let ip = 0;
  const contact = createContactHandler({
    submissions: stores.submissions,
    index: stores.index,
    rateLimits: blobs.store(`prop-rate-${run}`),
    salt: "s",
    now: () => clock,
    log: () => {},
  });
  const admin = createSubmissionsHandler({
    ...stores,
    verify: async () => ({ uid: "admin", admin: true, email: "admin@aural.example" }),
    now: () => clock,
    log: () => {},
  });
  const call = (method: string, path: string, body?: unknown) =>
    admin(
      new Request(`${BASE}${path}`, {
        method,
        headers: {
          authorization: "Bearer a.b.c",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
  async function stored(): Promise<Enquiry[]> {
    const { blobs: keys } = await stores.submissions.list();
    const values = await Promise.all(keys.map((k) => stores.submissions.get(k.key, { type: "json" })));
    return values.map((v) => EnquirySchema.parse(v)).sort((a, b) => keyOf(a).localeCompare(keyOf(b)));
  }
  return {
    stores,
    call,
    stored,
    advance: (ms: number) => {
      clock += ms;
    },
    submit: (body: object) =>
      contact(
        new Request("https://aural.example/api/submit-contact-form", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        }),
        { ip: `198.51.100.${++ip % 250}` },
      ),
  };
}

const keyOf = (s: Enquiry) => enquiryKey(new Date(s.created_at), s.id);

const statusOf = (s: Enquiry): EnquiryStatus => s.status ?? "new";
const fields = (s: Enquiry) => [s.name, s.email, s.company ?? "", s.phone ?? "", s.message];

/**
 * What a filter must answer, found the slow way: every stored submission, filtered one by one. Without
 * a status the list leaves spam out and the export keeps it (`withSpam`).
 */
function naive(all: Enquiry[], filter: { status: EnquiryStatus | null; q: string }, withSpam = false) {
  const q = fold(filter.q.trim());
  const statusMatches = (s: Enquiry) =>
    filter.status === null ? withSpam || statusOf(s) !== "spam" : statusOf(s) === filter.status;
  return all.filter((s) => statusMatches(s) && fields(s).some((f) => fold(f).includes(q)));
}

describe("the inbox index under random use", () => {
  it("always agrees with the stored submissions, and lists, searches and exports what a naive filter finds", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(operation, { minLength: 1, maxLength: 20 }),
        fc.array(fc.tuple(fc.option(status), queryPick), { minLength: 2, maxLength: 4 }),
        fc.integer({ min: 1, max: 4 }),
        async (operations, queries, limit) => {
          const box = inbox();
          for (const op of operations) {
            const current = await box.stored();
            const target = current.length && "pick" in op ? current[op.pick % current.length] : undefined;
            switch (op.kind) {
              case "submit": {
                box.advance(op.after);
                const { kind: _kind, after: _after, ...body } = op;
                const res = await box.submit(body);
                expect([201, 400]).toContain(res.status);
                break;
              }
              case "status":
                if (target) expect((await box.call("PATCH", `/${target.id}`, { status: op.status })).status).toBe(200);
                break;
              case "note":
                if (target) expect((await box.call("PATCH", `/${target.id}`, { note: op.note })).status).toBe(200);
                break;
              case "delete":
                if (target) expect((await box.call("DELETE", `/${target.id}`)).status).toBe(204);
                break;
              case "compact":
                await compactPending(box.stores);
                break;
              case "erase": {
                if (!target) break;
                const address = op.upper ? target.email.toUpperCase() : target.email;
                const res = await box.call("POST", "/erase", { email: address });
                const expected = current.filter((s) => s.email.toLowerCase() === target.email.toLowerCase()).length;
                expect(await res.json()).toEqual({ erased: expected });
                break;
              }
            }
          }

          const all = await box.stored();
          // The index holds exactly the stored submissions, each with its status, version and text.
          const entries = await readIndex(box.stores.index);
          expect(entries.map((e) => e.key)).toEqual(all.map(keyOf));
          entries.forEach(({ entry }, i) => {
            const s = all[i] as Enquiry;
            expect(entry).toEqual({ s: statusOf(s), u: Date.parse(s.updated_at ?? s.created_at), t: searchText(s) });
          });
          for (const s of all) expect(await readPointer(box.stores.index, s.id)).toBe(keyOf(s));
          expect((await box.stores.index.list({ prefix: "id/" })).blobs).toHaveLength(all.length);

          for (const [wanted, pick] of queries) {
            const source = all.length ? all[pick.pick % all.length] : undefined;
            const field = source ? (source[pick.field] ?? "") : "";
            // By code points: a query in a URL is always well-formed text.
            const points = Array.from(field);
            const part = points
              .slice(pick.start % Math.max(1, points.length))
              .slice(0, pick.length)
              .join("");
            const q = (pick.random ?? (pick.shout ? part.toUpperCase() : part)).slice(0, 200);
            const filter = { status: wanted, q };
            const expected = naive(all, filter);

            // Read as it is, without compacting first: entries not compacted yet are found too.
            const direct = await listPage(
              { submissions: box.stores.submissions, index: box.stores.index, outbox: box.stores.outbox },
              { kind: null, status: wanted, q: q.trim(), cursor: null, limit: 100 },
            );
            expect(direct.submissions.map((item) => item.id)).toEqual(expected.map((s) => s.id));
            const params = new URLSearchParams({ limit: String(limit) });
            if (wanted) params.set("status", wanted);
            if (q.trim()) params.set("q", q);

            const listed: ListedEnquiry[] = [];
            let cursor: string | null = null;
            for (let pages = 0; pages < 100; pages++) {
              if (cursor) params.set("cursor", cursor);
              const res = await box.call("GET", `?${params}`);
              expect(res.status).toBe(200);
              const page = (await res.json()) as {
                submissions: ListedEnquiry[];
                next_cursor: string | null;
                counts: Record<EnquiryStatus, number>;
              };
              expect(page.counts).toEqual(
                Object.fromEntries(ENQUIRY_STATUSES.map((st) => [st, all.filter((s) => statusOf(s) === st).length])),
              );
              listed.push(...page.submissions);
              cursor = page.next_cursor;
              if (!cursor) break;
            }
            expect(listed.map((item) => item.id)).toEqual(expected.map((s) => s.id));
            listed.forEach((item, i) => {
              const s = expected[i] as Enquiry;
              expect(item).toEqual({
                ...s,
                kind: "contact",
                address: null,
                finishes: [],
                status: statusOf(s),
                note: s.note ?? null,
                updated_at: s.updated_at ?? s.created_at,
                spam: null,
                notified: true,
                replies: [],
              });
            });

            params.delete("cursor");
            params.delete("limit");
            const csv = await (await box.call("GET", `/export.csv?${params}`)).text();
            expect(
              parseCsv(csv)
                .slice(1)
                .map((row) => row[0]),
            ).toEqual(naive(all, filter, true).map((s) => s.id));
          }
        },
      ),
      { numRuns: 60 },
    );
  }, 300_000);
});
