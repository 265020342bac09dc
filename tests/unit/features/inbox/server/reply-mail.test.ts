import { describe, expect, it } from "vitest";
import { enquiryReference } from "../../../../../src/features/forms/reference";
import type { Enquiry, StoredReply } from "../../../../../src/features/inbox/server/enquiry-schema";
import { replyMail } from "../../../../../src/features/inbox/server/notify/reply-mail";
import { dictionary } from "../../../../../src/i18n/dictionary";

const settings = {
  to: ["team@aural.example"],
  from: { name: "Aural Acoustics", address: "web@aural.example" },
  siteUrl: null,
};
const base: Enquiry = {
  id: "0b7c6a52-3f0e-4c1a-9d3e-2a1b4c5d6e7f",
  created_at: "2026-11-27T10:15:00.000Z",
  name: "Mari",
  email: "mari@example.ee",
  phone: null,
  company: null,
  message: "Tere",
  language: "et",
};
const reply: StoredReply = {
  id: "7d0c6a52-3f0e-4c1a-9d3e-2a1b4c5d6e71",
  at: "2026-11-27T12:00:00.000Z",
  by: "kati@aural.example",
  message: "Tere!\n\nNäidised on teel.\n\nKati",
};

describe("a reply's mail", () => {
  it("names a sample request in the visitor's language and quotes the finishes from our catalogue", () => {
    const mail = replyMail(
      {
        ...base,
        kind: "samples",
        message: "",
        finishes: [{ key: "felt-panels/moss", product: "Felt Panels", name: "Moss" }],
      },
      reply,
      settings,
    );
    const t = dictionary("et").replyMail;
    expect(mail.subject).toBe(`Re: ${enquiryReference(base.id)} ${t.sampleRequest}`);
    expect(mail.text).toContain("> Felt Panels: Moss");
    expect(mail.to).toEqual(["mari@example.ee"]);
    expect(mail.replyTo?.address).toBe("team@aural.example");
    expect(mail.messageId).toBe("<reply-7d0c6a52-3f0e-4c1a-9d3e-2a1b4c5d6e71@aural.example>");
    expect(mail.headers["In-Reply-To"]).toBe("<confirmation-0b7c6a52-3f0e-4c1a-9d3e-2a1b4c5d6e7f@aural.example>");
  });

  it("keeps the subject to whole words on one line, and the HTML free of the visitor's markup and links", () => {
    const message = `<b>Hi</b>\r\nBcc: x@y.example please see www.plans.example ${"x".repeat(80)}`;
    const mail = replyMail({ ...base, language: "en", message }, reply, settings);
    expect(mail.subject).toBe(`Re: ${enquiryReference(base.id)} <b>Hi</b> Bcc: x@y.example please see…`);
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.html).not.toContain("<b>Hi</b>");
    expect(mail.html).toContain("&lt;b&gt;Hi&lt;/");
    expect(mail.html).not.toMatch(/<a\b|www\.plans\.example|x@y\.example/);
    expect(mail.text).toContain("-- \nAural Acoustics OÜ");
  });
});
