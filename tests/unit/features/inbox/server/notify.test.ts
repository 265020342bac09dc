import fc from "fast-check";
import { createTransport } from "nodemailer";
import { describe, expect, it } from "vitest";
import { notifyConfig, parseMailbox, siteBase } from "../../../../../netlify/lib/mail/config";
import { describeSendError } from "../../../../../netlify/lib/mail/sender";
import {
  enquiryLink,
  escapeHtml,
  headerText,
  notificationMail,
  notificationMessageId,
} from "../../../../../src/features/inbox/server/notify/message";
import { retryDelay } from "../../../../../src/features/inbox/server/notify/outbox";
import type { Submission } from "../../../../../src/features/inbox/server/submission-schema";

const submission: Submission = {
  id: "3f0c1d2e-4b5a-4c6d-8e7f-901234567890",
  created_at: "2025-01-05T14:30:00.000Z",
  name: "Kärt Tamm",
  email: "kart@example.ee",
  phone: "+372 5555 0101",
  company: "Tamm & Poeg OÜ",
  message: 'Panels for a <b>40 m²</b> room, "soon".\nSecond line.',
};
const settings = {
  to: ["sales@aural.example", "office@aural.example"],
  from: { name: "Aural website", address: "website@aural.example" },
  siteUrl: "https://www.aural.example",
};

describe("headerText", () => {
  it("turns line breaks and other controls into one space, so a value stays on its header line", () => {
    expect(headerText("Kärt\r\nBcc: evil@example.com")).toBe("Kärt Bcc: evil@example.com");
    expect(headerText("a\u2028b\u2029c\u0085d\u0000e\tf\u001bg")).toBe("a b c d e f g");
    expect(headerText("  spaced   out  ")).toBe("spaced out");
  });

  it("never lets a control character or line separator through, and cuts to the limit", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 400 }), (value) => {
        const result = headerText(value);
        expect(result).not.toMatch(/[\p{Cc}\p{Zl}\p{Zp}]/u);
        expect(Array.from(result).length).toBeLessThanOrEqual(200);
      }),
    );
  });
});

describe("escapeHtml", () => {
  it("escapes the five characters that matter in content and attributes", () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;",
    );
  });
});

describe("notificationMail", () => {
  it("names the sender in the subject, replies to the visitor and links to the enquiry", () => {
    const mail = notificationMail(submission, settings);
    expect(mail.subject).toBe("New enquiry from Kärt Tamm (Tamm & Poeg OÜ)");
    expect(mail.replyTo).toEqual({ name: "Kärt Tamm", address: "kart@example.ee" });
    expect(mail.to).toEqual(settings.to);
    expect(mail.from).toEqual(settings.from);
    expect(mail.messageId).toBe(`<enquiry-${submission.id}@aural.example>`);
    const link = `https://www.aural.example/admin/contact-submissions?id=${submission.id}`;
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
  });

  it("carries every field in the plain-text part", () => {
    const { text } = notificationMail(submission, settings);
    for (const value of ["Kärt Tamm", "kart@example.ee", "+372 5555 0101", "Tamm & Poeg OÜ", "2025-01-05 14:30 UTC"]) {
      expect(text).toContain(value);
    }
    expect(text).toContain('Panels for a <b>40 m²</b> room, "soon".\nSecond line.');
  });

  it("says which language to answer in: the page's language the visitor wrote from", () => {
    const estonian = notificationMail({ ...submission, language: "et" }, settings);
    expect(estonian.text).toMatch(/Language:\s+Estonian: answer in Estonian/);
    expect(estonian.html).toContain("Estonian: answer in Estonian");
    // Records from before the site had languages were written in English.
    expect(notificationMail(submission, settings).text).toMatch(/Language:\s+English: answer in English/);
  });

  it("escapes every field in the HTML part", () => {
    const { html } = notificationMail({ ...submission, name: "<script>alert(1)</script>" }, settings);
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<b>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("Panels for a &lt;b&gt;40 m²&lt;/b&gt; room, &quot;soon&quot;.\nSecond line.");
    expect(html).toContain("Tamm &amp; Poeg OÜ");
  });

  it("shows missing optional fields as a dash and leaves the company out of the subject", () => {
    const mail = notificationMail({ ...submission, company: null, phone: null }, settings);
    expect(mail.subject).toBe("New enquiry from Kärt Tamm");
    expect(mail.text).toMatch(/Phone:\s+—/);
    expect(mail.text).toMatch(/Company:\s+—/);
  });

  it("keeps a name or company with line breaks on the subject line", () => {
    const mail = notificationMail(
      { ...submission, name: "Kärt\r\nBcc: evil@example.com", company: "X\nCc: evil@example.com" },
      settings,
    );
    expect(mail.subject).toBe("New enquiry from Kärt Bcc: evil@example.com (X Cc: evil@example.com)");
    expect(mail.replyTo?.name).toBe("Kärt Bcc: evil@example.com");
  });

  it("composes headers a hostile name cannot add to (as nodemailer writes the message)", async () => {
    const transport = createTransport({ streamTransport: true, buffer: true, newline: "\r\n" });
    const hostile = { ...submission, name: "Kärt\r\nBcc: evil@example.com\r\n\r\n<b>body</b>" };
    const info = await transport.sendMail(notificationMail(hostile, settings));
    const raw = (info.message as Buffer).toString("utf8");
    const head = raw.slice(0, raw.indexOf("\r\n\r\n"));
    const names = head
      .split("\r\n")
      .filter((line) => !/^\s/.test(line))
      .map((line) => line.slice(0, line.indexOf(":")).toLowerCase());
    expect(names).not.toContain("bcc");
    expect(names.filter((n) => n === "subject")).toHaveLength(1);
    expect(info.envelope.to).toEqual(settings.to);
  });

  it("uses a path-only link without a site address", () => {
    expect(enquiryLink(null, submission.id)).toBe(`/admin/contact-submissions?id=${submission.id}`);
    expect(notificationMessageId("abc", { name: "", address: "x@mail.example" })).toBe("<enquiry-abc@mail.example>");
  });
});

describe("notifyConfig", () => {
  const complete = {
    SMTP_URL: "smtps://user:secret@smtp.example.com:465",
    NOTIFY_EMAIL_TO: " sales@aural.example , office@aural.example,",
    NOTIFY_EMAIL_FROM: '"Aural website" <website@aural.example>',
    SITE_URL: "https://www.aural.example/",
  };

  it("reads a comma-separated recipient list, the sender with its name and the site address", () => {
    expect(notifyConfig(complete)).toEqual({
      config: {
        smtpUrl: complete.SMTP_URL,
        to: ["sales@aural.example", "office@aural.example"],
        from: { name: "Aural website", address: "website@aural.example" },
        siteUrl: "https://www.aural.example",
      },
      problems: [],
    });
  });

  it("names every missing or invalid setting, without repeating a value", () => {
    const { config, problems } = notifyConfig({
      SMTP_URL: "https://user:secret@smtp.example.com",
      NOTIFY_EMAIL_TO: "sales@aural.example, not an address",
      NOTIFY_EMAIL_FROM: "website",
    });
    expect(config).toBeNull();
    expect(problems).toEqual([
      "SMTP_URL is not an smtp:// or smtps:// URL",
      "NOTIFY_EMAIL_TO holds 1 invalid address(es); separate addresses with commas",
      'NOTIFY_EMAIL_FROM is not an address or "Name <address>"',
    ]);
    expect(problems.join(" ")).not.toContain("secret");
    expect(notifyConfig({}).problems).toEqual([
      "SMTP_URL is not set",
      "NOTIFY_EMAIL_TO is not set",
      "NOTIFY_EMAIL_FROM is not set",
    ]);
  });

  it("takes SITE_URL, then Netlify's URL, for the link; neither leaves it null", () => {
    expect(siteBase({ URL: "https://aural.netlify.app" })).toBe("https://aural.netlify.app");
    expect(siteBase({ SITE_URL: "not a url", URL: "https://aural.netlify.app" })).toBe("https://aural.netlify.app");
    expect(siteBase({})).toBeNull();
    expect(notifyConfig({ ...complete, SITE_URL: undefined }).config?.siteUrl).toBeNull();
  });

  it("parses a sender with or without a name and strips line breaks from the name", () => {
    expect(parseMailbox("website@aural.example")).toEqual({ name: "", address: "website@aural.example" });
    expect(parseMailbox("Aural\r\nBcc: x@y.z <website@aural.example>")).toEqual({
      name: "Aural Bcc: x@y.z",
      address: "website@aural.example",
    });
    expect(parseMailbox("<>")).toBeNull();
  });
});

describe("retries", () => {
  it("back off from a minute to every six hours", () => {
    expect([1, 2, 3, 4, 5, 6, 20].map((n) => retryDelay(n) / 60_000)).toEqual([1, 5, 25, 125, 360, 360, 360]);
  });

  it("record a send error by its code and first line, never the SMTP URL", () => {
    const url = "smtps://user:secret@smtp.example.com:465";
    const error = Object.assign(new Error(`connect ECONNREFUSED for ${url}\nstack`), { code: "ESOCKET" });
    expect(describeSendError(error, url)).toBe("ESOCKET: connect ECONNREFUSED for [SMTP_URL]");
  });
});
