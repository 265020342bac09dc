// @ts-check

/** The bundler's module that wraps every dynamic import of the browser code. */
const PRELOAD_HELPER = "\0vite/preload-helper.js";

/**
 * The browser code's dynamic imports (the calculator's live half, its report, the sign-in state,
 * analytics, the site search) load on demand and preload nothing: the browser follows each chunk's
 * own imports. The bundler's default inserts a `<link rel=modulepreload>` for every chunk a dynamic
 * import needs, in the very task that starts it, and on a slow phone those insertions alone can make
 * that task long.
 *
 * With nothing to preload, the bundler's wrapper around each dynamic import has nothing to do but
 * start it, so its helper module (about 0.9 KB gzip, loaded up front by every page with a dynamic
 * import) is replaced by one that does only that. A failed import still rejects, as before, for the
 * caller's own `catch`.
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
  };
}
