/**
 * Normalises a path so "/about", "/about/", "/about.html" and "/index.html" compare as the pages
 * they are (the build writes one .html file per page; the site links without the extension).
 */
export function normalisePath(path: string): string {
  const clean = (path.split(/[?#]/)[0] ?? "").replace(/\.html$/, "").replace(/\/index$/, "/");
  if (clean === "" || clean === "/") return "/";
  return clean.replace(/\/+$/, "") || "/";
}
