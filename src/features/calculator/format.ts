import type { Dictionary } from "../../i18n/dictionary";

/** The calculator's texts in one language (plain strings with `{placeholders}`, see src/i18n). */
export type CalculatorTexts = Dictionary["calculator"]["ui"];

/**
 * Numbers as the calculator shows them in one language (Intl): a decimal comma in Estonian, Finnish
 * and Swedish. Shared by its model (the quote text), its view and its report.
 */
export function calculatorFormat(intlTag: string) {
  const cache = new Map<string, Intl.NumberFormat>();
  const format = (min: number, max: number) => {
    const key = `${min}/${max}`;
    let nf = cache.get(key);
    if (!nf) {
      nf = new Intl.NumberFormat(intlTag, {
        minimumFractionDigits: min,
        maximumFractionDigits: max,
        useGrouping: false,
      });
      cache.set(key, nf);
    }
    return nf;
  };
  return {
    /** At most `digits` decimals and no trailing zeros: 56.70 is "56.7", 7.00 is "7". */
    number: (value: number, digits = 1) => format(0, digits).format(value),
    /** Exactly `digits` decimals: fixed(56.7, 1) is "56.7" or "56,7". */
    fixed: (value: number, digits: number) => format(digits, digits).format(value),
    /** Seconds for display: two decimals, "∞" for a room without absorption, "0.00" for total absorption. */
    seconds: (value: number) => (Number.isFinite(value) ? format(2, 2).format(value) : "∞"),
    /** A target range as the site writes it everywhere: "0.4–0.6 s", "0,45–0,65 s". */
    range: (range: { min: number; max: number }) =>
      `${format(1, 2).format(range.min)}–${format(1, 2).format(range.max)} s`,
  };
}

/** What every text of the calculator needs: its words and its number formats in the page's language. */
export interface CalculatorLanguage {
  t: CalculatorTexts;
  n: ReturnType<typeof calculatorFormat>;
}

export const calculatorLanguage = (t: CalculatorTexts, intlTag: string): CalculatorLanguage => ({
  t,
  n: calculatorFormat(intlTag),
});

/** A panel's size as products list it: "600 × 600 mm". */
export const panelSize = (p: { panelWidthMm: number; panelHeightMm: number }) =>
  `${p.panelWidthMm} × ${p.panelHeightMm} mm`;
