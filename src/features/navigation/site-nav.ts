/**
 * Small behaviours the native <details> menus lack: Escape closes the open menu and returns focus to
 * its toggle, a click outside closes it, and following a link closes the menu it came from (the
 * mobile menu must close when a link is tapped, even for same-page links and back/forward cache).
 */
export function enhanceNavigation(root: HTMLElement): () => void {
  const menus = () => Array.from(root.querySelectorAll<HTMLDetailsElement>("details[data-menu]"));

  const closeAll = (except?: Element) => {
    for (const menu of menus()) if (menu !== except && menu.open) menu.open = false;
  };

  const onKeydown = (event: KeyboardEvent) => {
    if (event.key !== "Escape") return;
    const open = menus().filter((menu) => menu.open);
    if (open.length === 0) return;
    // Close the innermost open menu that holds focus, else every open one.
    const focused = open.filter((menu) => menu.contains(document.activeElement));
    const target = focused.at(-1);
    if (target) {
      target.open = false;
      target.querySelector("summary")?.focus();
    } else {
      closeAll();
    }
  };

  const onDocumentClick = (event: MouseEvent) => {
    const target = event.target instanceof Node ? event.target : null;
    for (const menu of menus()) {
      if (menu.open && target && !menu.contains(target)) menu.open = false;
    }
  };

  const onRootClick = (event: MouseEvent) => {
    const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (link) closeAll();
  };

  const onPageShow = () => closeAll();

  document.addEventListener("keydown", onKeydown);
  document.addEventListener("click", onDocumentClick);
  root.addEventListener("click", onRootClick);
  window.addEventListener("pageshow", onPageShow);

  return () => {
    document.removeEventListener("keydown", onKeydown);
    document.removeEventListener("click", onDocumentClick);
    root.removeEventListener("click", onRootClick);
    window.removeEventListener("pageshow", onPageShow);
  };
}
