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
 * Unicode's bidirectional controls: the marks (LRM, RLM, ALM), the embeddings and overrides
 * (U+202A–202E) and the isolates (U+2066–2069). In a header they would let a visitor reorder what the
 * mail client shows around them: "…fdp.exe" after a right-to-left override reads "…exe.pdf".
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

/**
 * Text that goes into a mail header: bidirectional controls are removed, every other control
 * character, line break and separator becomes a space, runs of white space become one, and the
 * result is cut to `max` characters. A visitor's name or company therefore stays on its one header
 * line, can never start a header of its own, and reads in the order it was typed.
 */
export function headerText(value: string, max = 200): string {
  return Array.from(value.replace(BIDI_CONTROLS, "").replace(BREAKS_AND_CONTROLS, " ").replace(/\s+/g, " ").trim())
    .slice(0, max)
    .join("")
    .trim();
}

/** UTF-8 bytes per encoded word: 45 bytes are 60 in base64, so a word stays within RFC 2047's 75. */
const WORD_BYTES = 45;

/**
 * Text as RFC 2047 encoded words (UTF-8, base64), split between characters and joined by spaces,
 * which a decoder drops between two encoded words. Whatever the text holds, an encoded word of its
 * own included, a decoder gives back exactly the text: it decodes once.
 */
export function encodedWords(value: string): string {
  const encoder = new TextEncoder();
  const words: string[] = [];
  let word: number[] = [];
  for (const char of value) {
    const bytes = encoder.encode(char);
    if (word.length + bytes.length > WORD_BYTES) {
      words.push(base64(word));
      word = [];
    }
    word.push(...bytes);
  }
  if (word.length > 0) words.push(base64(word));
  return words.map((payload) => `=?UTF-8?B?${payload}?=`).join(" ");
}

const base64 = (bytes: number[]) => btoa(String.fromCharCode(...bytes));
