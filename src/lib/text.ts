/** Splits plain text into paragraphs at blank lines. */
export function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, " ").trim())
    .filter(Boolean);
}

/** "0.4-0.6 s" */
export function secondsRange(min: number, max: number): string {
  return `${min.toFixed(1)}–${max.toFixed(1)} s`;
}
