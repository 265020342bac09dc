import { describe, expect, it } from "vitest";
import { READY_CLASS, REVEAL_OPTIONS, REVEALED_CLASS, setUpReveal } from "../../../src/components/ui/reveal";

class FakeClassList {
  readonly names = new Set<string>();
  add(name: string) {
    this.names.add(name);
  }
  contains(name: string) {
    return this.names.has(name);
  }
}

function fakeDocument(count: number) {
  const elements = Array.from({ length: count }, () => ({ classList: new FakeClassList() }));
  const documentElement = { classList: new FakeClassList() };
  const root = { documentElement, querySelectorAll: () => elements } as unknown as Document;
  return { root, elements, documentElement };
}

function fakeObserverFactory() {
  const state: {
    callback?: IntersectionObserverCallback;
    options?: IntersectionObserverInit;
    observed: Set<unknown>;
    observer?: IntersectionObserver;
  } = { observed: new Set() };
  const factory = (callback: IntersectionObserverCallback, options: IntersectionObserverInit) => {
    state.callback = callback;
    state.options = options;
    const observer = {
      observe: (el: Element) => state.observed.add(el),
      unobserve: (el: Element) => state.observed.delete(el),
      disconnect: () => state.observed.clear(),
    };
    state.observer = observer as unknown as IntersectionObserver;
    return observer;
  };
  const fire = (target: unknown, isIntersecting: boolean) =>
    state.callback?.(
      [{ target, isIntersecting } as unknown as IntersectionObserverEntry],
      state.observer as IntersectionObserver,
    );
  return { factory, state, fire };
}

describe("setUpReveal", () => {
  it("uses a 0.1 threshold and a 50 px bottom margin", () => {
    expect(REVEAL_OPTIONS).toEqual({ threshold: 0.1, rootMargin: "0px 0px -50px 0px" });
    const { root } = fakeDocument(1);
    const { factory, state } = fakeObserverFactory();
    setUpReveal(root, factory);
    expect(state.options).toEqual(REVEAL_OPTIONS);
  });

  it("reveals an element once, when it first intersects, and then stops watching it", () => {
    const { root, elements, documentElement } = fakeDocument(2);
    const { factory, state, fire } = fakeObserverFactory();
    expect(setUpReveal(root, factory)).toBe(true);
    expect(documentElement.classList.contains(READY_CLASS)).toBe(true);
    expect(state.observed.size).toBe(2);

    fire(elements[0], false);
    expect(elements[0]?.classList.contains(REVEALED_CLASS)).toBe(false);

    fire(elements[0], true);
    expect(elements[0]?.classList.contains(REVEALED_CLASS)).toBe(true);
    expect(state.observed.has(elements[0])).toBe(false);
    expect(state.observed.has(elements[1])).toBe(true);
  });

  it("leaves the page untouched where IntersectionObserver is missing", () => {
    const { root, documentElement } = fakeDocument(3);
    expect(setUpReveal(root)).toBe(false);
    expect(documentElement.classList.contains(READY_CLASS)).toBe(false);
  });
});
