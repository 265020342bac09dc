import type { Config } from "@netlify/functions";
import { publicFormFunction } from "../../src/features/inbox/server/intake";
import { productCatalogue } from "../../src/features/samples/server/catalogue";
import { samplesForm } from "../../src/features/samples/server/handler";

export default publicFormFunction({
  fn: "request-samples",
  label: "sample request form",
  spec: () => samplesForm(productCatalogue()),
});

export const config: Config = {
  path: "/api/request-samples",
};
