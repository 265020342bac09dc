import { LOCALE_INFO, type Locale } from "./locales";

/**
 * Numbers, seconds and dates as each language writes them (Intl): a decimal comma in Estonian, Finnish
 * and Swedish, and dates in words ("1 September 2026", "1. september 2026").
 */
export function formats(locale: Locale) {
  const tag = LOCALE_INFO[locale].intl;
  const fixed = (digits: number) =>
    new Intl.NumberFormat(tag, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false });
  // Seconds with one decimal, or two where the second is needed: 1 → "1.0", 0.65 → "0.65".
  const seconds = new Intl.NumberFormat(tag, { minimumFractionDigits: 1, maximumFractionDigits: 2 });
  const dates = new Intl.DateTimeFormat(tag, { dateStyle: "long", timeZone: "UTC" });
  return {
    /** A number with a fixed count of decimals: decimal(0.75, 2) is "0.75" or "0,75". */
    decimal: (value: number, digits: number) => fixed(digits).format(value),
    /** A percentage given in per cent: percent(45) is "45%" in English and "45 %" in Finnish. */
    percent: (value: number) =>
      new Intl.NumberFormat(tag, { style: "percent", maximumFractionDigits: 1 }).format(value / 100),
    /** A whole number, grouped as the language groups thousands. */
    integer: (value: number) => new Intl.NumberFormat(tag, { maximumFractionDigits: 0 }).format(value),
    seconds: (value: number) => seconds.format(value),
    /** A range of seconds as the site writes it everywhere: "0.4–0.6 s", "0,45–0,65 s". */
    secondsRange: (range: { min: number; max: number }) =>
      `${seconds.format(range.min)}–${seconds.format(range.max)} s`,
    /** An ISO date (YYYY-MM-DD) in words. */
    date: (iso: string) => dates.format(new Date(iso)),
  };
}

export type Formats = ReturnType<typeof formats>;
