// @ts-check
// The JavaScript a built page can load, followed the way a browser loads it: inline scripts, module
// scripts and Astro island components (they load on hydration), and from each of them their static
// imports and, when asked, dynamic imports and workers (`new URL("….js", import.meta.url)`), imports
// of imports included. The build uses it to keep
// the CSS rules a page's scripts can apply; the budget tests to weigh what a page loads.

/**
 * Static and dynamic-import specifiers in `code` that point at other build chunks, and the chunks it
 * names by URL (a worker's script), as site paths.
 * @param {string} code
 * @param {string} fromUrl the site path of the code's file ("/" for an inline script)
 */
export function importedChunks(code, fromUrl) {
  /** @type {Set<string>} */
  const found = new Set();
  const patterns = [
    /\bimport\s*(?:[\w*{}\s,$]+from\s*)?["'`]([^"'`]+\.js)["'`]/g,
    /\bimport\(\s*["'`]([^"'`]+\.js)["'`]\s*\)/g,
    /\bnew URL\(\s*["'`]([^"'`]+\.js)["'`]/g,
  ];
  for (const pattern of patterns) {
    for (const match of code.matchAll(pattern)) {
      const spec = match[1];
      // A template with a value in it names no chunk of the build (the search's Pagefind bundle).
      if (spec && !spec.includes("${")) found.add(new URL(spec, `http://x${fromUrl}`).pathname);
    }
  }
  return [...found];
}

/**
 * Whether `code` imports the chunk at `url` statically (it loads with the code, not on demand).
 * @param {string} code
 * @param {string} url
 */
function importsStatically(code, url) {
  const file = (url.split("/").pop() ?? url).replace(/\./g, "\\.");
  return new RegExp(`import\\s*(?:[\\w*{}\\s,$]+from\\s*)?["'][^"']*${file}["']`).test(code);
}

/**
 * The scripts of a built page: the texts of its inline scripts and of every chunk it can load, and
 * those chunks' site paths. A chunk for which `stopAt` answers a name is not entered: the names
 * reached are listed apart, so that a caller can weigh such on-demand chunks on their own.
 * @param {string} html the page
 * @param {(url: string) => string} read the text of a chunk, by its site path
 * @param {{ includeDynamic?: boolean, stopAt?: (url: string) => string | undefined }} [options]
 */
export function pageScripts(html, read, { includeDynamic = false, stopAt = () => undefined } = {}) {
  /** @type {string[]} */
  const inline = [];
  /** @type {string[]} */
  const queue = [];
  /** @type {Set<string>} */
  const reached = new Set();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attrs = match[1] ?? "";
    if (/type="application\/(ld\+)?json"/.test(attrs)) continue;
    const src = /\bsrc="([^"]+)"/.exec(attrs)?.[1];
    if (src) queue.push(src);
    else if (match[2]?.trim()) inline.push(match[2]);
  }
  // An island's component and its renderer load together; when the component is an on-demand entry
  // point (an island that hydrates on a visitor's intent), so is its renderer.
  for (const match of html.matchAll(/<astro-island\b[^>]*>/g)) {
    const component = /\bcomponent-url="([^"]+)"/.exec(match[0])?.[1];
    const renderer = /\brenderer-url="([^"]+)"/.exec(match[0])?.[1];
    const stop = component ? stopAt(component) : undefined;
    if (stop) reached.add(stop);
    else for (const url of [component, renderer]) if (url) queue.push(url);
  }
  /** @param {string} code @param {string} url */
  const follows = (code, url) => includeDynamic || importsStatically(code, url);
  for (const code of inline) for (const url of importedChunks(code, "/")) if (follows(code, url)) queue.push(url);

  /** @type {Set<string>} */
  const seen = new Set();
  const texts = [...inline];
  while (queue.length > 0) {
    const url = /** @type {string} */ (queue.shift());
    if (seen.has(url) || !url.startsWith("/")) continue;
    const stop = stopAt(url);
    if (stop) {
      reached.add(stop);
      continue;
    }
    seen.add(url);
    const code = read(url);
    texts.push(code);
    for (const next of importedChunks(code, url)) if (follows(code, next)) queue.push(next);
  }
  return { files: [...seen], texts, reached: [...reached] };
}
