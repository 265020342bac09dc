// Library: @mdn/mdn-http-observatory 1.4.8 (src/analyzer/hsts.js).
//
// Defect: the HSTS and redirection tests read Chromium's HSTS preload list from the package's own
// conf/hsts-preload.json. The package does not ship that file: its install script downloads it, which
// fails offline (and does not run where install scripts are off). There is no option to read the
// list from elsewhere, so every scan stops with ENOENT.
// Fix: when this process loads that one module, a missing list reads as an empty one, without
// writing anything into node_modules. A local host is never on the preload list, so the HSTS test
// grades the header itself either way; a downloaded list, where there is one, is still used.
// Import this module before the package's modules. tests/integration/local-fixes.test.ts runs the
// stock module without a list and fails once a release copes: then delete this file and its import.
import { registerHooks } from "node:module";

const MODULE = "/@mdn/mdn-http-observatory/src/analyzer/hsts.js";
const READ_LIST = 'fs.readFileSync(filePath, "utf8")';
const READ_LIST_OR_EMPTY = `(fs.existsSync(filePath) ? ${READ_LIST} : "{}")`;

if (typeof registerHooks !== "function") {
  throw new Error(`This needs Node.js 22.15 or later (module.registerHooks); this is ${process.version}`);
}

registerHooks({
  load(url, context, nextLoad) {
    const loaded = nextLoad(url, context);
    if (!url.endsWith(MODULE)) return loaded;
    const source = typeof loaded.source === "string" ? loaded.source : new TextDecoder().decode(loaded.source);
    if (source.split(READ_LIST).length !== 2) {
      throw new Error(`${url} no longer reads the preload list as ${READ_LIST}: re-check this fix`);
    }
    return { ...loaded, source: source.replace(READ_LIST, READ_LIST_OR_EMPTY) };
  },
});
