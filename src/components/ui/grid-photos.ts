/** Photos in a row of a grid's first screen: three to a row on wide screens. */
export const FIRST_ROW = 3;

/**
 * How a grid's photo loads, by its place in the order the page shows them. The first row loads at
 * once: its first photo is the page's largest paint and is fetched at high priority; the other two
 * are below the first screen on a phone, so they wait at low priority behind the fonts and that first
 * photo instead of sharing the connection with them (Chromium would give the first five images medium
 * priority). The rest load lazily.
 */
export function gridPhotoLoading(order: number) {
  return {
    loading: order < FIRST_ROW ? "eager" : "lazy",
    fetchpriority: order === 0 ? "high" : order < FIRST_ROW ? "low" : undefined,
  } as const;
}
