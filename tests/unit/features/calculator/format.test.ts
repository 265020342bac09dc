import { describe, expect, it } from "vitest";
import { calculatorFormat, decimalSeparator } from "../../../../src/features/calculator/format";
import { LOCALE_INFO, LOCALES } from "../../../../src/i18n/locales";

/** What Intl writes for the same number and digits: the reference the calculator's formats follow. */
const intl = (tag: string, value: number, min: number, max: number) =>
  new Intl.NumberFormat(tag, { minimumFractionDigits: min, maximumFractionDigits: max, useGrouping: false }).format(
    value,
  );

// Figures of every size the calculator shows, with the halves and the float edges rounding meets.
const VALUES = [
  0, 0.004, 0.005, 0.045, 0.05, 0.1, 0.125, 0.4, 0.45, 0.6, 0.65, 0.999, 1, 1.005, 1.25, 2.675, 7, 9.95, 56.7, 56.75,
  105, 1234.5, 98765.4321,
];

describe("calculatorFormat", () => {
  for (const locale of LOCALES) {
    const tag = LOCALE_INFO[locale].intl;
    it(`${locale}: writes every figure as Intl does`, () => {
      const n = calculatorFormat(decimalSeparator(tag));
      for (const value of [...VALUES, ...Array.from({ length: 200 }, (_, i) => (i * 7.31) / 13)]) {
        expect(n.number(value), `number ${value}`).toBe(intl(tag, value, 0, 1));
        expect(n.number(value, 2), `number ${value}, 2`).toBe(intl(tag, value, 0, 2));
        expect(n.fixed(value, 1), `fixed ${value}, 1`).toBe(intl(tag, value, 1, 1));
        expect(n.fixed(value, 2), `fixed ${value}, 2`).toBe(intl(tag, value, 2, 2));
        expect(n.seconds(value), `seconds ${value}`).toBe(intl(tag, value, 2, 2));
      }
      expect(n.range({ min: 0.4, max: 0.65 })).toBe(`${intl(tag, 0.4, 1, 2)}–${intl(tag, 0.65, 1, 2)} s`);
      expect(n.seconds(Number.POSITIVE_INFINITY)).toBe("∞");
    });
  }

  it("uses each language's separator", () => {
    expect(LOCALES.map((l) => decimalSeparator(LOCALE_INFO[l].intl))).toEqual([".", ",", ",", ","]);
  });
});
