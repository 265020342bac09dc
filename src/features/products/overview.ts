/** The product overview with its comparison table. */
export const PRODUCTS_PATH = "/products";

/** The comparison table's row of a product: `/products#compare-felt-panels` opens it highlighted. */
export const compareAnchor = (productId: string) => `compare-${productId}`;
