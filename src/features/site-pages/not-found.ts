/** Decodes a path for display; a malformed escape is shown as it came. */
function readable(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** Logs the path a visitor tried to reach and shows it on the 404 page (as text, never as HTML). */
export function reportMissingPage(location: Pick<Location, "pathname" | "search">, root: Document): string {
  const attempted = readable(`${location.pathname}${location.search}`);
  console.warn("404: no page at", attempted);
  const slot = root.querySelector("[data-attempted-path]");
  if (slot) slot.textContent = attempted;
  return attempted;
}
