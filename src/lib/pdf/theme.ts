/**
 * The look of the site's PDF documents (product datasheets, the calculator's report): the site's
 * colours from src/styles/global.css, A4 pages and one type scale.
 */
export const COLOURS = {
  paper: "#f7f4ee",
  sand: "#ece5d8",
  stone: "#d9d0c1",
  ink: "#1f1d1a",
  inkSoft: "#4a453e",
  muted: "#5f584e",
  moss: "#2f4a3c",
  mossDeep: "#213529",
  mossSoft: "#dfe6df",
  white: "#ffffff",
} as const;

/** A4 in PostScript points, with the margin every page keeps. */
export const PAGE = { width: 595.28, height: 841.89, margin: 48 } as const;
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;

export const TYPE = {
  title: 28,
  heading: 15,
  body: 9.5,
  small: 8,
  eyebrow: 7.5,
} as const;
