import site from "../../../../../content/site.json" with { type: "json" };
import { dictionary, fill } from "../../../../i18n/dictionary";
import { LOCALE_INFO, type Locale } from "../../../../i18n/locales";
import { enquiryReference } from "../../../forms/reference";
import type { Enquiry, StoredReply } from "../enquiry-schema";
import { confirmationMessageId, ownMessageId, receivedOn } from "./confirmation";
import {
  escapeHtml,
  headerText,
  type MessageSettings,
  type NotificationMail,
  SMALL_PRINT,
  unlinked,
  visitorMailHtml,
} from "./message";

/**
 * The first words of the visitor's message, for the subject: at most six whole words within 50
 * characters (a single longer word is cut), with "…" when the message goes on.
 */
function firstWords(message: string): string {
  const all = headerText(message).split(" ");
  const words = all.slice(0, 6);
  while (words.length > 1 && words.join(" ").length > 50) words.pop();
  const start = words.join(" ").slice(0, 50);
  return words.length < all.length || start.length < words.join(" ").length ? `${start}…` : start;
}

/** What both parts say: the staff's answer, our details, and the enquiry quoted. */
interface ReplyContent {
  locale: Locale;
  subject: string;
  answer: string;
  contact: string[];
  quoteIntro: string;
  quoted: string[];
}

function content(enquiry: Enquiry, reply: StoredReply): ReplyContent {
  const locale = enquiry.language ?? "en";
  const t = dictionary(locale);
  const date = receivedOn(enquiry.created_at, locale);
  const samples = enquiry.kind === "samples";
  const topic = samples || !enquiry.message.trim() ? t.replyMail.sampleRequest : firstWords(enquiry.message);
  return {
    locale,
    subject: `Re: ${enquiryReference(enquiry.id)} ${topic}`,
    answer: reply.message,
    contact: [site.legalName, site.email, site.phone],
    quoteIntro: fill(samples ? t.replyMail.requested : t.replyMail.wrote, { date }),
    quoted: samples ? (enquiry.finishes ?? []).map((f) => `${f.product}: ${f.name}`) : enquiry.message.split("\n"),
  };
}

const textPart = (c: ReplyContent) =>
  [c.answer, "", "-- ", ...c.contact, "", c.quoteIntro, ...c.quoted.map((line) => `> ${line}`), ""].join("\n");

const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 14px">${escapeHtml(p).replace(/\n/g, "<br>")}</p>`)
    .join("\n");

/** A simple HTML part in the site's look: the answer, our details, and the enquiry quoted under a rule. */
function htmlPart(c: ReplyContent): string {
  return visitorMailHtml({
    locale: c.locale,
    subject: c.subject,
    body: `${paragraphs(c.answer)}
<p style="margin:24px 0 0;${SMALL_PRINT}">${c.contact.map(escapeHtml).join("<br>")}</p>
<hr style="border:0;border-top:1px solid #d9d0c1;margin:28px 0 16px">
<p style="margin:0 0 8px;${SMALL_PRINT}">${escapeHtml(c.quoteIntro)}</p>
<blockquote style="margin:0;padding:0 0 0 14px;border-left:3px solid #d9d0c1;color:#5f584e;font-size:14px;white-space:pre-wrap">${c.quoted.map(unlinked).join("<br>")}</blockquote>`,
  });
}

/**
 * A reply from the inbox to the visitor, in the language of the page they wrote from: the staff's
 * answer, our details, then their enquiry quoted. It threads with the confirmation they were sent
 * (In-Reply-To and References), comes from the site's sender and is answered to the staff.
 */
export function replyMail(enquiry: Enquiry, reply: StoredReply, settings: MessageSettings): NotificationMail {
  const c = content(enquiry, reply);
  const staff = settings.to[0];
  const thread = confirmationMessageId(enquiry.id, settings);
  return {
    from: settings.from,
    to: [enquiry.email],
    ...(staff ? { replyTo: { name: site.name, address: staff } } : {}),
    subject: c.subject,
    text: textPart(c),
    html: htmlPart(c),
    messageId: ownMessageId("reply", reply.id, settings),
    headers: { "In-Reply-To": thread, References: thread, "Content-Language": LOCALE_INFO[c.locale].tag },
  };
}
