import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MARKED, SEARCH_MARK, SEARCH_QUERY, seededEnquiry } from "../../../../../scripts/seed-submissions.mjs";
import { CSV_COLUMNS, csvCell, csvFileName, neutralise, toCsv } from "../../../../../src/features/inbox/server/csv";
import {
  ENQUIRY_STATUSES,
  EnquiryPatchSchema,
  EnquirySchema,
  EraseRequestSchema,
  type ListedEnquiry,
  NOTE_MAX_LENGTH,
} from "../../../../../src/features/inbox/server/enquiry-schema";
import { toItem } from "../../../../../src/features/inbox/server/queries";
import { retentionCutoff } from "../../../../../src/features/inbox/server/retention-job";
import {
  enquiryKey,
  fold,
  fullRecord,
  indexEntry,
  isEnquiryKey,
  keyId,
  keyTime,
  monthOf,
  searchText,
  textMatches,
} from "../../../../../src/features/inbox/server/storage-layout";
import { parseCsv } from "../../../../support/csv";

const base = {
  id: "00000000-0000-4000-8000-000000000001",
  created_at: "2025-03-04T05:06:07.089Z",
  name: "Kärt Õunapuu",
  email: "Kart@Example.ee",
  phone: "+372 5555 0101",
  company: "Ürgne OÜ",
  message: "Ποιος; ΟΔΟΣ",
};

describe("inbox keys", () => {
  it("encode the creation time and the id, newest first", () => {
    const key = enquiryKey(new Date(base.created_at), base.id);
    expect(isEnquiryKey(key)).toBe(true);
    expect(keyTime(key)).toBe(Date.parse(base.created_at));
    expect(keyId(key)).toBe(base.id);
    expect(monthOf(keyTime(key))).toBe("2025-03");
    const later = enquiryKey(new Date(Date.parse(base.created_at) + 1), base.id);
    expect(later < key).toBe(true);
  });
});

describe("search folding", () => {
  it("ignores case and accents", () => {
    for (const query of ["Kärt", "kart", "KART", "KÄRT", "ounapuu", "URGNE"]) {
      expect(textMatches(searchText(base), fold(query)), query).toBe(true);
    }
    expect(textMatches(searchText(base), fold("οδος"))).toBe(true);
    expect(textMatches(searchText(base), fold("ΟΔΟΣ"))).toBe(true);
    expect(textMatches(searchText(base), fold("karts"))).toBe(false);
  });

  it("matches a query within one field, never across two", () => {
    const fields = fc.record({
      name: fc.string({ maxLength: 8 }),
      email: fc.string({ maxLength: 8 }),
      company: fc.option(fc.string({ maxLength: 8 })),
      phone: fc.option(fc.string({ maxLength: 8 })),
      message: fc.string({ maxLength: 8 }),
    });
    fc.assert(
      fc.property(fields, fc.string({ minLength: 1, maxLength: 4 }), (s, query) => {
        const naive = [s.name, s.email, s.company ?? "", s.phone ?? "", s.message].some((field) =>
          fold(field).includes(fold(query)),
        );
        expect(textMatches(searchText(s), fold(query))).toBe(naive);
      }),
      { numRuns: 500 },
    );
  });

  it("reads a record without inbox fields as a new contact message, without a note, updated when created", () => {
    expect(fullRecord(base)).toEqual({
      ...base,
      kind: "contact",
      status: "new",
      note: null,
      updated_at: base.created_at,
    });
    expect(indexEntry(base)).toEqual({ s: "new", u: Date.parse(base.created_at), t: searchText(base) });
    const changed = { ...base, status: "read" as const, note: "x", updated_at: "2025-03-05T00:00:00.000Z" };
    expect(indexEntry(changed)).toMatchObject({ s: "read", u: Date.parse(changed.updated_at) });
    // Only a sample request's entry records its kind; its finishes and address are searchable.
    const samples = {
      ...base,
      kind: "samples" as const,
      message: "",
      address: { street: "Pikk 1", postal_code: "10123", city: "Tallinn", country: "EE" },
      finishes: [{ key: "felt-panels/moss", product: "Felt Panels", name: "Moss" }],
    };
    expect(indexEntry(samples).k).toBe("samples");
    expect(indexEntry(base).k).toBeUndefined();
    expect(searchText(samples).split("\0")).toEqual(expect.arrayContaining(["felt panels moss", "tallinn", "pikk 1"]));
  });
});

/** What a spreadsheet reads as a formula, or as one hidden behind a leading tab or CR. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A CSV file as a reader that honours quotes sees it when it splits cells on `separator`: each cell's
 * text, quotes removed (text after a closing quote is kept, as spreadsheets do), and whether it was quoted.
 */
function quoteAwareCells(file: string, separator: string): { text: string; quoted: boolean }[] {
  const cells: { text: string; quoted: boolean }[] = [];
  let text = "";
  let quoted = false;
  let inQuotes = false;
  let start = true;
  const end = () => {
    cells.push({ text, quoted });
    text = "";
    quoted = false;
    start = true;
  };
  const body = file.replace(/^\uFEFF/, "");
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string;
    if (inQuotes) {
      if (c === '"' && body[i + 1] === '"') {
        text += '"';
        i++;
      } else if (c === '"') inQuotes = false;
      else text += c;
    } else if (c === '"' && start) {
      inQuotes = true;
      quoted = true;
      start = false;
    } else if (c === separator) end();
    else if (c === "\r" && body[i + 1] === "\n") {
      end();
      i++;
    } else {
      text += c;
      start = false;
    }
  }
  return cells;
}

/**
 * A CSV file split as a naive reader does, ignoring quotes: into lines at any CR or LF, and each line
 * at `separator`. A piece's leading double quotes are dropped, as such a reader may take them for a
 * cell's opening quote.
 */
const naivePieces = (file: string, separator: string) =>
  file.split(/\r\n|\r|\n/).flatMap((line) => line.split(separator).map((piece) => piece.replace(/^"+/, "")));

describe("CSV", () => {
  // Contract change: text cells are now always quoted (they were bare unless they held a comma, quote
  // or line break), so the expected cells below carry their quotes.
  it("neutralises cells a spreadsheet would run as formulas", () => {
    expect(csvCell("=cmd|' /C calc'!A0")).toBe(`"'=cmd|' /C calc'!A0"`);
    expect(csvCell("+372 5555")).toBe(`"'+372 5555"`);
    expect(csvCell("-1")).toBe(`"'-1"`);
    expect(csvCell("@SUM(A1)")).toBe(`"'@SUM(A1)"`);
    expect(csvCell("\tx")).toBe(`"'\tx"`);
    expect(csvCell("\rx")).toBe(`"'\rx"`);
    expect(csvCell("a=b")).toBe(`"a=b"`);
  });

  it("neutralises a formula after any separator or line break inside a value, quotes before it included", () => {
    expect(csvCell("x;=cmd|' /C calc'!A0")).toBe(`"x;'=cmd|' /C calc'!A0"`);
    expect(csvCell("a,+1")).toBe(`"a,'+1"`);
    expect(csvCell("Points:\r\n- one\n- two")).toBe(`"Points:\r\n'- one\n'- two"`);
    expect(csvCell("a\t\t=b")).toBe(`"a\t'\t'=b"`);
    expect(csvCell("\r\n@x")).toBe(`"'\r\n'@x"`);
    expect(csvCell('x;"=1')).toBe(`"x;'""=1"`);
    expect(csvCell('""=1')).toBe(`"'""""=1"`);
    // A separator followed by anything else is left alone, and so is a formula sign later in a piece.
    expect(csvCell("a; b=c, d-e")).toBe(`"a; b=c, d-e"`);
    expect(neutralise("Tamm; Kask")).toBe("Tamm; Kask");
  });

  it("quotes every text cell, doubling its quotes; an absent value is empty and true or false is bare", () => {
    expect(csvCell('He said "hi", then left\r\nagain')).toBe('"He said ""hi"", then left\r\nagain"');
    expect(csvCell("plain")).toBe('"plain"');
    expect(csvCell("")).toBe('""');
    expect(csvCell(null)).toBe("");
    expect(csvCell(true)).toBe("true");
    expect(csvCell(false)).toBe("false");
  });

  it("starts with a byte-order mark and the header row, and ends every line with CRLF", () => {
    const item: ListedEnquiry = toItem(fullRecord(base), false);
    expect(toCsv([item])).toBe(
      '\uFEFF"id","kind","language","created_at","updated_at","status","name","email","phone","company","message","finishes","street","postal_code","city","country","note","notified","replies"\r\n' +
        `"${base.id}","contact","en","${base.created_at}","${base.created_at}","new","Kärt Õunapuu","Kart@Example.ee","'+372 5555 0101","Ürgne OÜ","Ποιος; ΟΔΟΣ","",,,,,,false,"0"\r\n`,
    );
    expect(csvFileName(Date.parse("2026-11-22T23:59:59Z"))).toBe("contact-submissions-2026-11-22.csv");
  });

  it("never lets a reader that splits on , or ; (with or without quotes) start a cell with a formula", () => {
    // Text made mostly of separators, line breaks, quotes and formula signs, and any text at all.
    const tricky = fc.string({
      unit: fc.constantFrom("=", "+", "-", "@", "\t", "\r", "\n", ",", ";", '"', "'", " ", "a", "1"),
      maxLength: 16,
    });
    const text = fc.oneof(tricky, fc.string({ maxLength: 16 }), fc.string({ unit: "grapheme", maxLength: 8 }));
    const enquiry = fc.record({
      name: text,
      email: text,
      phone: fc.option(text),
      company: fc.option(text),
      message: text,
      note: fc.option(text),
    });
    fc.assert(
      fc.property(fc.array(enquiry, { minLength: 1, maxLength: 4 }), (enquiries) => {
        const items = enquiries.map((fields, n) =>
          toItem(
            fullRecord({ ...base, id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`, ...fields }),
            false,
          ),
        );
        const file = toCsv(items);
        for (const separator of [",", ";"]) {
          for (const cell of quoteAwareCells(file, separator)) {
            expect(cell.text, `a cell read on ${JSON.stringify(separator)}`).not.toMatch(FORMULA_START);
          }
        }
        for (const separator of [",", ";", "\t"]) {
          for (const piece of naivePieces(file, separator)) {
            expect(piece, `a piece split naively on ${JSON.stringify(separator)}`).not.toMatch(FORMULA_START);
          }
        }
        // Read back on `,`, every cell is its value with apostrophes added, and nothing else changed.
        const rows = parseCsv(file);
        expect(rows).toHaveLength(items.length + 1);
        for (const [n, item] of items.entries()) {
          for (const column of ["name", "email", "phone", "company", "message", "note"] as const) {
            const value = item[column];
            expect(rows[n + 1]?.[CSV_COLUMNS.indexOf(column)]).toBe(value === null ? "" : neutralise(value));
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("retention cutoff", () => {
  it("goes back whole calendar months, to the month's last day when the day does not exist", () => {
    expect(new Date(retentionCutoff(Date.parse("2026-11-22T10:00:00Z"), 24)).toISOString()).toBe(
      "2024-11-22T10:00:00.000Z",
    );
    expect(new Date(retentionCutoff(Date.parse("2026-03-31T00:00:00Z"), 1)).toISOString()).toBe(
      "2026-02-28T00:00:00.000Z",
    );
    expect(new Date(retentionCutoff(Date.parse("2024-03-31T00:00:00Z"), 1)).toISOString()).toBe(
      "2024-02-29T00:00:00.000Z",
    );
    expect(new Date(retentionCutoff(Date.parse("2026-01-15T00:00:00Z"), 13)).toISOString()).toBe(
      "2024-12-15T00:00:00.000Z",
    );
  });
});

describe("inbox schemas", () => {
  it("reads records with and without the inbox fields", () => {
    expect(EnquirySchema.parse(base)).toEqual(base);
    const changed = { ...base, status: "archived", note: null, updated_at: base.created_at };
    expect(EnquirySchema.parse(changed)).toEqual(changed);
    expect(EnquirySchema.safeParse({ ...base, status: "done" }).success).toBe(false);
  });

  it("accepts a status, a note or both; cleans the note and clears it when empty", () => {
    expect(ENQUIRY_STATUSES).toEqual(["new", "read", "replied", "archived", "spam"]);
    expect(EnquiryPatchSchema.parse({ status: "read" })).toEqual({ status: "read" });
    expect(EnquiryPatchSchema.parse({ note: "  call back\u0000 " })).toEqual({ note: "call back" });
    expect(EnquiryPatchSchema.parse({ note: " \u200b " })).toEqual({ note: null });
    expect(EnquiryPatchSchema.parse({ note: null, status: "new" })).toEqual({ note: null, status: "new" });
    expect(EnquiryPatchSchema.parse({ note: "😀".repeat(NOTE_MAX_LENGTH) }).note).toHaveLength(2 * NOTE_MAX_LENGTH);
  });

  it("refuses an empty change, an unknown status or field, and a note over the limit", () => {
    const messages = (body: unknown) => EnquiryPatchSchema.safeParse(body).error?.issues.map((i) => i.message);
    expect(messages({})).toEqual(["Send a status or a note"]);
    expect(messages({ status: "done" })).toEqual(["Status must be new, read, replied, archived or spam"]);
    expect(messages({ note: "n".repeat(NOTE_MAX_LENGTH + 1) })).toEqual(["Note must be at most 1000 characters"]);
    expect(messages({ note: 5 })).toEqual(["Note must be text or null"]);
    expect(EnquiryPatchSchema.safeParse({ status: "read", id: "x" }).success).toBe(false);
  });

  it("reads an erasure address cleaned, and refuses one that is not an address", () => {
    expect(EraseRequestSchema.parse({ email: "  Mari@Example.ee " })).toEqual({ email: "Mari@Example.ee" });
    expect(EraseRequestSchema.safeParse({ email: "mari" }).success).toBe(false);
    expect(EraseRequestSchema.safeParse({}).success).toBe(false);
  });
});

describe("seeded submissions", () => {
  it("are valid stored records, and exactly 20 of 10,000 carry the search mark", () => {
    const now = Date.parse("2026-11-22T12:00:00Z");
    const seeded = Array.from({ length: 10_000 }, (_, n) => seededEnquiry(n, 10_000, now));
    for (const { key, stored } of seeded.filter((_, n) => n % 97 === 0)) {
      expect(EnquirySchema.parse(stored)).toEqual(stored);
      expect(key).toBe(enquiryKey(new Date(stored.created_at), stored.id));
    }
    const matching = seeded.filter(({ stored }) => textMatches(searchText(stored), fold(SEARCH_QUERY)));
    expect(matching).toHaveLength(MARKED);
    expect(matching.every(({ stored }) => stored.name.endsWith(SEARCH_MARK))).toBe(true);
    const statuses = seeded.map(({ stored }) => fullRecord(stored).status);
    expect(statuses.filter((s) => s === "replied")).toHaveLength(1000);
  });
});
