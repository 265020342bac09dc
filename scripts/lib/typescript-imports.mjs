// Lets a script load the site's TypeScript modules as Node runs them (types stripped): their relative
// imports name no extension, as the bundlers that build the site resolve them, so an import that
// Node cannot find as written is tried again with ".ts" and "/index.ts". Import this module first and
// the TypeScript modules after it, with import(): a static import would be resolved before this runs.
import { registerHooks } from "node:module";

const RELATIVE = /^\.\.?\//;
const HAS_EXTENSION = /\.[cm]?[jt]sx?$/;

registerHooks({
  resolve(specifier, context, nextResolve) {
    try {
      return nextResolve(specifier, context);
    } catch (error) {
      const code = /** @type {NodeJS.ErrnoException} */ (error).code;
      const missing = code === "ERR_MODULE_NOT_FOUND" || code === "ERR_UNSUPPORTED_DIR_IMPORT";
      if (!missing || !RELATIVE.test(specifier) || HAS_EXTENSION.test(specifier)) throw error;
      for (const candidate of [`${specifier}.ts`, `${specifier}/index.ts`]) {
        try {
          return nextResolve(candidate, context);
        } catch {
          // Not this one either.
        }
      }
      throw error;
    }
  },
});
