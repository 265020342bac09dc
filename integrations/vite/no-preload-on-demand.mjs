// @ts-check

/** The bundler's module that wraps every dynamic import of the browser code. */
const PRELOAD_HELPER = "\0vite/preload-helper.js";

/**
 * The wrapper's two shapes around an import: the second when the caller destructures its result (then
 * the import may pick the module out of a shared chunk's namespace: `.then((n) => n.x)`).
 */
const [WRAPPED, WRAPPED_DESTRUCTURED] = [
  /__vitePreload\(\(\) => (import\("[^"]+"\)), __VITE_PRELOAD__\)/g,
  /__vitePreload\(async \(\) => \{\s*const \{ ([\w, ]+) \} = await (import\("[^"]+"\)(?:\.then\(\((\w+)\) => \3\.\w+\))?);\s*return \{ \1 \};\s*\}, __VITE_PRELOAD__\)/g,
];
const HELPER_IMPORT = /^import \{ \w+ as __vitePreload \} from "[^"]+";\n/m;

/**
 * A chunk's wrapped dynamic imports as plain `import()`, which resolves to the module itself: the
 * destructured names are the module's own exports, so the callers read them as before. The helper's
 * import goes with its last use.
 * @param {string} code
 */
export function plainDynamicImports(code) {
  if (!code.includes("__vitePreload(")) return null;
  const plain = code.replace(WRAPPED, "$1").replace(WRAPPED_DESTRUCTURED, "$2");
  return plain.includes("__vitePreload(") ? plain : plain.replace(HELPER_IMPORT, "");
}

/**
 * The browser code's dynamic imports (the calculator's live half, its report, the sign-in state,
 * analytics, the site search) load on demand and preload nothing: the browser follows each chunk's
 * own imports. The bundler's default inserts a `<link rel=modulepreload>` for every chunk a dynamic
 * import needs, in the very task that starts it, and on a slow phone those insertions alone can make
 * that task long.
 *
 * With nothing to preload, the bundler's wrapper around each dynamic import has nothing to do but
 * start it: each wrapped import is written back as the plain `import()` it wraps, and the helper
 * module (about 0.9 KB gzip, loaded up front by every page with a dynamic import) is no longer
 * loaded. Should a wrapper be left in a shape not recognised, the helper it imports only starts the
 * import. A failed import still rejects, as before, for the caller's own `catch`.
 * @returns {import("vite").Plugin}
 */
export function noPreloadOnDemand() {
  return {
    name: "no-preload-on-demand",
    enforce: "pre",
    configEnvironment(name) {
      return name === "client" ? { build: { modulePreload: { polyfill: false, resolveDependencies: () => [] } } } : {};
    },
    resolveId(id) {
      return id === PRELOAD_HELPER && this.environment.name === "client" ? PRELOAD_HELPER : undefined;
    },
    load(id) {
      if (id !== PRELOAD_HELPER || this.environment.name !== "client") return undefined;
      return "export const __vitePreload = (start) => start();";
    },
    renderChunk(code) {
      return this.environment.name === "client" ? plainDynamicImports(code) : null;
    },
    generateBundle(_, bundle) {
      if (this.environment.name !== "client") return;
      const chunks = Object.values(bundle).filter((file) => file.type === "chunk");
      // A chunk's own list of imports is made before its code is rewritten above: the code tells.
      for (const helper of chunks.filter(
        (chunk) => chunk.moduleIds.length === 1 && chunk.moduleIds[0] === PRELOAD_HELPER,
      )) {
        const name = helper.fileName.split("/").pop() ?? helper.fileName;
        if (!chunks.some((chunk) => chunk !== helper && chunk.code.includes(name))) delete bundle[helper.fileName];
      }
    },
  };
}
