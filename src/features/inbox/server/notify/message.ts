import site from "../../../../../content/site.json" with { type: "json" };
import { headerText, type Mailbox, type NotificationMail } from "../../../../../netlify/lib/mail/mail";
import { countryName } from "../../../../lib/countries";
import type { Enquiry } from "../enquiry-schema";

export { headerText, type Mailbox, type NotificationMail };

/** What a notification needs from the site's settings. */
export interface MessageSettings {
  to: string[];
  from: Mailbox;
  siteUrl: string | null;
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text made safe for HTML content and attribute values. */
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/**
 * A visitor's own words for an HTML part: escaped, and with an invisible break after each dot, colon,
 * slash and at sign, so that no mail program makes a link of an address or a web address they typed.
 */
export const unlinked = (text: string) => escapeHtml(text).replace(/([.:/@])(?=\S)/g, "$1&#8203;");

/** The muted small print of a visitor's mail (our details, the quote's introduction). */
export const SMALL_PRINT = "font-size:14px;color:#5f584e";

/**
 * The HTML part of a mail to a visitor, in the site's look: ink on paper, the company's name above,
 * the heading in the display face where the reader has it. `body` is HTML already escaped; the subject
 * (which may quote the visitor) is made safe here.
 */
export function visitorMailHtml({ locale, subject, body }: { locale: string; subject: string; body: string }): string {
  return `<!doctype html>
<html lang="${escapeHtml(locale)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${unlinked(subject)}</title></head>
<body style="margin:0;padding:0;background:#f7f4ee;color:#1f1d1a;font-family:Inter,system-ui,sans-serif;font-size:16px;line-height:1.6">
<div style="max-width:560px;margin:0 auto;padding:32px 20px">
<p style="margin:0 0 24px;font-size:13px;letter-spacing:.12em;text-transform:uppercase;color:#2f4a3c">${escapeHtml(site.name)}</p>
${body}
</div>
</body>
</html>
`;
}

/** The admin page's address for one enquiry: `${site}/admin/contact-submissions?id=<uuid>`. */
export function enquiryLink(siteUrl: string | null, id: string): string {
  return `${siteUrl ?? ""}/admin/contact-submissions?id=${encodeURIComponent(id)}`;
}

/**
 * The mail's Message-ID, the same for every attempt at one submission, so a mail that did go out
 * before a retry is recognisable as the same message.
 */
export function notificationMessageId(id: string, from: Mailbox): string {
  const domain =
    from.address
      .split("@")
      .pop()
      ?.replace(/[^A-Za-z0-9.-]/g, "") || "localhost";
  return `<enquiry-${id.replace(/[^A-Za-z0-9-]/g, "")}@${domain}>`;
}

const LANGUAGE_NAMES = new Intl.DisplayNames(["en"], { type: "language" });

/** "Estonian: answer in Estonian", from the language of the page the visitor wrote from. */
export function answerLanguage(code: string | undefined): string {
  const name = LANGUAGE_NAMES.of(code ?? "en") ?? "English";
  return `${name}: answer in ${name}`;
}

/** "2025-01-05 14:30 UTC" */
const receivedAt = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/** A label or heading with its value, as the mail lists them. */
type Field = [string, string];

/** What both parts of a notification say, worked out once. */
interface MailContent {
  subject: string;
  intro: string;
  /** The sender's name as it may appear in a header. */
  name: string;
  /** The enquiry's address in the admin area. */
  link: string;
  /** The short fields, listed first, one per line. */
  fields: Field[];
  /** The longer sections that follow the fields, each under its heading. */
  body: Field[];
}

/** The short fields every notification lists: who wrote, how to answer, and when it came in. */
function detailFields(submission: Enquiry): Field[] {
  return [
    ["Name", submission.name],
    ["Email", submission.email],
    ["Phone", submission.phone ?? "—"],
    ["Company", submission.company ?? "—"],
    ["Language", answerLanguage(submission.language)],
    ["Received", receivedAt(submission.created_at)],
  ];
}

/** Where a sample request's samples go: name, company and address, one per line; "—" without an address. */
function shippingLabel(submission: Enquiry): string {
  const address = submission.address;
  if (!address) return "—";
  return [
    submission.name,
    submission.company,
    address.street,
    `${address.postal_code} ${address.city}`,
    countryName(address.country),
  ]
    .filter(Boolean)
    .join("\n");
}

/** A sample request's body is what to send where; a contact message's is the message. */
function bodySections(submission: Enquiry): Field[] {
  if (submission.kind !== "samples") return [["Message", submission.message]];
  return [
    ["Samples", (submission.finishes ?? []).map((f) => `${f.product}: ${f.name}`).join("\n")],
    ["Send to", shippingLabel(submission)],
  ];
}

/** The plain-text part: the fields in an aligned column, then each section under its heading. */
function textPart({ intro, fields, body, link, name }: MailContent): string {
  return [
    intro,
    "",
    ...fields.map(([label, value]) => `${`${label}:`.padEnd(10)}${value}`),
    ...body.flatMap(([heading, value]) => ["", `${heading}:`, value]),
    "",
    `Open it in the admin area: ${link}`,
    `Replying to this mail answers ${name}.`,
    "",
  ].join("\n");
}

/** The HTML part: the fields as a table, then each section under its heading; every value escaped. */
function htmlPart({ subject, intro, fields, body, link, name }: MailContent): string {
  const cell = "padding:4px 12px 4px 0;vertical-align:top;text-align:left";
  const rows = fields
    .map(
      ([label, value]) =>
        `<tr><th scope="row" style="${cell}">${label}</th><td style="${cell};white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
    )
    .join("\n");
  const sections = body
    .map(
      ([heading, value]) =>
        `<h2 style="font-size:15px;margin:16px 0 4px">${heading}</h2>\n<p style="white-space:pre-wrap;margin:0">${escapeHtml(value)}</p>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,sans-serif;font-size:15px;line-height:1.5;color:#1c1917">
<p>${intro}</p>
<table>
${rows}
</table>
${sections}
<p><a href="${escapeHtml(link)}">Open it in the admin area</a></p>
<p style="color:#57534e">Replying to this mail answers ${escapeHtml(name)}.</p>
</body>
</html>
`;
}

/**
 * The notification mail of one submission: the sender's name (and company) in the subject, every
 * field in a plain-text and an HTML part, Reply-To the visitor, and a link to the enquiry in the
 * admin area. Whatever a visitor typed reaches a header only through headerText and the HTML part
 * only through escapeHtml.
 */
export function notificationMail(submission: Enquiry, settings: MessageSettings): NotificationMail {
  const samples = submission.kind === "samples";
  const name = headerText(submission.name) || "a visitor";
  const company = submission.company ? headerText(submission.company) : "";
  const content: MailContent = {
    subject: `${samples ? "Sample request" : "New enquiry"} from ${name}${company ? ` (${company})` : ""}`,
    intro: samples
      ? "A new sample request came in through the sample form."
      : "A new enquiry came in through the contact form.",
    name,
    link: enquiryLink(settings.siteUrl, submission.id),
    fields: detailFields(submission),
    body: bodySections(submission),
  };

  const replyAddress = headerText(submission.email, 255);
  return {
    from: settings.from,
    to: settings.to,
    // The address was validated when the form was accepted; one that has become invalid is left out.
    ...(/^[^\s@<>,;"]+@[^\s@<>,;"]+$/.test(replyAddress) ? { replyTo: { name, address: replyAddress } } : {}),
    subject: content.subject,
    text: textPart(content),
    html: htmlPart(content),
    messageId: notificationMessageId(submission.id, settings.from),
    headers: { "Auto-Submitted": "auto-generated" },
  };
}
