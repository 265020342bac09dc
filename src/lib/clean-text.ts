/**
 * How form text is cleaned before it is checked and stored, in the browser and on the server alike:
 * - control characters are removed, except line breaks (CR, LF) and tabs;
 * - then normalised to NFC, so "é" typed as e + combining accent is stored as the one character it looks
 *   like (after the controls are gone, so none can keep the two apart);
 * - blank characters are trimmed from both ends, so a value made only of them is empty and a required
 *   field says so ("Name is required"). Blank means anything that shows nothing: white space (`\s`,
 *   which holds every space separator, \p{Zs}), Unicode's whole Default_Ignorable_Code_Point set
 *   (zero-width spaces and joiners, byte-order marks, variation selectors, the combining grapheme
 *   joiner, the Hangul fillers U+115F, U+1160, U+3164 and U+FFA0, the Khmer inherent vowels…), the
 *   other format characters (\p{Cf}) and the blank Braille pattern U+2800, a letter that draws nothing.
 *   Inside the text they stay: a zero-width joiner is part of many emoji.
 * - Variation selectors and tag characters straight after the last visible character are kept: they
 *   belong to it ("❤️" is a heart and U+FE0F, a flag of Scotland ends in tag characters).
 */
const CONTROL = /\p{Cc}/gu;
const KEPT_CONTROLS = new Set(["\n", "\r", "\t"]);
const BLANK = /^[\s\p{Default_Ignorable_Code_Point}\p{Cf}\u2800\u115F\u1160\u3164\uFFA0]$/u;
/** Variation selectors and tag characters: they modify the character before them. */
const MODIFIES_PREVIOUS = /^(?:\p{Variation_Selector}|[\u{E0020}-\u{E007F}])$/u;

export const cleanText = (value: string): string => {
  const chars = Array.from(value.replace(CONTROL, (c) => (KEPT_CONTROLS.has(c) ? c : "")).normalize("NFC"));
  const isBlank = (i: number) => BLANK.test(chars[i] as string);
  let start = 0;
  while (start < chars.length && isBlank(start)) start += 1;
  let end = chars.length;
  while (end > start && isBlank(end - 1)) end -= 1;
  if (end > start) while (end < chars.length && MODIFIES_PREVIOUS.test(chars[end] as string)) end += 1;
  return chars.slice(start, end).join("");
};
