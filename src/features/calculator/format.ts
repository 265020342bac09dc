import type { Dictionary } from "../../i18n/dictionary";

/** The calculator's texts in one language (plain strings with `{placeholders}`, see src/i18n). */
export type CalculatorTexts = Dictionary["calculator"]["ui"];

/** A language's decimal separator as Intl writes it: "." in English, "," in Estonian, Finnish, Swedish. */
export const decimalSeparator = (intlTag: string) =>
  new Intl.NumberFormat(intlTag).formatToParts(1.5).find((part) => part.type === "decimal")?.value ?? ".";

/**
 * Numbers as the calculator shows them in one language, given its decimal separator. Shared by its
 * model (the quote text), its view and its report. They are written without Intl: the first Intl
 * formatter a page builds costs a long task on a slow phone, and the calculator's
 * figures (never negative, never grouped) differ between its languages only in the separator. A
 * test holds every format equal to Intl's in each language.
 */
/**
 * `value` (not negative) with exactly `digits` decimals, rounded half up from its shortest decimal
 * form, as Intl rounds: 0.045 is "0.05" and 109.64999999999999 is "109.6", where toFixed rounds the
 * binary value (0.04499…, so "0.04").
 */
function roundedDecimal(value: number, digits: number): string {
  const form = String(value);
  if (form.includes("e")) return value.toFixed(digits);
  const [whole = "0", fraction = ""] = form.split(".");
  let kept = whole + fraction.slice(0, digits).padEnd(digits, "0");
  if ((fraction[digits] ?? "0") >= "5") kept = (BigInt(kept) + 1n).toString().padStart(kept.length, "0");
  const point = kept.length - digits;
  return digits > 0 ? `${kept.slice(0, point)}.${kept.slice(point)}` : kept;
}

export function calculatorFormat(decimal: string) {
  const format = (value: number, min: number, max: number) => {
    let text = roundedDecimal(value, max);
    if (max > min) {
      const point = text.indexOf(".");
      let end = text.length;
      while (end > point + 1 + min && text[end - 1] === "0") end--;
      text = text.slice(0, end === point + 1 ? point : end);
    }
    return decimal === "." ? text : text.replace(".", decimal);
  };
  return {
    /** At most `digits` decimals and no trailing zeros: 56.70 is "56.7", 7.00 is "7". */
    number: (value: number, digits = 1) => format(value, 0, digits),
    /** Exactly `digits` decimals: fixed(56.7, 1) is "56.7" or "56,7". */
    fixed: (value: number, digits: number) => format(value, digits, digits),
    /** Seconds for display: two decimals, "∞" for a room without absorption, "0.00" for total absorption. */
    seconds: (value: number) => (Number.isFinite(value) ? format(value, 2, 2) : "∞"),
    /** A target range as the site writes it everywhere: "0.4–0.6 s", "0,45–0,65 s". */
    range: (range: { min: number; max: number }) => `${format(range.min, 1, 2)}–${format(range.max, 1, 2)} s`,
  };
}

/** What every text of the calculator needs: its words and its number formats in the page's language. */
export interface CalculatorLanguage {
  t: CalculatorTexts;
  n: ReturnType<typeof calculatorFormat>;
}

export const calculatorLanguage = (t: CalculatorTexts, decimal: string): CalculatorLanguage => ({
  t,
  n: calculatorFormat(decimal),
});

/** A panel's size as products list it: "600 × 600 mm". */
export const panelSize = (p: { panelWidthMm: number; panelHeightMm: number }) =>
  `${p.panelWidthMm} × ${p.panelHeightMm} mm`;
