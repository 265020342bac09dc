import type { Mail } from "nodemailer";
import { encodedWords, type NotificationMail } from "./mail";

/** Sends one mail; rejects when the SMTP server did not accept it. */
export type SendMail = (mail: NotificationMail) => Promise<void>;

/** An address nodemailer would write as is: a dot-atom local part at a plain host name. */
const PLAIN_ADDRESS = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+@[A-Za-z0-9.-]+$/;

/** The header that carries a Reply-To written here, named Reply-To as the message is written. */
const REPLY_TO_AS_GIVEN = "X-Reply-To-As-Given";

/**
 * The mail as nodemailer takes it. Visitor text reaches two headers, Subject and the Reply-To display
 * name, and must read there exactly as typed. nodemailer encodes a value holding anything but
 * printable ASCII whole, but writes a printable-ASCII one as it is and keeps what looks like an
 * RFC 2047 encoded word (`=?utf-8?B?…?=`), so that callers can pass pre-encoded text: a mail client
 * would decode a visitor's look-alike into whatever it hides, a line break and "Bcc: …" say.
 *
 * So a value holding "=?" is written as encoded words of its own (encodedWords), which decode to
 * exactly the text, look-alike included, and nothing else is changed:
 * - the Subject goes as a prepared header, which nodemailer writes as given (folded);
 * - a Reply-To display name cannot go through nodemailer, which writes an ASCII name quoted, and an
 *   encoded word inside quotes is either left encoded (RFC 2047 §5) or decoded anyway, depending on
 *   the client. nodemailer takes no prepared Reply-To either, so the header goes under another name
 *   that nodemailer's normalizeHeaderKey hook turns into Reply-To, with an address nodemailer would
 *   write unchanged; any other address goes without the name.
 */
export function mailOptions(mail: NotificationMail): Mail.Options {
  const { replyTo, subject, headers, ...rest } = mail;
  const options: Mail.Options = subject.includes("=?")
    ? { ...rest, headers: { ...headers, Subject: { prepared: true, foldLines: true, value: encodedWords(subject) } } }
    : { ...rest, subject, headers };
  if (!replyTo) return options;
  if (!replyTo.name.includes("=?")) return { ...options, replyTo };
  if (!PLAIN_ADDRESS.test(replyTo.address)) return { ...options, replyTo: { name: "", address: replyTo.address } };
  return {
    ...options,
    headers: { ...options.headers, [REPLY_TO_AS_GIVEN]: `${encodedWords(replyTo.name)} <${replyTo.address}>` },
    normalizeHeaderKey: (key) => (key === REPLY_TO_AS_GIVEN ? "Reply-To" : key),
  };
}

/** Hosts on this machine, where a plain connection never leaves it. */
const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);

/**
 * SMTP through nodemailer, one connection per mail. Every wait is bounded (connect 5 s, greeting 5 s,
 * idle socket 8 s), so a send ends well within an outbox lease and a scheduled drain's run. An smtp:// URL to another host must
 * upgrade with STARTTLS before the password is sent (requireTLS); smtps:// is TLS from the start. The
 * message never reads files or URLs. nodemailer is loaded on the first send, not with the function.
 */
export function smtpSender(smtpUrl: string): SendMail {
  let transport: Promise<import("nodemailer").Transporter> | undefined;
  const open = async () => {
    const { createTransport } = await import("nodemailer");
    const { hostname } = new URL(smtpUrl);
    return createTransport({
      url: smtpUrl,
      requireTLS: !LOOPBACK.has(hostname),
      connectionTimeout: 5_000,
      greetingTimeout: 5_000,
      socketTimeout: 8_000,
      disableFileAccess: true,
      disableUrlAccess: true,
    });
  };
  return async (mail) => {
    // A failed load is not kept: the next send tries again.
    transport ??= open().catch((error: unknown) => {
      transport = undefined;
      throw error;
    });
    const info = await (await transport).sendMail(mailOptions(mail));
    if ((info.accepted ?? []).length === 0) throw new Error("the SMTP server accepted none of the recipients");
  };
}

/** A send error as it may be stored and logged: its code and first line, never the SMTP URL. */
export function describeSendError(error: unknown, smtpUrl?: string): string {
  const code = typeof error === "object" && error !== null && "code" in error ? String(error.code) : "";
  const message = error instanceof Error ? error.message : String(error);
  let line = (message.split("\n")[0] ?? "").slice(0, 300);
  if (smtpUrl) line = line.split(smtpUrl).join("[SMTP_URL]");
  return code && !line.includes(code) ? `${code}: ${line}` : line;
}

/** Failures that happen before a connection is made: the mail cannot have reached the server. */
const NEVER_CONNECTED = /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH/;

/**
 * Whether a failed send may have delivered the mail all the same: the server never refused it (no
 * SMTP reply code) and a connection was made, so it may have taken the message and then lost the
 * connection before its answer came. SMTP cannot tell such a send from one that never arrived.
 */
export function mayHaveBeenSent(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  if ("responseCode" in error && typeof error.responseCode === "number") return false;
  const code = "code" in error ? String(error.code) : "";
  const message = error instanceof Error ? error.message : "";
  return !NEVER_CONNECTED.test(`${code} ${message}`);
}
