/**
 * Normalises a path so "/about", "/about/", "/about.html" and "/index.html" compare as the pages
 * they are (the build writes one .html file per page; the site links without the extension).
 */
export function normalisePath(path: string): string {
  const clean = (path.split(/[?#]/)[0] ?? "").replace(/\.html$/, "").replace(/\/index$/, "/");
  if (clean === "" || clean === "/") return "/";
  return clean.replace(/\/+$/, "") || "/";
}

/** True when `href` is the page at `currentPath`. */
export function isCurrent(href: string, currentPath: string): boolean {
  return normalisePath(href) === normalisePath(currentPath);
}

/** True when any of the group's links is the current page, so the group's toggle can be marked. */
export function groupContainsCurrent(hrefs: readonly string[], currentPath: string): boolean {
  return hrefs.some((href) => isCurrent(href, currentPath));
}
