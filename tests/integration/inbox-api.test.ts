import { generateKeyPair, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authEmulatorHost, demoProjectId } from "../../scripts/lib/demo-accounts.mjs";
import { emulatorTokenVerifier } from "../../src/features/auth/server/tokens";
import { enquiryReference } from "../../src/features/forms/reference";
import { type Enquiry, ListedEnquirySchema } from "../../src/features/inbox/server/enquiry-schema";
import { saveIndexedEnquiry } from "../../src/features/inbox/server/enquiry-store";
import { createSubmissionsHandler } from "../../src/features/inbox/server/handler";
import { readIndex } from "../../src/features/inbox/server/index-store";
import { saveEnquiry } from "../../src/features/inbox/server/listing";
import { startBlobs } from "../support/blobs";
import { parseCsv } from "../support/csv";
import { emulatorSignIn } from "../support/emulator-sign-in";
import { enquiry, keyOf, NOW } from "../support/enquiries";

const BASE = "https://aural.example/api/contact-submissions";
let blobs: Awaited<ReturnType<typeof startBlobs>>;
let adminToken = "";
let userToken = "";
let adminUid = "";
let run = 0;

beforeAll(async () => {
  blobs = await startBlobs();
  const admin = await emulatorSignIn("admin@example.com", "admin-demo-123");
  adminToken = admin.idToken;
  adminUid = admin.localId;
  userToken = (await emulatorSignIn("user@example.com", "user-demo-123")).idToken;
});
afterAll(async () => {
  await blobs.stop();
});

interface CallOptions {
  token?: string | null;
  body?: unknown;
  raw?: string;
  type?: string;
}

/** Fresh stores on the shared server, the handler over them, and helpers to call it and add enquiries. */
function inbox() {
  run += 1;
  const stores = {
    submissions: blobs.store(`api-submissions-${run}`),
    index: blobs.store(`api-index-${run}`),
    outbox: blobs.store(`api-outbox-${run}`),
    audit: blobs.store(`api-audit-${run}`),
  };
  let clock = NOW;
  const handle = createSubmissionsHandler({
    ...stores,
    verify: emulatorTokenVerifier({ host: authEmulatorHost, projectId: demoProjectId }),
    now: () => (clock += 1000),
    log: () => {},
  });
  async function call(method: string, path = "", options: CallOptions = {}) {
    const headers = new Headers();
    const token = options.token === undefined ? adminToken : options.token;
    if (token) headers.set("authorization", `Bearer ${token}`);
    let body: string | undefined;
    if (options.raw !== undefined || options.body !== undefined) {
      headers.set("content-type", options.type ?? "application/json");
      body = options.raw ?? JSON.stringify(options.body);
    }
    return handle(new Request(`${BASE}${path}`, { method, headers, ...(body === undefined ? {} : { body }) }));
  }
  let n = 0;
  /** Stores an enquiry as the contact function does; `minutesAgo` orders them. */
  async function add(fields: Partial<Enquiry> & { minutesAgo?: number } = {}): Promise<Enquiry> {
    n += 1;
    const submission = enquiry(n, fields);
    await saveIndexedEnquiry(stores, submission);
    return submission;
  }
  const list = async (query = "") => {
    const res = await call("GET", query);
    expect(res.status).toBe(200);
    return res.json();
  };
  return { stores, handle, call, add, keyOf, list };
}

const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; fields?: object } }).error;

describe("every route of the admin API", () => {
  const ID = "00000000-0000-4000-8000-00000000abcd";
  const routes: { method: string; path: string; body?: unknown; allow: string }[] = [
    { method: "GET", path: "", allow: "GET" },
    { method: "GET", path: "/export.csv", allow: "GET" },
    { method: "GET", path: "/audit", allow: "GET" },
    { method: "POST", path: "/erase", body: { email: "a@example.ee" }, allow: "POST" },
    { method: "PATCH", path: `/${ID}`, body: { status: "read" }, allow: "PATCH, DELETE" },
    { method: "DELETE", path: `/${ID}`, allow: "PATCH, DELETE" },
  ];

  it.each(routes)("$method $path answers 401 without a token or with a bad one, 403 without the claim", async (r) => {
    const { call } = inbox();
    const { privateKey } = await generateKeyPair("RS256");
    const forged = await new SignJWT({ admin: true })
      .setProtectedHeader({ alg: "RS256", kid: "forged" })
      .setAudience(demoProjectId)
      .setSubject("x")
      .setExpirationTime("1h")
      .sign(privateKey);
    const none = await call(r.method, r.path, { token: null, body: r.body });
    expect(none.status).toBe(401);
    expect((await errorOf(none)).code).toBe("unauthenticated");
    expect(none.headers.get("www-authenticate")).toBe("Bearer");
    const bad = await call(r.method, r.path, { token: forged, body: r.body });
    expect(bad.status).toBe(401);
    expect((await errorOf(bad)).code).toBe("invalid_token");
    const user = await call(r.method, r.path, { token: userToken, body: r.body });
    expect(user.status).toBe(403);
    expect(await user.json()).toEqual({ error: { code: "forbidden", message: "Admin access required" } });
    for (const refused of [none, bad, user]) expect(refused.headers.get("server-timing")).toBeNull();
  });

  it.each(routes)("$method $path answers 405 with Allow to other methods", async (r) => {
    const { call } = inbox();
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"].filter((m) => !r.allow.split(", ").includes(m))) {
      const res = await call(method, r.path);
      expect(res.status, method).toBe(405);
      expect(res.headers.get("allow")).toBe(r.allow);
      expect((await errorOf(res)).code).toBe("method_not_allowed");
    }
  });

  it("answers 404 for a path it does not serve", async () => {
    const { call } = inbox();
    for (const path of [`/${ID}/notes`, "/export.csv/x", "s"]) {
      const res = await call("GET", path);
      expect(res.status, path).toBe(404);
      expect((await errorOf(res)).code).toBe("not_found");
    }
  });

  it("answers 400 with field messages for bad queries", async () => {
    const { call } = inbox();
    for (const query of ["?limit=0", "?limit=101", "?limit=x", "?limit=1.5", "?cursor=../../etc", "?status=done"]) {
      const res = await call("GET", query);
      expect(res.status, query).toBe(400);
      const error = await errorOf(res);
      expect(error.code).toBe("invalid_query");
      expect(Object.keys(error.fields ?? {})).toHaveLength(1);
    }
    const long = await call("GET", `/export.csv?q=${"x".repeat(201)}`);
    expect(long.status).toBe(400);
    expect((await errorOf(long)).fields).toEqual({ q: "q must be at most 200 characters" });
    expect((await call("GET", "/export.csv?status=later")).status).toBe(400);
  });

  it("answers 400 for a malformed id and for bad bodies, 415 for a body that is not JSON, 413 for a large one", async () => {
    const { call } = inbox();
    for (const path of ["/not-a-uuid", "/00000000-0000-4000-8000-00000000abc", "/%E0%A4%A"]) {
      for (const method of ["PATCH", "DELETE"]) {
        const res = await call(method, path, { body: { status: "read" } });
        expect(res.status, `${method} ${path}`).toBe(400);
        expect(await errorOf(res)).toMatchObject({ code: "invalid_id", fields: { id: "Invalid enquiry id" } });
      }
    }
    const patch = (body: unknown) => call("PATCH", `/${ID}`, { body });
    expect(await errorOf(await patch({ status: "done" }))).toMatchObject({
      code: "invalid_fields",
      fields: { status: "Status must be new, read, replied, archived or spam" },
    });
    expect(await errorOf(await patch({ note: "n".repeat(1001) }))).toMatchObject({
      code: "invalid_fields",
      fields: { note: "Note must be at most 1000 characters" },
    });
    expect(await errorOf(await patch({ status: "read", secret: 1 }))).toMatchObject({
      code: "invalid_fields",
      fields: { secret: "Unknown field" },
    });
    expect(await errorOf(await patch({}))).toMatchObject({ code: "invalid_body" });
    expect(await errorOf(await patch([]))).toMatchObject({ code: "invalid_body" });
    expect((await call("PATCH", `/${ID}`, { raw: "{nope" })).status).toBe(400);
    expect(
      (await call("PATCH", `/${ID}`, { raw: "status=read", type: "application/x-www-form-urlencoded" })).status,
    ).toBe(415);
    expect((await call("PATCH", `/${ID}`, { body: { note: "n".repeat(20_000) } })).status).toBe(413);
    const erase = await call("POST", "/erase", { body: { email: "not an address" } });
    expect(erase.status).toBe(400);
    expect(await errorOf(erase)).toMatchObject({ code: "invalid_fields", fields: { email: "Invalid email address" } });
    expect((await call("POST", "/erase", { raw: "{" })).status).toBe(400);
  });

  it("answers 404 for an id that names no enquiry", async () => {
    const { call, add } = inbox();
    await add();
    for (const method of ["PATCH", "DELETE"]) {
      const res = await call(method, `/${ID}`, { body: { status: "read" } });
      expect(res.status, method).toBe(404);
      expect(await errorOf(res)).toMatchObject({ code: "not_found" });
    }
  });

  it("answers 200 (204 for DELETE) to an admin on every route, with the security headers", async () => {
    const { call, add } = inbox();
    const one = await add();
    const two = await add();
    const answers = [
      await call("GET"),
      await call("GET", "/export.csv"),
      await call("GET", "/audit"),
      await call("POST", "/erase", { body: { email: "nobody@example.ee" } }),
      await call("PATCH", `/${one.id}`, { body: { status: "read" } }),
      await call("DELETE", `/${two.id}`),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 204]);
    for (const answer of answers) {
      expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
      expect(answer.headers.get("cache-control")).toBe("no-store");
      // Where the time went, for staff and the bench: the token check and the inbox work.
      expect(answer.headers.get("server-timing")).toMatch(/^auth;dur=\d+\.\d, inbox;dur=\d+\.\d$/);
    }
  });
});

describe("listing and searching", () => {
  it("answers items newest first with every field, the tab counts and a cursor", async () => {
    const { add, list, call, stores } = inbox();
    const older = await add({ minutesAgo: 10, company: "Ürgne OÜ", phone: "+372 5555 0101" });
    const newer = await add({ minutesAgo: 5 });
    await stores.outbox.setJSON(keyOf(newer), { id: newer.id });
    const page = await list();
    expect(page.submissions.map((s: Enquiry) => s.id)).toEqual([newer.id, older.id]);
    for (const item of page.submissions) ListedEnquirySchema.parse(item);
    expect(page.submissions[1]).toEqual({
      ...older,
      kind: "contact",
      language: "en",
      address: null,
      finishes: [],
      status: "new",
      note: null,
      updated_at: older.created_at,
      spam: null,
      notified: true,
      replies: [],
    });
    expect(page.submissions[0].notified).toBe(false);
    expect(page.counts).toEqual({ new: 2, read: 0, replied: 0, archived: 0, spam: 0 });
    expect(page.next_cursor).toBeNull();
    expect((await call("GET", "?limit=1")).status).toBe(200);
  });

  it("filters by status and by a case- and accent-insensitive search; counts ignore the filter", async () => {
    const { add, list, call } = inbox();
    const kart = await add({ name: "Kärt Tamm" });
    const kart2 = await add({ message: "Ask KART about it" });
    const other = await add({ company: "Kartul AS" });
    await add({ name: "Mari" });
    await call("PATCH", `/${kart2.id}`, { body: { status: "replied" } });
    const ids = (page: { submissions: Enquiry[] }) => page.submissions.map((s) => s.id);
    expect(ids(await list("?q=kart"))).toEqual([kart.id, kart2.id, other.id]);
    expect(ids(await list("?q=K%C3%84RT"))).toEqual([kart.id, kart2.id, other.id]);
    expect(ids(await list("?q=%20K%C3%84RT%20TAMM%20"))).toEqual([kart.id]);
    expect(ids(await list("?q=k%C3%A4rtul"))).toEqual([other.id]);
    expect(ids(await list("?status=replied"))).toEqual([kart2.id]);
    expect(ids(await list("?status=new&q=kart"))).toEqual([kart.id, other.id]);
    expect(ids(await list("?q=nobody"))).toEqual([]);
    const filtered = await list("?status=archived&q=nobody");
    expect(filtered.counts).toEqual({ new: 3, read: 0, replied: 1, archived: 0, spam: 0 });
  });

  it("finds an enquiry by the reference its visitor was given, however they write it", async () => {
    const { add, list } = inbox();
    const wanted = await add({ name: "Reference Holder" });
    await add({ name: "Someone Else" });
    const reference = enquiryReference(wanted.id);
    const ids = (page: { submissions: Enquiry[] }) => page.submissions.map((s) => s.id);
    expect(ids(await list(`?q=${reference}`))).toEqual([wanted.id]);
    expect(ids(await list(`?q=${encodeURIComponent(` ${reference.toLowerCase().replace("-", " ")} `)}`))).toEqual([
      wanted.id,
    ]);
    // Read as Crockford's base 32 reads it: a 0 typed as O, a 1 as I or L.
    const misread = reference.replace(/^AA-/, "aa-").replace(/0/g, "O").replace(/1/g, "l");
    expect(ids(await list(`?q=${misread}`))).toEqual([wanted.id]);
    // Four characters alone are a word, not a reference.
    expect(ids(await list(`?q=${reference.slice(3)}`))).toEqual([]);
  });

  it("pages through a filter with its cursor, each enquiry once", async () => {
    const { add, list } = inbox();
    const added: Enquiry[] = [];
    for (let i = 0; i < 12; i++) added.push(await add({ name: i % 2 ? `Even ${i}` : `Odd ${i}`, minutesAgo: 100 - i }));
    const wanted = added.filter((s) => s.name.startsWith("Even")).reverse();
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { submissions: Enquiry[]; next_cursor: string | null } = await list(
        `?q=even&limit=2${cursor ? `&cursor=${cursor}` : ""}`,
      );
      expect(page.submissions.length).toBeLessThanOrEqual(2);
      seen.push(...page.submissions.map((s) => s.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(wanted.map((s) => s.id));
  });

  it("lists records stored before the inbox existed as new, and can change them", async () => {
    const { stores, list, call } = inbox();
    const old: Enquiry = {
      id: "00000000-0000-4000-8000-000000000777",
      created_at: "2025-01-05T12:00:00.000Z",
      name: "Old Record",
      email: "old@example.ee",
      phone: null,
      company: null,
      message: "Stored by an earlier version",
    };
    await saveEnquiry(stores.submissions, old);
    const page = await list("?q=old%20record");
    expect(page.submissions).toEqual([
      {
        ...old,
        kind: "contact",
        language: "en",
        address: null,
        finishes: [],
        status: "new",
        note: null,
        updated_at: old.created_at,
        spam: null,
        notified: true,
        replies: [],
      },
    ]);
    const res = await call("PATCH", `/${old.id}`, { body: { status: "archived" } });
    expect(res.status).toBe(200);
    expect((await list("?status=archived")).submissions).toHaveLength(1);
  });
});

describe("changing an enquiry", () => {
  it("sets the status and the note, cleans the note, clears it with an empty one or null", async () => {
    const { add, call, list } = inbox();
    const s = await add();
    const first = await call("PATCH", `/${s.id}`, { body: { status: "read", note: "  Call back\u0000 on Monday  " } });
    expect(first.status).toBe(200);
    const item = ListedEnquirySchema.parse(await first.json());
    expect(item).toMatchObject({ id: s.id, status: "read", note: "Call back on Monday", notified: true });
    expect(Date.parse(item.updated_at)).toBeGreaterThan(Date.parse(item.created_at));
    expect((await list()).counts).toEqual({ new: 0, read: 1, replied: 0, archived: 0, spam: 0 });
    const cleared = await (await call("PATCH", `/${s.id}`, { body: { note: "" } })).json();
    expect(cleared).toMatchObject({ status: "read", note: null });
    await call("PATCH", `/${s.id}`, { body: { note: "again" } });
    expect(await (await call("PATCH", `/${s.id}`, { body: { note: null } })).json()).toMatchObject({ note: null });
    const full = "😀".repeat(1000);
    expect(await (await call("PATCH", `/${s.id}`, { body: { note: full } })).json()).toMatchObject({ note: full });
    const [listed] = (await list()).submissions;
    expect(listed).toMatchObject({ status: "read", note: full });
  });

  it("writes nothing for a change that changes nothing", async () => {
    const { add, call } = inbox();
    const s = await add();
    const before = await (await call("PATCH", `/${s.id}`, { body: { status: "read" } })).json();
    const after = await (await call("PATCH", `/${s.id}`, { body: { status: "read" } })).json();
    expect(after).toEqual(before);
    const entries = (await (await call("GET", "/audit")).json()).entries;
    expect(entries.filter((e: { action: string }) => e.action === "status")).toHaveLength(1);
  });
});

describe("deleting and erasing", () => {
  it("deletes one enquiry: gone from the list, search, export and counts, with its outbox entry", async () => {
    const { add, call, list, stores, keyOf } = inbox();
    const keep = await add({ name: "Keep Me" });
    const gone = await add({ name: "Delete Me" });
    await stores.outbox.setJSON(keyOf(gone), { id: gone.id });
    const res = await call("DELETE", `/${gone.id}`);
    expect(res.status).toBe(204);
    expect(await res.text()).toBe("");
    const page = await list();
    expect(page.submissions.map((s: Enquiry) => s.id)).toEqual([keep.id]);
    expect(page.counts.new).toBe(1);
    expect((await list("?q=delete")).submissions).toEqual([]);
    expect(await (await call("GET", "/export.csv")).text()).not.toContain("Delete Me");
    expect(await stores.submissions.get(keyOf(gone))).toBeNull();
    expect(await stores.outbox.get(keyOf(gone))).toBeNull();
    expect((await readIndex(stores.index)).map((e) => e.key)).toEqual([keyOf(keep)]);
    expect((await call("DELETE", `/${gone.id}`)).status).toBe(404);
    expect((await call("PATCH", `/${gone.id}`, { body: { status: "read" } })).status).toBe(404);
  });

  it("erases every enquiry from an address, whatever its case, and nothing else", async () => {
    const { add, call, list, stores, keyOf } = inbox();
    const mine = [
      await add({ email: "mari@example.ee" }),
      await add({ email: "Mari@Example.EE" }),
      await add({ email: "MARI@EXAMPLE.EE", message: "third" }),
    ];
    const others = [
      await add({ email: "xmari@example.ee" }),
      await add({ email: "mari@example.eee" }),
      await add({ email: "märi@example.ee" }),
      await add({ email: "other@example.ee", message: "about mari@example.ee" }),
    ];
    for (const s of mine) await stores.outbox.setJSON(keyOf(s), { id: s.id });
    const res = await call("POST", "/erase", { body: { email: "  MaRi@example.ee " } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ erased: 3 });
    const page = await list();
    expect(page.submissions.map((s: Enquiry) => s.id).sort()).toEqual(others.map((s) => s.id).sort());
    for (const s of mine) {
      expect(await stores.submissions.get(keyOf(s))).toBeNull();
      expect(await stores.outbox.get(keyOf(s))).toBeNull();
    }
    expect(await (await call("POST", "/erase", { body: { email: "mari@example.ee" } })).json()).toEqual({ erased: 0 });
  });
});

describe("CSV export", () => {
  it("escapes and neutralises cells, with a BOM, CRLF lines and an attachment name", async () => {
    const { add, call, stores, keyOf } = inbox();
    const quoted = await add({
      name: 'Jaan "JJ" Tamm',
      company: "Tamm, Tamm & Co",
      message: 'Line one, with "quotes"\r\nLine two',
      minutesAgo: 3,
    });
    const hostile = await add({
      name: "=cmd|' /C calc'!A0",
      phone: "+372 5555 0101",
      message: "@SUM(1)",
      minutesAgo: 2,
    });
    const dash = await add({ name: "-2+3", company: "\tTabbed", message: "Plain", minutesAgo: 1 });
    await stores.outbox.setJSON(keyOf(dash), { id: dash.id });
    await call("PATCH", `/${quoted.id}`, { body: { note: '=HYPERLINK("x")' } });

    const res = await call("GET", "/export.csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="contact-submissions-2026-11-22\.csv"$/,
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(
      text.startsWith(
        `\uFEFF${["id", "kind", "language", "created_at", "updated_at", "status", "name", "email", "phone", "company", "message", "finishes", "street", "postal_code", "city", "country", "note", "notified", "replies"].map((c) => `"${c}"`).join(",")}\r\n`,
      ),
    ).toBe(true);
    expect(text).toContain('"Line one, with ""quotes""\r\nLine two"');
    const rows = parseCsv(text);
    expect(rows).toHaveLength(4);
    const byId = Object.fromEntries(rows.slice(1).map((r) => [r[0], r]));
    expect(byId[quoted.id]?.slice(1, 3)).toEqual(["contact", "en"]);
    expect(byId[quoted.id]?.slice(5)).toEqual([
      "new",
      'Jaan "JJ" Tamm',
      quoted.email,
      "",
      "Tamm, Tamm & Co",
      'Line one, with "quotes"\r\nLine two',
      "",
      "",
      "",
      "",
      "",
      '\'=HYPERLINK("x")',
      "true",
      "0",
    ]);
    expect(byId[hostile.id]?.slice(6, 11)).toEqual([
      "'=cmd|' /C calc'!A0",
      hostile.email,
      "'+372 5555 0101",
      "",
      "'@SUM(1)",
    ]);
    expect(byId[dash.id]?.slice(6)).toEqual([
      "'-2+3",
      dash.email,
      "",
      "'\tTabbed",
      "Plain",
      "",
      "",
      "",
      "",
      "",
      "",
      "false",
      "0",
    ]);
    expect(rows.slice(1).map((r) => r[0])).toEqual([dash.id, hostile.id, quoted.id]);
  });

  it("exports what the filter selects, newest first, and is current after changes", async () => {
    const { add, call } = inbox();
    const a = await add({ name: "Anne Kärt" });
    const b = await add({ name: "Bert" });
    await add({ name: "Carl Kart" });
    const idsOf = async (query: string) =>
      parseCsv(await (await call("GET", `/export.csv${query}`)).text())
        .slice(1)
        .map((r) => r[0]);
    expect(await idsOf("")).toHaveLength(3);
    await call("PATCH", `/${a.id}`, { body: { status: "archived" } });
    await call("DELETE", `/${b.id}`);
    expect(await idsOf("?status=archived")).toEqual([a.id]);
    expect(await idsOf("?q=KART&status=new")).toHaveLength(1);
    expect(await idsOf("")).toHaveLength(2);
    const rows = parseCsv(await (await call("GET", "/export.csv?status=archived")).text());
    expect(rows[1]?.[5]).toBe("archived");
  });
});

describe("audit log", () => {
  it("records every change, deletion, erasure and export with the admin, newest first, without visitor data", async () => {
    const { add, call, stores } = inbox();
    const secretName = "Salajane Külastaja";
    const secretEmail = "salajane@example.ee";
    const secretMessage = "Private message text";
    const s = await add({ name: secretName, email: secretEmail, message: secretMessage });
    const t = await add();
    await add({ email: "erase-me@example.ee" });
    await call("PATCH", `/${s.id}`, { body: { status: "replied", note: "Called Salajane" } });
    await call("DELETE", `/${t.id}`);
    await call("POST", "/erase", { body: { email: "erase-me@example.ee" } });
    await call("GET", `/export.csv?q=${encodeURIComponent(secretName)}`);
    const res = await call("GET", "/audit");
    expect(res.status).toBe(200);
    const { entries } = await res.json();
    const admin = { uid: adminUid, email: "admin@example.com" };
    expect(entries.map(({ at: _at, ...rest }: { at: string }) => rest)).toEqual([
      { admin, action: "export", count: 1 },
      { admin, action: "erase", count: 1 },
      { admin, action: "delete", id: t.id },
      { admin, action: "note", id: s.id },
      { admin, action: "status", id: s.id, status: "replied", from: "new" },
    ]);
    const times = entries.map((e: { at: string }) => e.at);
    expect(times).toEqual([...times].sort().reverse());

    const { blobs: keys } = await stores.audit.list();
    const everything = JSON.stringify(await Promise.all(keys.map((k) => stores.audit.get(k.key, { type: "json" }))));
    for (const secret of [secretName, "Salajane", secretEmail, secretMessage, "erase-me", "Called", "visitor"]) {
      expect(everything).not.toContain(secret);
    }
  });

  it("answers the last 50, newest first", async () => {
    const { add, call } = inbox();
    const s = await add();
    const statuses = ["read", "replied", "archived", "new"] as const;
    for (let i = 0; i < 53; i++) await call("PATCH", `/${s.id}`, { body: { status: statuses[i % 4] } });
    const { entries } = await (await call("GET", "/audit")).json();
    expect(entries).toHaveLength(50);
    expect(entries[0].status).toBe(statuses[52 % 4]);
    expect(entries[49].status).toBe(statuses[3 % 4]);
  });
});
