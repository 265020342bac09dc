import type { LiveCalculator } from "./live-result";

/** The controls' listeners' options: their signal removes them all when the element leaves the page. */
type ListenerOptions = { signal: AbortSignal };

/**
 * `<room-calculator>`: makes the server-rendered calculator live, with no work on load beyond wiring
 * its controls. The default room's result is already in the page. The code that validates, computes
 * and draws (live-result.ts) loads when the visitor first focuses or uses the form or a button, or at
 * once when the address holds a shared room, which it then draws a phase (one task) at a time; the
 * element takes `data-ready` once the page shows that room.
 * Inputs made while it loads are applied in order once it is there. "Hear the room" (listen/) loads
 * on the first press of a Listen button or a WAV link.
 */
export class RoomCalculatorElement extends HTMLElement {
  #abort: AbortController | null = null;
  #live: Promise<LiveCalculator> | null = null;
  #audio: AudioContext | undefined;

  #load(): Promise<LiveCalculator> {
    // The module's evaluation and the element's setup (its data parsed) each in a task of its own.
    this.#live ??= import("./live-result").then(
      ({ liveCalculator }) => new Promise((done) => setTimeout(() => done(liveCalculator(this)), 0)),
    );
    return this.#live;
  }

  connectedCallback(): void {
    const form = this.querySelector<HTMLFormElement>("#room-form");
    if (!form || this.#abort) return;
    const abort = new AbortController();
    this.#abort = abort;
    const on = { signal: abort.signal };
    this.#wireControls(form, on);
    this.#wireListening(on);
    this.#showSharedRoom(form, on);
  }

  /** Loads the live half on the form's first focus, and hands it each input, change and button press. */
  #wireControls(form: HTMLFormElement, on: ListenerOptions) {
    const then = (action: (live: LiveCalculator) => unknown) => () => void this.#load().then(action);
    form.addEventListener("focusin", () => void this.#load(), { ...on, once: true });
    form.addEventListener(
      "input",
      then((live) => live.render()),
      on,
    );
    form.addEventListener(
      "change",
      then((live) => live.change()),
      on,
    );
    form.addEventListener("submit", (event) => event.preventDefault(), on);
    this.querySelector("[data-apply]")?.addEventListener(
      "click",
      then((live) => live.apply()),
      on,
    );
    this.querySelector("[data-report]")?.addEventListener(
      "click",
      then((live) => live.report()),
      on,
    );
    this.querySelector("[data-share]")?.addEventListener(
      "click",
      then((live) => live.share()),
      on,
    );
  }

  /**
   * Wires the Listen buttons and WAV links. The audio context is made in the press itself, as
   * browsers allow sound only then; a WAV link that has its download follows it at once.
   */
  #wireListening(on: ListenerOptions) {
    for (const button of this.querySelectorAll<HTMLElement>("[data-listen-play]")) {
      button.addEventListener(
        "click",
        () => {
          if (typeof AudioContext !== "function") return;
          this.#audio ??= new AudioContext();
          void this.#audio.resume();
          const audio = this.#audio;
          void this.#load().then((live) =>
            live.listen(button.dataset.listenPlay === "after" ? "after" : "before", audio),
          );
        },
        on,
      );
    }
    for (const link of this.querySelectorAll<HTMLAnchorElement>("[data-listen-wav]")) {
      link.addEventListener(
        "click",
        (event) => {
          if (link.hasAttribute("download")) return;
          event.preventDefault();
          void this.#load().then((live) => live.wav(link));
        },
        on,
      );
    }
  }

  /**
   * Marks the element ready (`data-ready`, which shows its report and listen controls): at once, or for
   * a shared room once the page shows that room's result. A shared room is loaded and drawn in tasks of
   * their own, after this one. A visitor who started editing while the code loaded keeps their edit:
   * the address's room is then not written over it.
   */
  #showSharedRoom(form: HTMLFormElement, on: ListenerOptions) {
    const ready = () => this.setAttribute("data-ready", "");
    if (!location.search) ready();
    else {
      let edited = false;
      form.addEventListener(
        "input",
        () => {
          edited = true;
        },
        { ...on, once: true },
      );
      setTimeout(
        () =>
          void this.#load()
            .then((live) => live.restore(() => !edited))
            .finally(ready),
        0,
      );
    }
  }

  disconnectedCallback(): void {
    this.#abort?.abort();
    this.#abort = null;
  }
}

if (!customElements.get("room-calculator")) customElements.define("room-calculator", RoomCalculatorElement);
