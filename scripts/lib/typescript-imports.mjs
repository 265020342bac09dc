// Lets a script load the site's TypeScript modules as Node runs them (types stripped): their relative
// imports name no extension, as the bundlers that build the site resolve them, so an import that
// Node cannot find as written is tried again with ".ts" and "/index.ts". Import this module first and
// the TypeScript modules after it, with import(): a static import would be resolved before this runs.
import { register } from "node:module";

const hooks = `
export async function resolve(specifier, context, next) {
  try {
    return await next(specifier, context);
  } catch (error) {
    const relative = specifier.startsWith("./") || specifier.startsWith("../");
    if (error?.code !== "ERR_MODULE_NOT_FOUND" || !relative || /\\.[cm]?[jt]sx?$/.test(specifier)) throw error;
    for (const candidate of [specifier + ".ts", specifier + "/index.ts"]) {
      try {
        return await next(candidate, context);
      } catch {}
    }
    throw error;
  }
}`;

register(`data:text/javascript,${encodeURIComponent(hooks)}`);
