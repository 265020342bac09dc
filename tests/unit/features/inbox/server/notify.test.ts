import fc from "fast-check";
import { simpleParser } from "mailparser";
import { createTransport } from "nodemailer";
import { describe, expect, it } from "vitest";
import { notifyConfig, parseMailbox, siteBase } from "../../../../../netlify/lib/mail/config";
import { encodedWords } from "../../../../../netlify/lib/mail/mail";
import { describeSendError, mailOptions } from "../../../../../netlify/lib/mail/sender";
import type { Enquiry } from "../../../../../src/features/inbox/server/enquiry-schema";
import {
  enquiryLink,
  escapeHtml,
  headerText,
  notificationMail,
  notificationMessageId,
} from "../../../../../src/features/inbox/server/notify/message";
import { retryDelay } from "../../../../../src/features/inbox/server/notify/outbox";

const submission: Enquiry = {
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

  it("removes every bidirectional control, so a name reads in the order it was typed", () => {
    expect(headerText("Mari \u202Efdp.exe")).toBe("Mari fdp.exe");
    const controls = "\u200E\u200F\u061C\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069";
    expect(headerText(`a${controls}b ${controls} c`)).toBe("ab c");
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.constantFrom(...controls)), { maxLength: 20 }), (parts) => {
        expect(headerText(parts.join(""))).not.toMatch(/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u);
      }),
    );
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

describe("encodedWords", () => {
  it("encodes any text as RFC 2047 words of at most 75 characters that decode to exactly the text", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: "grapheme", maxLength: 120 }), async (value) => {
        const encoded = encodedWords(value);
        for (const word of encoded.split(" ")) expect(word.length).toBeLessThanOrEqual(75);
        expect(encoded).toMatch(/^(?:=\?UTF-8\?B\?[A-Za-z0-9+/=]*\?=(?: |$))*$/);
        const parsed = await simpleParser(`Subject: ${encoded}\r\n\r\n`);
        expect(parsed.subject ?? "").toBe(value);
      }),
      { numRuns: 200 },
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
    const info = await transport.sendMail(mailOptions(notificationMail(hostile, settings)));
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

  it("leaves bidirectional controls out of the subject and Reply-To, and keeps them in the body as typed", () => {
    const mail = notificationMail({ ...submission, name: "Kärt \u202Efdp.exe", company: "\u2067OÜ\u2069" }, settings);
    expect(mail.subject).toBe("New enquiry from Kärt fdp.exe (OÜ)");
    expect(mail.replyTo?.name).toBe("Kärt fdp.exe");
    expect(mail.text).toContain("Kärt \u202Efdp.exe");
  });

  // An RFC 2047 encoded word of a line break and "Bcc: evil@evil.example".
  const LOOK_ALIKE = "=?utf-8?B?DQpCY2M6IGV2aWxAZXZpbC5leGFtcGxl?=";

  it.each([
    ["an ASCII name", `Mari ${LOOK_ALIKE}`],
    ["a name that is one", LOOK_ALIKE],
    ["a name with more than ASCII", `Kärt ${LOOK_ALIKE}`],
    ["a name with a bidi override", `Mari \u202E${LOOK_ALIKE}`],
    ["a long name", `${"Maasikas ".repeat(12)}${LOOK_ALIKE} =?iso-8859-1?Q?=0D=0ACc:_x@evil.example?=`],
  ])("writes %s holding an encoded word so that a mail parser reads the literal text", async (_label, name) => {
    const transport = createTransport({ streamTransport: true, buffer: true, newline: "\r\n" });
    const mail = notificationMail({ ...submission, name, company: null }, settings);
    const info = await transport.sendMail(mailOptions(mail));
    const raw = (info.message as Buffer).toString("utf8");
    const head = raw.slice(0, raw.indexOf("\r\n\r\n"));
    // The look-alike never reaches the raw header as it was typed.
    expect(head).not.toContain(LOOK_ALIKE);
    expect(head).not.toMatch(/[\u0080-\uffff]/u);
    const parsed = await simpleParser(raw);
    const typed = headerText(name);
    expect(parsed.subject).toBe(`New enquiry from ${typed}`);
    expect(parsed.replyTo?.value).toEqual([{ name: typed, address: "kart@example.ee" }]);
    expect(parsed.bcc).toBeUndefined();
    expect(parsed.cc).toBeUndefined();
    expect(parsed.headers.has("bcc")).toBe(false);
  });

  it("leaves a subject and Reply-To without a look-alike to nodemailer", () => {
    const mail = notificationMail(submission, settings);
    const options = mailOptions(mail);
    expect(options.subject).toBe(mail.subject);
    expect(options.replyTo).toEqual(mail.replyTo);
    expect(options.headers).toEqual(mail.headers);
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
