// @ts-check
// The site search's index, written by Pagefind into the build's /pagefind/ once every page is final
// (integrations/post-build/index.mjs runs it last).
// Pagefind reads each page's <html lang> and writes one index per language, so a search on an
// Estonian page looks in Estonian pages only, with Estonian stemming. Only the content of an element
// marked data-pagefind-body is indexed (the layout's <main> on every page that search engines may
// index), so staff pages, form results and the 404 page are left out. Pages are added by the address
// the site links to (/products/felt-panels rather than /products/felt-panels.html).
import { readdir, readFile, rm } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { close, createIndex } from "pagefind";
import { SEARCH_PATH } from "./search-path.ts";

/** The build's folder of Pagefind's browser code and index, which the search loads from SEARCH_PATH. */
const SEARCH_BUNDLE = SEARCH_PATH.replaceAll("/", "");

/**
 * The address a built page answers at: `index.html` is `/`, `et.html` is `/et`, `products/x.html`
 * is `/products/x` (Netlify serves a page's .html without the extension).
 * @param {string} file path relative to the build folder
 */
export function pageAddress(file) {
  const path = file
    .split(sep)
    .join("/")
    .replace(/\.html$/, "");
  if (path === "index") return "/";
  return `/${path.replace(/\/index$/, "")}`;
}

/**
 * Indexes every built page and writes the bundle. Any error Pagefind reports fails the build, so a
 * deploy never goes out with a search that finds nothing.
 * @param {string} root the build folder
 */
export async function writeSearchIndex(root) {
  const { index, errors } = await createIndex({});
  if (!index) throw new Error(`Pagefind: ${errors.join("; ")}`);
  try {
    const entries = await readdir(root, { withFileTypes: true, recursive: true });
    const files = entries
      .filter((e) => e.isFile() && e.name.endsWith(".html"))
      .map((e) => relative(root, join(e.parentPath, e.name)))
      .filter((file) => !file.startsWith(`${SEARCH_BUNDLE}${sep}`) && !file.startsWith(`cms${sep}`))
      .sort();
    for (const file of files) {
      const added = await index.addHTMLFile({
        url: pageAddress(file),
        content: await readFile(join(root, file), "utf8"),
      });
      if (added.errors.length > 0) throw new Error(`Pagefind, ${file}: ${added.errors.join("; ")}`);
    }
    const written = await index.writeFiles({ outputPath: join(root, SEARCH_BUNDLE) });
    if (written.errors.length > 0) throw new Error(`Pagefind: ${written.errors.join("; ")}`);
    // Pagefind's ready-made interfaces are not used (the site has its own dialog): not deployed.
    const bundle = join(root, SEARCH_BUNDLE);
    for (const file of await readdir(bundle)) {
      if (/-ui\.(js|css)$|^pagefind-highlight\.js$/.test(file)) await rm(join(bundle, file));
    }
    return { files: files.length };
  } finally {
    await close();
  }
}
