import type { ClientDirective } from "astro";

/**
 * `client:intent="<selector>"`: an island that costs nothing until a visitor shows they may use it. It
 * hydrates on the first sign of intent: a pointer down on or over an element the selector matches,
 * focus on one, or any key press; never before.
 *
 * A click on a matching element made while the island's code is still arriving is held: its default
 * (following a link) is prevented, and the same element is clicked again as soon as the island's
 * module has loaded, before it renders, so the island's own listener receives it. Should the code
 * fail to load, a held link is followed after all, so that the click still does what the plain HTML
 * promised. This script is inlined in every page with such an island, so it is kept short.
 */
const intent: ClientDirective = (load, { value }) => {
  const matching = (event: Event) => (event.target as Element).closest?.<HTMLElement>(value as string);
  const holding = new AbortController();
  let held: HTMLElement | null | undefined;
  let started = false;

  const start = async () => {
    if (started) return;
    started = true;
    try {
      const hydrate = await load();
      holding.abort();
      held?.click();
      await hydrate();
    } catch (error) {
      holding.abort();
      if (held instanceof HTMLAnchorElement) location.assign(held.href);
      throw error;
    }
  };
  const listening = { capture: true, signal: holding.signal };

  for (const type of ["pointerdown", "pointerover", "focusin", "keydown"])
    document.addEventListener(type, (event) => (type === "keydown" || matching(event)) && start(), listening);
  document.addEventListener(
    "click",
    (event) => {
      const target = matching(event);
      const { button, metaKey, ctrlKey, shiftKey } = event as MouseEvent;
      if (!target || button || metaKey || ctrlKey || shiftKey || event.defaultPrevented) return;
      event.preventDefault();
      held = target;
      void start();
    },
    listening,
  );
};

export default intent;
