/**
 * The colour family of a finish, read from its swatch, for the comparison table's colour filter. Editors
 * set only the swatch; the family follows from it, so a filter can never disagree with the colour shown.
 *
 * - Very dark is dark; very light with little chroma is white; any other with little chroma is grey.
 * - Otherwise by hue: warm hues are beige when light and brown (wood) otherwise; the reddest (below
 *   20°) are red when saturated (terracotta) and brown when not.
 */
export const COLOUR_FAMILIES = ["white", "beige", "brown", "red", "green", "blue", "grey", "dark"] as const;
export type ColourFamily = (typeof COLOUR_FAMILIES)[number];

export function colourFamily(swatch: string): ColourFamily {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(swatch.slice(i, i + 2), 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const chroma = max - min;
  const lightness = (max + min) / 2;
  if (lightness < 0.27) return "dark";
  if (lightness > 0.85 && chroma < 0.1) return "white";
  if (chroma < 0.075) return "grey";
  const saturation = chroma / (1 - Math.abs(2 * lightness - 1));
  const sector = max === r ? (g - b) / chroma : max === g ? 2 + (b - r) / chroma : 4 + (r - g) / chroma;
  const hue = (sector * 60 + 360) % 360;
  if (hue < 20 || hue >= 300) return saturation > 0.35 ? "red" : "brown";
  if (hue < 55) return lightness >= 0.7 ? "beige" : "brown";
  if (hue < 170) return "green";
  return "blue";
}

/** Euroclass reaction to fire as a rank, lower is better: A1 < A2-s1,d0 < A2-s2,d0 < B-s1,d0 < … < F. */
export function fireRank(reaction: string): number {
  const match = /^(A1|A2|B|C|D|E|F)(?:-s([123]),d([012]))?/.exec(reaction.trim());
  if (!match) return 999;
  const order = ["A1", "A2", "B", "C", "D", "E", "F"].indexOf(match[1] ?? "F");
  return order * 100 + Number(match[2] ?? 0) * 10 + Number(match[3] ?? 0);
}
