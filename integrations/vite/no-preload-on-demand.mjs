// @ts-check

/**
 * The browser code's dynamic imports (the calculator's live half, its report, the sign-in state,
 * analytics) load on demand and preload nothing: the browser follows each chunk's own imports. The
 * bundler's default inserts a `<link rel=modulepreload>` for every chunk a dynamic import needs, in
 * the very task that starts it, and on a slow phone those insertions alone can make that task long.
 * @returns {import("vite").Plugin}
 */
export function noPreloadOnDemand() {
  return {
    name: "no-preload-on-demand",
    configEnvironment(name) {
      return name === "client" ? { build: { modulePreload: { polyfill: false, resolveDependencies: () => [] } } } : {};
    },
  };
}
