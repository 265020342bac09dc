/** Splits plain text into paragraphs at blank lines. */
export function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, " ").trim())
    .filter(Boolean);
}

/** Seconds with one decimal, or two where the second is needed: 1 → "1.0", 0.65 → "0.65". */
const secondsValue = (value: number) => {
  const two = value.toFixed(2);
  return two.endsWith("0") ? value.toFixed(1) : two;
};

/** A range of seconds as the site writes it everywhere: "0.4–0.6 s", "0.45–0.65 s", "1.0–1.5 s". */
export const secondsRange = (range: { min: number; max: number }) =>
  `${secondsValue(range.min)}–${secondsValue(range.max)} s`;
