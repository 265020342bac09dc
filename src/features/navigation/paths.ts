import { normalisePath } from "../../lib/paths";

/** True when `href` is the page at `currentPath`. */
export function isCurrent(href: string, currentPath: string): boolean {
  return normalisePath(href) === normalisePath(currentPath);
}

/** True when any of the group's links is the current page, so the group's toggle can be marked. */
export function groupContainsCurrent(hrefs: readonly string[], currentPath: string): boolean {
  return hrefs.some((href) => isCurrent(href, currentPath));
}
