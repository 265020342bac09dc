/**
 * How a space page's image is cut and chosen, shared by the image and its preload so that both name
 * the same file. The "beside" sizes follow the two-column article: from lg (64rem) its second column
 * is (container − 2 × 2rem padding − 2.5rem gap) / 2.1, about 500 px in the 72rem container and 44vw
 * down to the breakpoint; below it the image spans the container.
 */
export const SPACE_IMAGE = {
  formats: ["avif", "webp"],
  widths: [480, 800, 1200, 1600],
  sizes: {
    full: "(min-width: 1152px) 1100px, 100vw",
    beside: "(min-width: 1152px) 500px, (min-width: 1024px) 44vw, 100vw",
  },
  /** Where the "beside" image is in the first screen: beside the text. */
  besideFrom: "(min-width: 64rem)",
} as const;
