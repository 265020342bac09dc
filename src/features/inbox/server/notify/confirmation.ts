import site from "../../../../../content/site.json" with { type: "json" };
import type { NotificationMail } from "../../../../../netlify/lib/mail/mail";
import { dictionary, fill } from "../../../../i18n/dictionary";
import { LOCALE_INFO, type Locale } from "../../../../i18n/locales";
import { enquiryReference } from "../../../forms/reference";
import type { Enquiry } from "../enquiry-schema";
import { escapeHtml, type MessageSettings, SMALL_PRINT, visitorMailHtml } from "./message";

/** A Message-ID of ours: `<name-id@the sender's domain>`, the same for every attempt at one mail. */
export function ownMessageId(name: string, id: string, settings: Pick<MessageSettings, "from">): string {
  const domain =
    settings.from.address
      .split("@")
      .pop()
      ?.replace(/[^A-Za-z0-9.-]/g, "") || "localhost";
  return `<${name}-${id.replace(/[^A-Za-z0-9-]/g, "")}@${domain}>`;
}

/** The confirmation's Message-ID, and what a reply from the inbox refers to. */
export const confirmationMessageId = (id: string, settings: Pick<MessageSettings, "from">) =>
  ownMessageId("confirmation", id, settings);

/** "27 November 2026, 14:30" in the visitor's language, Tallinn time. */
export function receivedOn(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(LOCALE_INFO[locale].intl, {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: "Europe/Tallinn",
  }).format(new Date(iso));
}

/** What both parts say, in order: paragraphs, with the chosen finishes after the second. */
interface ConfirmationContent {
  locale: Locale;
  subject: string;
  heading: string;
  paragraphs: string[];
  finishes: { heading: string; names: string[] } | null;
  contact: { heading: string; lines: string[] };
  signature: string;
}

function content(enquiry: Enquiry): ConfirmationContent {
  const locale = enquiry.language ?? "en";
  const t = dictionary(locale).confirmation;
  const kind = enquiry.kind === "samples" ? "samples" : "contact";
  const reference = enquiryReference(enquiry.id);
  const finishes = enquiry.kind === "samples" ? (enquiry.finishes ?? []) : [];
  return {
    locale,
    subject: fill(t.subject[kind], { reference }),
    heading: t.heading[kind],
    paragraphs: [
      fill(t.received[kind], { date: receivedOn(enquiry.created_at, locale) }),
      `${fill(t.reference, { reference })}. ${t.referenceNote}`,
      t.promise,
      t.reply,
      t.notYou,
    ],
    finishes: finishes.length ? { heading: t.finishes, names: finishes.map((f) => `${f.product}: ${f.name}`) } : null,
    contact: {
      heading: t.contact,
      lines: [site.legalName, site.email, site.phone, `${site.address.city}, ${site.address.country}`],
    },
    signature: fill(t.signature, { company: site.name }),
  };
}

function textPart(c: ConfirmationContent): string {
  const [received = "", ...rest] = c.paragraphs;
  const finishes = c.finishes ? ["", c.finishes.heading, ...c.finishes.names.map((name) => `- ${name}`)] : [];
  return [
    c.heading,
    "",
    received,
    ...finishes,
    ...rest.flatMap((p) => ["", p]),
    "",
    c.signature,
    "",
    `${c.contact.heading}:`,
    ...c.contact.lines,
    "",
  ].join("\n");
}

/** A simple HTML part in the site's colours: ink on paper, the heading in the display face where the reader has it. */
function htmlPart(c: ConfirmationContent): string {
  const p = (text: string) => `<p style="margin:0 0 14px">${escapeHtml(text)}</p>`;
  const [received = "", ...rest] = c.paragraphs;
  const finishes = c.finishes
    ? `<p style="margin:0 0 6px">${escapeHtml(c.finishes.heading)}</p><ul style="margin:0 0 14px;padding-left:20px">${c.finishes.names.map((n) => `<li>${escapeHtml(n)}</li>`).join("")}</ul>`
    : "";
  return visitorMailHtml({
    locale: c.locale,
    subject: c.subject,
    body: `<h1 style="margin:0 0 20px;font-family:Fraunces,Georgia,serif;font-weight:500;font-size:26px;line-height:1.2">${escapeHtml(c.heading)}</h1>
${p(received)}
${finishes}
${rest.map(p).join("\n")}
<p style="margin:24px 0 0">${escapeHtml(c.signature)}</p>
<hr style="border:0;border-top:1px solid #d9d0c1;margin:28px 0 16px">
<p style="margin:0;${SMALL_PRINT}">${escapeHtml(c.contact.heading)}<br>${c.contact.lines.map(escapeHtml).join("<br>")}</p>`,
  });
}

/**
 * The confirmation a visitor is mailed after an accepted enquiry or sample request, in the language
 * of the page they wrote from. Its every word is ours: the kind of request, when it came in, its
 * reference, the finishes from our catalogue, our promise and our details. Nothing the visitor typed
 * is in it (not their name, company or message), so an address typed by someone else receives nothing
 * that person wrote. Auto-Submitted keeps mail systems from answering it; Reply-To reaches the staff.
 */
export function confirmationMail(enquiry: Enquiry, settings: MessageSettings): NotificationMail {
  const c = content(enquiry);
  const staff = settings.to[0];
  return {
    from: settings.from,
    to: [enquiry.email],
    ...(staff ? { replyTo: { name: site.name, address: staff } } : {}),
    subject: c.subject,
    text: textPart(c),
    html: htmlPart(c),
    messageId: confirmationMessageId(enquiry.id, settings),
    headers: { "Auto-Submitted": "auto-replied", "Content-Language": LOCALE_INFO[c.locale].tag },
  };
}
