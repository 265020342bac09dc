// @ts-check
// What happens to the built pages once Astro has written them, in this order, each page read and
// written once:
// 1. cutStyles: the page's inlined site stylesheet keeps only the rules the page can use;
// 2. addHeadingFace: the page's h1 gets a subset of the heading face with its own letters;
// 3. joinStyles: the page's inline styles become one;
// 4. pageCsp: the page's CSP lists exactly the inline code it finally holds, first in the head.
// Before the steps, each page's inline code must be code the build's CSP vouches for. After the pages
// are final, the site search indexes them, and the download library's files get their headers.
import { readFileSync } from "node:fs";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { writeSearchIndex } from "../../src/features/search/pagefind-index.mjs";
import { cutStyles } from "./cut-styles.mjs";
import { writeDownloadHeaders } from "./download-headers.mjs";
import { addHeadingFace, headingOf, headingSubsets } from "./heading-face.mjs";
import { joinStyles } from "./join-styles.mjs";
import { checkInlineCodeListed, pageCsp } from "./page-csp.mjs";

/**
 * @typedef {object} PostBuildOptions
 * @property {string} fontCacheDir where the site's web fonts are cut (integrations/web-fonts.mjs)
 * @property {string} [headingCacheDir] where heading subsets are kept between builds
 */

/**
 * The built pages, each with its path in the build and its HTML.
 * @param {string} root
 */
async function readPages(root) {
  const entries = await readdir(root, { withFileTypes: true, recursive: true });
  const files = entries.filter((e) => e.isFile() && e.name.endsWith(".html")).map((e) => join(e.parentPath, e.name));
  return Promise.all(files.map(async (file) => ({ file, html: await readFile(file, "utf8") })));
}

/**
 * A reader of the build's assets by site path, each read once (the style cut follows each page's
 * scripts through their imports, and pages share most of them).
 * @param {string} root
 */
function assetReader(root) {
  /** @type {Map<string, string>} */
  const texts = new Map();
  return (/** @type {string} */ url) => {
    const text = texts.get(url) ?? readFileSync(join(root, url.replace(/^\//, "")), "utf8");
    texts.set(url, text);
    return text;
  };
}

/**
 * Runs the steps over every built page and writes the pages they changed. An error names the page.
 * @param {string} root the build folder
 * @param {PostBuildOptions} options
 */
export async function finishPages(root, { fontCacheDir, headingCacheDir = "./node_modules/.cache/heading-fonts" }) {
  const pages = await readPages(root);
  const read = assetReader(root);
  const where = (/** @type {string} */ file) => relative(root, file);
  for (const page of pages) {
    try {
      checkInlineCodeListed(page.html);
    } catch (error) {
      throw new Error(`${where(page.file)}: ${error instanceof Error ? error.message : error}`, { cause: error });
    }
  }
  const headings = pages.map((page) => headingOf(page.html)).filter((text) => text !== undefined);
  const faces = await headingSubsets(headings, { root, fontCacheDir, cacheDir: headingCacheDir });
  let removed = 0;
  for (const page of pages) {
    let html = page.html;
    try {
      html = cutStyles(html, read);
      const heading = headingOf(html);
      if (heading !== undefined) html = addHeadingFace(html, /** @type {string} */ (faces.get(heading)));
      html = pageCsp(joinStyles(html));
    } catch (error) {
      throw new Error(`${where(page.file)}: ${error instanceof Error ? error.message : error}`, { cause: error });
    }
    removed += page.html.length - html.length;
    if (html !== page.html) await writeFile(page.file, html);
  }
  return { pages: pages.length, headingFiles: new Set(faces.values()).size, removed };
}

/**
 * The Astro integration: once the build is done, finishes every page (the steps above), then writes
 * the search index of the final pages.
 * @param {PostBuildOptions} options
 * @returns {import("astro").AstroIntegration}
 */
export function postBuild(options) {
  return {
    name: "post-build",
    hooks: {
      "astro:build:done": async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const { pages, headingFiles, removed } = await finishPages(root, options);
        logger.info(
          `${pages} pages finished: styles cut and joined, ${headingFiles} heading subsets, CSP of each page's own code; ${Math.round(removed / 1024)} KB less HTML`,
        );
        const { files } = await writeSearchIndex(root);
        logger.info(`${files} pages read into the search index`);
        await writeDownloadHeaders(root);
      },
    },
  };
}
