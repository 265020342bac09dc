import { finishKey } from "../products/finish-key";
import type { Finish } from "../products/schema";

/** One finish a visitor can ask a sample of, with the product it belongs to. */
export interface FinishOption {
  /** `<product slug>/<finish id>`, what the form posts. */
  key: string;
  product: string;
  productName: string;
  name: string;
  swatch: string;
}

/** The products' finishes in product order, each named by its key. */
export function finishOptions(products: { id: string; data: { name: string; finishes: Finish[] } }[]): FinishOption[] {
  return products.flatMap(({ id, data }) =>
    data.finishes.map((finish) => ({
      key: finishKey(id, finish.id),
      product: id,
      productName: data.name,
      name: finish.name,
      swatch: finish.swatch,
    })),
  );
}
