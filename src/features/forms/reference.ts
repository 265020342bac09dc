/** Crockford's base-32 digits: no I, L, O or U, so a reference read aloud or retyped stays the same. */
const DIGITS = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/**
 * An enquiry's short reference, such as `AA-7K3Q`: the first 20 bits of its id (a random UUID) as four
 * base-32 digits. The same id always gives the same reference, so it is never stored; it is what the
 * visitor sees in the answer, the toast and the confirmation mail, and what staff can search for.
 */
export function enquiryReference(id: string): string {
  const hex = id
    .replace(/[^0-9a-f]/gi, "")
    .slice(0, 5)
    .padEnd(5, "0");
  let bits = Number.parseInt(hex, 16);
  let digits = "";
  for (let i = 0; i < 4; i++) {
    digits = (DIGITS[bits % 32] ?? "0") + digits;
    bits = Math.floor(bits / 32);
  }
  return `AA-${digits}`;
}
