import { useEffect, useRef } from "react";

/**
 * Keeps what a visitor typed into a public form in the tab's sessionStorage until the form is sent:
 * a failed post, or a reload while the site cannot store enquiries, never costs them their text. The
 * draft is the tab's own (gone when it closes), removed once the form is sent or emptied, and never
 * leaves the browser. `restore` receives a saved draft once, after hydration; a browser that refuses
 * storage (private mode, full) simply keeps nothing.
 */
export function useDraft<V>(key: string, value: V, empty: (value: V) => boolean, restore: (saved: V) => void): void {
  const restored = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a draft is restored once, on hydration.
  useEffect(() => {
    try {
      const saved = sessionStorage.getItem(key);
      if (saved) restore(JSON.parse(saved) as V);
    } catch {
      // Nothing kept, or nothing readable: the form starts empty.
    }
    restored.current = true;
  }, [key]);
  useEffect(() => {
    if (!restored.current) return;
    try {
      if (empty(value)) sessionStorage.removeItem(key);
      else sessionStorage.setItem(key, JSON.stringify(value));
    } catch {
      // Storage refused: the draft lives only in the page.
    }
  }, [key, value, empty]);
}
