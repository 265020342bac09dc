/**
 * Wires the header's search button and Ctrl/Cmd-K to the search dialog. This is all of search that
 * a page loads up front; the dialog's code (site-search.ts) and Pagefind's index load on first use.
 * Should that load fail (offline), the button falls back to what it is without JavaScript: the
 * disclosure with links to the product overview and the learning index.
 */
export function setUpSearchOpener(doc: Document) {
  const opener = doc.querySelector<HTMLElement>("[data-search-open]");
  if (!opener) return;
  opener.setAttribute("aria-haspopup", "dialog");
  const open = (event: Event) => {
    event.preventDefault();
    import("./site-search")
      .then(({ openSearch }) => openSearch(opener))
      .catch(() => {
        if (opener.parentElement instanceof HTMLDetailsElement) opener.parentElement.open = true;
      });
  };
  opener.addEventListener("click", open);
  doc.addEventListener("keydown", (event) => {
    const modifier = event.ctrlKey || event.metaKey;
    if (modifier && !event.altKey && !event.shiftKey && event.key.toLowerCase() === "k") open(event);
  });
}
