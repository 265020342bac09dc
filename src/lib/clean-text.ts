/**
 * How form text is cleaned before it is checked and stored, in the browser and on the server alike:
 * - normalised to NFC, so "é" typed as e + combining accent is stored as the one character it looks like;
 * - control characters are removed, except line breaks (CR, LF) and tabs;
 * - invisible characters (white space, zero-width spaces and joiners, byte-order marks and other
 *   format characters) are trimmed from both ends, so a value made only of them is empty. Inside the
 *   text they stay: a zero-width joiner is part of many emoji.
 */
const CONTROL = /\p{Cc}/gu;
const KEPT_CONTROLS = new Set(["\n", "\r", "\t"]);
const INVISIBLE_AT_ENDS = /^[\s\p{Cf}]+|[\s\p{Cf}]+$/gu;

export const cleanText = (value: string): string =>
  value
    .normalize("NFC")
    .replace(CONTROL, (c) => (KEPT_CONTROLS.has(c) ? c : ""))
    .replace(INVISIBLE_AT_ENDS, "");
