/** Scroll reveal: an element shows once 10% of it is 50 px inside the viewport, fading in over 700 ms. */
export const REVEAL_OPTIONS: IntersectionObserverInit = {
  threshold: 0.1,
  rootMargin: "0px 0px -50px 0px",
};

export const REVEALED_CLASS = "is-revealed";
export const READY_CLASS = "reveal-ready";

type ObserverFactory = (
  callback: IntersectionObserverCallback,
  options: IntersectionObserverInit,
) => Pick<IntersectionObserver, "observe" | "unobserve" | "disconnect">;

/**
 * Marks each `[data-reveal]` element as revealed the first time it scrolls into view, then stops
 * watching it. Returns false (and leaves everything visible) where IntersectionObserver is missing.
 */
export function setUpReveal(root: Document, createObserver?: ObserverFactory): boolean {
  const factory =
    createObserver ??
    (typeof IntersectionObserver === "function"
      ? (callback: IntersectionObserverCallback, options: IntersectionObserverInit) =>
          new IntersectionObserver(callback, options)
      : undefined);
  if (!factory) return false;

  const targets = root.querySelectorAll<HTMLElement>("[data-reveal]");
  if (targets.length === 0) return true;

  const observer = factory((entries, self) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      entry.target.classList.add(REVEALED_CLASS);
      self.unobserve(entry.target);
    }
  }, REVEAL_OPTIONS);

  root.documentElement.classList.add(READY_CLASS);
  for (const target of targets) observer.observe(target);
  return true;
}
