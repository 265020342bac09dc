// @ts-check

import { fileURLToPath } from "node:url";

/**
 * Registers `client:intent`, the client directive that hydrates an island on a visitor's first sign
 * of intent and holds a click made before it is ready (src/lib/islands/client-intent.ts).
 * @returns {import("astro").AstroIntegration}
 */
export function clientIntent() {
  return {
    name: "client-intent",
    hooks: {
      "astro:config:setup": ({ addClientDirective }) => {
        addClientDirective({
          name: "intent",
          entrypoint: fileURLToPath(new URL("../src/lib/islands/client-intent.ts", import.meta.url)),
        });
      },
    },
  };
}
