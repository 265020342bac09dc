import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { EnquiryDialog } from "../../../../src/features/admin/EnquiryDialog";
import { StatusTabs } from "../../../../src/features/admin/StatusTabs";
import { SubmissionsTable } from "../../../../src/features/admin/SubmissionsTable";
import { idOf, item } from "./fixtures";

const noop = () => {};
const ok = async () => ({ ok: true as const });

describe("SubmissionsTable", () => {
  const html = renderToStaticMarkup(
    createElement(SubmissionsTable, {
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
});

describe("EnquiryDialog", () => {
  const render = (overrides: Parameters<typeof item>[0]) =>
    renderToStaticMarkup(
      createElement(EnquiryDialog, {
        item: item(overrides),
        onClose: noop,
        onChange: ok,
        onDelete: ok,
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

  it("renders an empty dialog when no enquiry is open", () => {
    const html = renderToStaticMarkup(
      createElement(EnquiryDialog, { item: null, onClose: noop, onChange: ok, onDelete: ok, fallbackFocus: noop }),
    );
    expect(html).toMatch(/^<dialog[^>]*><\/dialog>$/);
  });
});

describe("StatusTabs", () => {
  it("links each status with its count, the current one marked, keeping the search", () => {
    const html = renderToStaticMarkup(
      createElement(StatusTabs, {
        query: { status: "replied", q: "acme", id: idOf(1) },
        pathname: "/admin/contact-submissions",
        counts: { new: 2, read: 5, replied: 1, archived: 3 },
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
    ]);
  });
});
