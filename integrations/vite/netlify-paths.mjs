// @ts-check

/**
 * The dev server answers paths as Netlify (and so the preview) does: /cms/ with the content editor's
 * page, cms/index.html, and a page's path with a trailing slash (/et/, /about/) with that page, where
 * Astro's own check would answer 404 (trailingSlash "never" holds for the links the site writes).
 * @returns {import("vite").Plugin}
 */
export function netlifyPaths() {
  return {
    name: "netlify-paths",
    // Runs after Astro's own hook, which puts its trailing-slash check first, so this goes before it.
    configureServer(server) {
      return () => {
        server.middlewares.stack.unshift({
          route: "",
          /** @type {import("vite").Connect.NextHandleFunction} */
          handle: (request, _response, next) => {
            request.url = netlifyPath(request.url ?? "/");
            next();
          },
        });
      };
    },
  };
}

/**
 * The address the dev server answers for `url`, as Netlify's pretty URLs resolve it.
 * @param {string} url
 */
function netlifyPath(url) {
  const split = url.indexOf("?");
  const [path, query] = split < 0 ? [url, ""] : [url.slice(0, split), url.slice(split)];
  if (path === "/cms" || path === "/cms/") return `/cms/index.html${query}`;
  // Not the root, nor Vite's and Astro's own addresses (/@vite/, /_astro/), which Astro's check skips too.
  const page = path.length > 1 && path.endsWith("/") && !/^\/[@_]/.test(path);
  return page ? `${path.replace(/\/+$/, "") || "/"}${query}` : url;
}
