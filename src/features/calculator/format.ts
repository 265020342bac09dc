/** Number formats the calculator shows, shared by its model (the quote text) and its view. */
/** A number with at most `digits` decimals and no trailing zeros: 56.70 is "56.7", 7.00 is "7". */
export const formatNumber = (value: number, digits = 1) => Number(value.toFixed(digits)).toString();

/** Seconds for display: two decimals, "∞" for a room without absorption, "0.00" for total absorption. */
export const seconds = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : "∞");

/** A panel's size as products list it: "600 × 600 mm". */
export const panelSize = (p: { panelWidthMm: number; panelHeightMm: number }) =>
  `${p.panelWidthMm} × ${p.panelHeightMm} mm`;
