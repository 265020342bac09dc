import { describe, expect, it } from "vitest";
import {
  createInboxApi,
  csvFileName,
  FALLBACK_MESSAGES,
  filenameFromDisposition,
  InboxApiError,
} from "../../../../src/features/inbox/api";
import { item } from "./fixtures";

interface Call {
  url: string;
  method: string;
  headers: Headers;
  body: string | null;
}

/** A fetch that records each call and answers with the next of `responses`. */
function fakeFetch(...responses: Response[]) {
  const calls: Call[] = [];
  const fetchImpl = async (url: string, init: RequestInit = {}) => {
    calls.push({
      url,
      method: init.method ?? "GET",
      headers: new Headers(init.headers),
      body: typeof init.body === "string" ? init.body : null,
    });
    const next = responses.shift();
    if (!next) throw new Error("no response left");
    return next;
  };
  return { calls, api: createInboxApi(async () => false, fetchImpl) };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
const page = {
  submissions: [item()],
  next_cursor: "k1",
  counts: { new: 1, read: 0, replied: 0, archived: 0, spam: 0 },
};

describe("createInboxApi", () => {
  it("lists with the filter, cursor and limit", async () => {
    const { calls, api } = fakeFetch(json(page), json(page));
    expect(await api.list({ kind: null, status: null, q: "" })).toEqual(page);
    await api.list({ kind: null, status: "new", q: "Kärt & co", cursor: "abc", limit: 100 });
    expect(calls.map((c) => c.url)).toEqual([
      "/api/contact-submissions",
      "/api/contact-submissions?status=new&q=K%C3%A4rt+%26+co&cursor=abc&limit=100",
    ]);
  });

  it("lists one kind when asked, with the other filters", async () => {
    const { calls, api } = fakeFetch(json(page), json(page), json(page));
    await api.list({ kind: "samples", status: null, q: "" });
    await api.list({ kind: "contact", status: "replied", q: "walnut", cursor: "k9" });
    await api.list({ kind: "samples", status: null, q: "", cursor: "k2", limit: 50 });
    expect(calls.map((c) => c.url)).toEqual([
      "/api/contact-submissions?kind=samples",
      "/api/contact-submissions?kind=contact&status=replied&q=walnut&cursor=k9",
      "/api/contact-submissions?kind=samples&cursor=k2&limit=50",
    ]);
  });

  it("changes, deletes and erases with the contract's methods and bodies", async () => {
    const updated = item({ status: "replied" });
    const { calls, api } = fakeFetch(json(updated), new Response(null, { status: 204 }), json({ erased: 3 }));
    expect(await api.update("a/b", { status: "replied" })).toEqual(updated);
    await api.remove("id-1");
    expect(await api.erase("kart@example.ee")).toBe(3);
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ["PATCH", "/api/contact-submissions/a%2Fb", '{"status":"replied"}'],
      ["DELETE", "/api/contact-submissions/id-1", null],
      ["POST", "/api/contact-submissions/erase", '{"email":"kart@example.ee"}'],
    ]);
    expect(calls[0]?.headers.get("content-type")).toBe("application/json");
  });

  it("reads the audit log", async () => {
    const entries = [{ at: "2025-01-05T12:30:00.000Z", admin: { uid: "u", email: "a@b.ee" }, action: "export" }];
    const { calls, api } = fakeFetch(json({ entries }));
    expect(await api.audit()).toEqual(entries);
    expect(calls[0]?.url).toBe("/api/contact-submissions/audit");
  });

  it("downloads the export as bytes, keeping the byte-order mark, with the server's file name", async () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode("id,name\r\n")]);
    const { calls, api } = fakeFetch(
      new Response(bytes, {
        headers: {
          "content-type": "text/csv; charset=utf-8",
          "content-disposition": 'attachment; filename="contact-submissions-2025-01-05.csv"',
        },
      }),
    );
    const { blob, filename } = await api.exportCsv({ kind: null, status: "archived", q: "x" });
    expect(calls[0]?.url).toBe("/api/contact-submissions/export.csv?status=archived&q=x");
    expect(filename).toBe("contact-submissions-2025-01-05.csv");
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(bytes);
  });

  it("names the file by today's date when the answer does not", async () => {
    const { api } = fakeFetch(new Response("id\r\n"));
    const { filename } = await api.exportCsv({ kind: null, status: null, q: "" }, new Date("2025-03-09T23:59:00Z"));
    expect(filename).toBe("contact-submissions-2025-03-09.csv");
  });

  it("exports the kind shown with the other filters", async () => {
    const { calls, api } = fakeFetch(new Response("id\r\n"), new Response("id\r\n"));
    await api.exportCsv({ kind: "samples", status: null, q: "" });
    await api.exportCsv({ kind: "contact", status: "new", q: "Kärt" });
    expect(calls.map((c) => c.url)).toEqual([
      "/api/contact-submissions/export.csv?kind=samples",
      "/api/contact-submissions/export.csv?kind=contact&status=new&q=K%C3%A4rt",
    ]);
  });

  it("fails with the API's message, code and field messages", async () => {
    const { api } = fakeFetch(
      json({ error: { code: "invalid_fields", message: "Invalid fields", fields: { note: "Note is too long" } } }, 400),
    );
    const error = await api.update("id-1", { note: "x" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InboxApiError);
    expect(error).toMatchObject({ message: "Invalid fields", status: 400, code: "invalid_fields" });
    expect((error as InboxApiError).fields).toEqual({ note: "Note is too long" });
  });

  it("falls back to the call's own message when the answer has none", async () => {
    const { api } = fakeFetch(new Response("<html>Bad gateway</html>", { status: 502 }), json({ nope: 1 }, 403));
    await expect(api.list({ kind: null, status: null, q: "" })).rejects.toMatchObject({
      message: FALLBACK_MESSAGES.list,
      status: 502,
      code: null,
    });
    await expect(api.remove("x")).rejects.toMatchObject({ message: FALLBACK_MESSAGES.remove, status: 403 });
  });

  it("fails with the fallback message when the network does", async () => {
    const api = createInboxApi(
      async () => false,
      async () => {
        throw new TypeError("Failed to fetch");
      },
    );
    await expect(api.audit()).rejects.toMatchObject({ message: FALLBACK_MESSAGES.audit, status: 0 });
  });

  it("renews a session that ran out once and sends the call again; refused again, it fails", async () => {
    const refused = () => json({ error: { code: "invalid_token", message: "Invalid or expired token" } }, 401);
    const calls: string[] = [];
    let renewals = 0;
    const answers = [refused(), json(page), refused(), refused()];
    const api = createInboxApi(
      async () => {
        renewals += 1;
        return true;
      },
      async (url) => {
        calls.push(url);
        return answers.shift() as Response;
      },
    );
    expect(await api.list({ kind: null, status: null, q: "" })).toEqual(page);
    expect(renewals).toBe(1);
    await expect(api.audit()).rejects.toMatchObject({ status: 401, code: "invalid_token" });
    expect(renewals).toBe(2);
    expect(calls).toHaveLength(4);
  });

  it("does not send a call again when the session cannot be renewed", async () => {
    const { calls, api } = fakeFetch(json({ error: { code: "unauthenticated", message: "Sign in required" } }, 401));
    await expect(api.remove("x")).rejects.toMatchObject({ status: 401, message: "Sign in required" });
    expect(calls).toHaveLength(1);
  });

  it("passes an abort through unchanged, so a superseded list load can be ignored", async () => {
    const api = createInboxApi(
      async () => false,
      async () => {
        throw new DOMException("The operation was aborted.", "AbortError");
      },
    );
    await expect(api.list({ kind: null, status: null, q: "" })).rejects.toMatchObject({ name: "AbortError" });
  });
});

describe("filenameFromDisposition", () => {
  it("reads quoted, bare and RFC 5987 file names, preferring filename*", () => {
    expect(filenameFromDisposition('attachment; filename="a b.csv"')).toBe("a b.csv");
    expect(filenameFromDisposition("attachment; filename=plain.csv")).toBe("plain.csv");
    expect(filenameFromDisposition(`attachment; filename="x.csv"; filename*=UTF-8''K%C3%A4rt.csv`)).toBe("Kärt.csv");
    expect(filenameFromDisposition('attachment; filename="say \\"hi\\".csv"')).toBe('say "hi".csv');
  });

  it("keeps the base name only, and nothing without a name", () => {
    expect(filenameFromDisposition('attachment; filename="../../etc/passwd"')).toBe("passwd");
    expect(filenameFromDisposition('attachment; filename="..\\\\x.csv"')).toBe("x.csv");
    expect(filenameFromDisposition('attachment; filename=".."')).toBeNull();
    expect(filenameFromDisposition("attachment")).toBeNull();
    expect(filenameFromDisposition(null)).toBeNull();
  });

  it("matches the export's own default name", () => {
    expect(csvFileName(new Date("2025-01-05T00:00:00Z"))).toBe("contact-submissions-2025-01-05.csv");
  });
});
