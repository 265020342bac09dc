import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { EnquiriesTable } from "../../../../src/features/inbox/EnquiriesTable";
import { EnquiryDialog } from "../../../../src/features/inbox/EnquiryDialog";
import { KindFilter } from "../../../../src/features/inbox/KindFilter";
import { StatusTabs } from "../../../../src/features/inbox/StatusTabs";
import { idOf, item } from "./fixtures";

const noop = () => {};
const ok = async () => ({ ok: true as const });

/** A sample request as the admin API answers it. */
const sampleRequest = (overrides: Parameters<typeof item>[0] = {}) =>
  item({
    kind: "samples",
    name: "Mari Mets",
    email: "mari@example.fi",
    message: "",
    address: { street: "Mannerheimintie 1 A 5", postal_code: "00100", city: "Helsinki", country: "FI" },
    finishes: [
      { key: "felt-panels/moss", product: "Felt Panels", name: "Moss" },
      { key: "veneered-panels/walnut", product: "Veneered Panels", name: "Walnut" },
    ],
    ...overrides,
  });

/** The text of an element's content, tags removed. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

describe("EnquiriesTable", () => {
  const html = renderToStaticMarkup(
    createElement(EnquiriesTable, {
      items: [
        item({ id: idOf(1), status: "new", phone: null, company: null, message: "<b>hi</b>" }),
        item({ id: idOf(2), status: "archived", notified: false }),
      ],
      onOpen: noop,
    }),
  );

  it("keeps the columns of the spec in order, with the status last", () => {
    const headers = [...html.matchAll(/<th scope="col"[^>]*>([^<]+)<\/th>/g)].map((m) => m[1]);
    expect(headers).toEqual(["Date", "Name", "Email", "Phone", "Company", "Message", "Status"]);
  });

  it("shows text as text, clamps the message to three lines and dashes empty fields", () => {
    expect(html).toContain("&lt;b&gt;hi&lt;/b&gt;");
    expect(html).not.toContain("<b>hi</b>");
    expect(html).toContain('class="line-clamp-3 whitespace-pre-line"');
    // The first has neither phone nor company, the second no phone.
    expect(html.match(/>—</g)).toHaveLength(3);
  });

  it("badges each status and marks only the enquiry whose notification has not gone out", () => {
    expect(html).toMatch(/data-status="new"[\s\S]*>New<\/span>[\s\S]*data-status="archived"[\s\S]*>Archived<\/span>/);
    expect(html.match(/Notification not sent/g)).toHaveLength(1);
    expect(html.indexOf("Notification not sent")).toBeGreaterThan(html.indexOf(`data-id="${idOf(2)}"`));
  });

  it("opens an enquiry from a button named after the person", () => {
    expect(html).toContain(`data-open="${idOf(1)}"`);
    expect(html).toMatch(/<button type="button" data-open="[^"]+" class="[^"]*font-semibold[^"]*">Kärt Tamm<\/button>/);
  });

  describe("with a sample request", () => {
    const mixed = renderToStaticMarkup(
      createElement(EnquiriesTable, {
        items: [sampleRequest({ id: idOf(1) }), item({ id: idOf(2) })],
        onOpen: noop,
      }),
    );
    const cells = (id: string) => {
      const row = new RegExp(`<tr[^>]*data-id="${id}"[^>]*>([\\s\\S]*?)</tr>`).exec(mixed)?.[1] ?? "";
      return [...row.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((m) => m[1] ?? "");
    };

    it("keeps the spec's columns and tags each row's kind under the name", () => {
      const headers = [...mixed.matchAll(/<th scope="col"[^>]*>([^<]+)<\/th>/g)].map((m) => m[1]);
      expect(headers).toEqual(["Date", "Name", "Email", "Phone", "Company", "Message", "Status"]);
      const samples = cells(idOf(1));
      const contact = cells(idOf(2));
      expect(samples).toHaveLength(7);
      expect(contact).toHaveLength(7);
      expect(samples[1]).toMatch(/>Mari Mets<\/button>[\s\S]*data-kind="samples"[^>]*>Samples</);
      expect(contact[1]).toMatch(/>Kärt Tamm<\/button>[\s\S]*data-kind="contact"[^>]*>Quote</);
    });

    it("shows a sample request's finishes where a message would be, clamped the same way", () => {
      expect(cells(idOf(1))[5]).toBe(
        '<p class="line-clamp-3 whitespace-pre-line" title="Felt Panels — Moss\nVeneered Panels — Walnut">' +
          "Felt Panels — Moss\nVeneered Panels — Walnut</p>",
      );
      expect(cells(idOf(2))[5]).toContain(">Line one\nLine two</p>");
    });
  });
});

describe("EnquiryDialog", () => {
  const render = (overrides: Parameters<typeof item>[0]) =>
    renderToStaticMarkup(
      createElement(EnquiryDialog, {
        item: item(overrides),
        onClose: noop,
        onChange: ok,
        onDelete: ok,
        onReply: ok,
        savedReplies: [],
        fallbackFocus: noop,
      }),
    );

  it("shows the whole message, every field and the note", () => {
    const html = render({ message: "First line\nSecond line", phone: "+372 5555 0000", note: "Call back Monday" });
    expect(html).toContain("First line\nSecond line");
    expect(html).not.toContain("line-clamp");
    for (const text of ["kart@example.ee", "+372 5555 0000", "Acme", "Jan 05, 2025", "Call back Monday", "Sent"]) {
      expect(html).toContain(text);
    }
    expect(html).toMatch(/<textarea[^>]*maxLength="1000"/);
    expect(html).toMatch(/<dialog aria-labelledby="([^"]+)"[\s\S]*<h2 id="\1"/);
  });

  it("offers reply by email with the subject, mark replied, archive and delete", () => {
    const html = render({ status: "read" });
    expect(html).toMatch(
      /<a href="mailto:kart@example\.ee\?subject=Re%3A%20your%20enquiry%20to%20Aural%20Acoustics"[^>]*>Reply by email<\/a>/,
    );
    for (const label of [">Mark replied<", ">Archive<", ">Delete<", ">Save note<"]) expect(html).toContain(label);
    expect(html).not.toContain("Delete permanently");
  });

  it("offers Restore for an archived enquiry and says a notification is pending", () => {
    const html = render({ status: "archived", notified: false });
    expect(html).toContain(">Restore<");
    expect(html).not.toContain(">Archive<");
    expect(html).toContain("Notification not sent");
    expect(html).toContain("Not sent yet");
  });

  it("says a contact message is an enquiry and shows no sample request's sections", () => {
    const html = render({});
    expect(html).toContain('<p class="eyebrow">Enquiry</p>');
    expect(html).toContain(">Message</h3>");
    expect(html).not.toContain("Finishes");
    expect(html).not.toContain("Delivery address");
  });

  describe("with a sample request", () => {
    const html = renderToStaticMarkup(
      createElement(EnquiryDialog, {
        item: sampleRequest(),
        onClose: noop,
        onChange: ok,
        onDelete: ok,
        onReply: ok,
        savedReplies: [],
        fallbackFocus: noop,
      }),
    );

    it("lists the finishes and the delivery address with the country's name, instead of the message", () => {
      expect(html).toContain('<p class="eyebrow">Sample request</p>');
      expect(html).not.toContain(">Message</h3>");
      expect(html).toMatch(/<h3 id="([^"]+)"[^>]*>Finishes<\/h3>/);
      const finishes = /<ul[^>]*data-finishes[^>]*>([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? "";
      expect([...finishes.matchAll(/<li>([^<]*)<\/li>/g)].map((m) => m[1])).toEqual([
        "Felt Panels — Moss",
        "Veneered Panels — Walnut",
      ]);
      expect(html).toMatch(/<h3 id="([^"]+)"[^>]*>Delivery address<\/h3>/);
      const address = /<p[^>]*data-address[^>]*>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? "";
      expect([...address.matchAll(/<span class="block">([^<]*)<\/span>/g)].map((m) => m[1])).toEqual([
        "Mannerheimintie 1 A 5",
        "00100 Helsinki",
        "Finland",
      ]);
    });

    it("labels each section by its heading", () => {
      for (const heading of ["Finishes", "Delivery address"]) {
        const id = new RegExp(`<h3 id="([^"]+)"[^>]*>${heading}</h3>`).exec(html)?.[1];
        expect(id).toBeTruthy();
        expect(html).toContain(`<section aria-labelledby="${id}">`);
      }
    });

    it("replies with the sample request's subject, keeping every other field and action", () => {
      expect(html).toMatch(
        /<a href="mailto:mari@example\.fi\?subject=Re%3A%20your%20sample%20request%20to%20Aural%20Acoustics"[^>]*>Reply by email<\/a>/,
      );
      for (const label of [">Mark replied<", ">Archive<", ">Delete<", ">Save note<", "Acme", "Reference"]) {
        expect(html).toContain(label);
      }
    });

    it("shows a dash for a missing address or finish list rather than failing", () => {
      const bare = text(
        renderToStaticMarkup(
          createElement(EnquiryDialog, {
            item: sampleRequest({ address: null, finishes: [] }),
            onClose: noop,
            onChange: ok,
            onDelete: ok,
            onReply: ok,
            savedReplies: [],
            fallbackFocus: noop,
          }),
        ),
      );
      expect(bare).toContain("Finishes —");
      expect(bare).toContain("Delivery address —");
    });
  });

  it("renders an empty dialog when no enquiry is open", () => {
    const html = renderToStaticMarkup(
      createElement(EnquiryDialog, {
        item: null,
        onClose: noop,
        onChange: ok,
        onDelete: ok,
        onReply: ok,
        savedReplies: [],
        fallbackFocus: noop,
      }),
    );
    expect(html).toMatch(/^<dialog[^>]*><\/dialog>$/);
  });
});

describe("StatusTabs", () => {
  it("links each status with its count, the current one marked, keeping the search", () => {
    const html = renderToStaticMarkup(
      createElement(StatusTabs, {
        query: { kind: null, status: "replied", q: "acme", id: idOf(1) },
        pathname: "/admin/contact-submissions",
        counts: { new: 2, read: 5, replied: 1, archived: 3, spam: 0 },
        onSelect: noop,
      }),
    );
    const links = [
      ...html.matchAll(/<a href="([^"]+)"( aria-current="page")?[^>]*>([^<]+)<span[^>]*>(\d+)<\/span>/g),
    ].map((m) => ({
      href: m[1]?.replace(/&amp;/g, "&"),
      current: Boolean(m[2]),
      label: m[3]?.trim(),
      count: Number(m[4]),
    }));
    expect(links).toEqual([
      { href: "/admin/contact-submissions?q=acme", current: false, label: "All", count: 11 },
      { href: "/admin/contact-submissions?status=new&q=acme", current: false, label: "New", count: 2 },
      { href: "/admin/contact-submissions?status=read&q=acme", current: false, label: "Read", count: 5 },
      { href: "/admin/contact-submissions?status=replied&q=acme", current: true, label: "Replied", count: 1 },
      { href: "/admin/contact-submissions?status=archived&q=acme", current: false, label: "Archived", count: 3 },
      { href: "/admin/contact-submissions?status=spam&q=acme", current: false, label: "Spam", count: 0 },
    ]);
  });
});

describe("StatusTabs under a kind filter", () => {
  it("keeps the kind in each tab's address", () => {
    const html = renderToStaticMarkup(
      createElement(StatusTabs, {
        query: { kind: "samples", status: null, q: "", id: null },
        pathname: "/admin/contact-submissions",
        counts: null,
        onSelect: noop,
      }),
    );
    const hrefs = [...html.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1]?.replace(/&amp;/g, "&"));
    expect(hrefs).toEqual([
      "/admin/contact-submissions?kind=samples",
      "/admin/contact-submissions?kind=samples&status=new",
      "/admin/contact-submissions?kind=samples&status=read",
      "/admin/contact-submissions?kind=samples&status=replied",
      "/admin/contact-submissions?kind=samples&status=archived",
      "/admin/contact-submissions?kind=samples&status=spam",
    ]);
    // Counts not known yet read as a dash.
    expect(html.match(/>–<\/span>/g)).toHaveLength(6);
  });
});

describe("KindFilter", () => {
  const render = (kind: "contact" | "samples" | null) =>
    renderToStaticMarkup(
      createElement(KindFilter, {
        query: { kind, status: "new", q: "walnut", id: idOf(1) },
        pathname: "/admin/contact-submissions",
        onSelect: noop,
      }),
    );
  const links = (html: string) =>
    [...html.matchAll(/<a href="([^"]+)"( aria-current="page")?[^>]*>([^<]+)<\/a>/g)].map((m) => ({
      href: m[1]?.replace(/&amp;/g, "&"),
      current: Boolean(m[2]),
      label: m[3],
    }));

  it("is a labelled group of links, one per kind and All, keeping the status and search", () => {
    const html = render("samples");
    expect(html).toMatch(/^<nav aria-label="Filter by type">/);
    expect(links(html)).toEqual([
      { href: "/admin/contact-submissions?status=new&q=walnut", current: false, label: "All" },
      { href: "/admin/contact-submissions?kind=contact&status=new&q=walnut", current: false, label: "Quote requests" },
      { href: "/admin/contact-submissions?kind=samples&status=new&q=walnut", current: true, label: "Sample requests" },
    ]);
  });

  it("marks All when no kind is chosen", () => {
    expect(links(render(null)).map((l) => l.current)).toEqual([true, false, false]);
    expect(links(render("contact")).map((l) => l.current)).toEqual([false, true, false]);
  });
});
