/**
 * How a product's images are cut and chosen, shared by each element and the head's preload of the
 * first screen's image so that both name the same file.
 */
export const PRODUCT_IMAGE = {
  /** The product page's main image: beside the text from lg, the page's width below it. */
  main: { formats: ["avif", "webp"], widths: [480, 800, 1200, 1600], sizes: "(min-width: 1024px) 560px, 100vw" },
  /** A card of the product overview: three to a row from lg, two from sm, one below. */
  card: { format: "webp", widths: [400, 640, 800], sizes: "(min-width: 1024px) 380px, (min-width: 640px) 50vw, 100vw" },
} as const;
