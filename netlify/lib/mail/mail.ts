/** A mailbox as nodemailer takes it: the display name is already safe for a header. */
export interface Mailbox {
  name: string;
  address: string;
}

/** A mail as nodemailer's sendMail takes it. */
export interface NotificationMail {
  from: Mailbox;
  to: string[];
  replyTo?: Mailbox;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  headers: Record<string, string>;
}

/** Control characters (CR and LF among them) and Unicode line and paragraph separators. */
const BREAKS_AND_CONTROLS = /[\p{Cc}\p{Zl}\p{Zp}]+/gu;

/**
 * Text that goes into a mail header: every control character, line break and separator becomes a
 * space, runs of white space become one, and the result is cut to `max` characters. A visitor's name
 * or company therefore stays on its one header line and can never start a header of its own.
 */
export function headerText(value: string, max = 200): string {
  return Array.from(value.replace(BREAKS_AND_CONTROLS, " ").replace(/\s+/g, " ").trim()).slice(0, max).join("").trim();
}
