import { fill as fillText } from "../../i18n/fill";
import { type CalculatorTexts, calculatorLanguage } from "./format";
import {
  type CalculatorData,
  type CalculatorResult,
  calculate,
  FIELD_NAMES,
  type Fields,
  fieldsFromQuery,
  quoteMessage,
  toQuery,
  type ValidRoom,
  validate,
} from "./model";
import { applyHidden, applyLabel, type ResultMarkup, renderResult, renderTarget } from "./view";

type Listening = typeof import("./listen/listen");
type Version = import("./listen/listen").Version;

/** Hands the main thread back to the browser between steps, so that no step is a long task. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The calculator's live half, loaded on first use (see room-calculator.ts): on every input it
 * validates the form and, when the room is valid, re-renders each `[data-result]` slot with the
 * markup the page was built with. It keeps the query in step (replaceState on change, so a result can
 * be shared and bookmarked) and points 'Request a quote' at the contact form with the room described.
 * The slots stay in place, so the summary's aria-live region is never replaced. Its texts and number
 * formats are the page's language's, given by the page (data-texts, data-decimal).
 */
export function liveCalculator(host: HTMLElement) {
  const form = host.querySelector("#room-form") as HTMLFormElement;
  const data = JSON.parse(host.getAttribute("data-calculator") ?? "{}") as CalculatorData;
  const texts = JSON.parse(host.getAttribute("data-texts") ?? "{}") as CalculatorTexts;
  const lang = calculatorLanguage(texts, host.getAttribute("data-decimal") ?? ".");
  const contactPath = host.getAttribute("data-contact") ?? "/contact";
  const $ = <T extends Element = HTMLElement>(selector: string) => host.querySelector<T>(selector);
  let last: CalculatorResult | null = null;
  const parse = document.createElement("template");
  // Compared as parsed markup, so what has not changed is left alone.
  const fill = (element: Element | null, html: string) => {
    parse.innerHTML = html;
    if (element && element.innerHTML !== parse.innerHTML) element.innerHTML = html;
  };

  const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement;
  const read = (): Fields =>
    Object.fromEntries(FIELD_NAMES.map((name) => [name, field(name).value])) as unknown as Fields;
  const write = (fields: Fields) => {
    for (const name of FIELD_NAMES) field(name).value = fields[name];
  };

  /**
   * Validates, computes and draws, in phases: each `yield` is a point where the shared room's pass
   * (`restore`) hands the main thread back, so that no phase of it is a long task on a slow phone.
   * An input runs it through at once (`run`).
   */
  function* computing(): Generator<void, { fields: Fields; room: ValidRoom | null }> {
    const fields = read();
    const { room, errors } = validate(fields, data, lang);
    for (const name of ["length", "width", "height", "amount"] as const) {
      const input = field(name);
      const error = $(`[data-error="${name}"]`);
      const message = errors[name];
      if (error) {
        error.textContent = message ?? "";
        error.hidden = !message;
      }
      input.setAttribute("aria-invalid", message ? "true" : "false");
      const hint = name === "amount" ? "" : `room-${name}-hint`;
      const describedBy = [hint, message ? `room-${name}-error` : ""].filter(Boolean).join(" ");
      if (describedBy) input.setAttribute("aria-describedby", describedBy);
      else input.removeAttribute("aria-describedby");
    }
    yield;
    const type = data.roomTypes.find((t) => t.id === fields.type);
    if (type) fill($("#room-type-target"), renderTarget(type, lang));
    const invalid = $("[data-out=invalid]");
    const summary = $('[data-result="summary"]');
    if (invalid) invalid.hidden = room !== null;
    if (summary) summary.hidden = room === null;
    host.toggleAttribute("data-invalid", room === null);
    // A WAV made for the room before is not this room's.
    for (const link of host.querySelectorAll<HTMLAnchorElement>("[data-listen-wav][download]")) {
      URL.revokeObjectURL(link.href);
      link.href = "#";
      link.removeAttribute("download");
    }
    yield;
    last = room ? calculate(room) : null;
    return { fields, room };
  }

  function* drawing(): Generator<void> {
    const { fields } = yield* computing();
    if (!last) return;
    const result = last;
    yield;
    const markup = renderResult(result, lang);
    for (const slot of host.querySelectorAll<HTMLElement>("[data-result]")) {
      const html: string | undefined = markup[slot.dataset.result as keyof ResultMarkup];
      yield;
      if (html !== undefined) fill(slot, html);
    }
    yield;
    const apply = $<HTMLButtonElement>("[data-apply]");
    if (apply) {
      apply.hidden = applyHidden(result, fields.unit);
      apply.textContent = applyLabel(result, lang);
    }
    updateQuote();
  }

  /** Runs phases through in this task and gives what they return. */
  const run = <T>(phases: Generator<void, T>): T => {
    for (;;) {
      const step = phases.next();
      if (step.done) return step.value;
    }
  };
  /** Runs phases a task each. */
  const runStepwise = async (phases: Generator<void>) => {
    while (!phases.next().done) await nextTask();
  };
  const compute = () => run(computing());
  const render = () => run(drawing());

  const shareUrl = () => `${location.origin}${location.pathname}?${toQuery(read())}`;
  const updateQuote = () => {
    const quote = $<HTMLAnchorElement>("[data-quote]");
    if (!quote || !last) return;
    const link = shareUrl();
    const query = new URLSearchParams({
      product: last.room.product.slug,
      message: quoteMessage(last, link, lang),
      calculation: link,
    });
    quote.href = `${contactPath}?${query}`;
  };
  const remember = () => {
    const next = `${location.pathname}?${toQuery(read())}`;
    if (`${location.pathname}${location.search}` !== next) history.replaceState(null, "", next);
    updateQuote();
  };
  const shared = (text: string) => {
    const status = $("[data-out=shared]");
    if (status) status.textContent = text;
  };

  // "Hear the room" (listen/): its code, the dry sound and the worker load on the first press.
  let listening: Promise<Listening> | undefined;
  let player: ReturnType<Listening["listener"]> | undefined;
  const listenCode = () => {
    listening ??= import("./listen/listen");
    return listening;
  };

  return {
    render,
    async listen(version: Version, audio: AudioContext) {
      if (!last) compute();
      if (!last) return;
      const code = await listenCode();
      player ??= code.listener(host, texts);
      await player.play(version, audio, last);
    },
    /** Builds the WAV for a link, then follows it (the download); a later press downloads at once. */
    async wav(link: HTMLAnchorElement) {
      if (!last) compute();
      if (!last) return;
      const version = link.dataset.listenWav === "after" ? "after" : "before";
      const { length, width, height } = last.room;
      const blob = await (await listenCode()).impulseWav(last, version);
      link.href = URL.createObjectURL(blob);
      link.download = `impulse-response-${version === "after" ? "with-panels" : "as-it-is"}-${length}x${width}x${height}m.wav`;
      link.click();
    },
    /** A change: the result and the address. */
    change() {
      render();
      remember();
    },
    /** The room of a shared address: written into the form (while `wanted`), then drawn a phase per task. */
    async restore(wanted: () => boolean = () => true) {
      await nextTask();
      // A visitor's edit made in the meantime is kept: the address's room is not written over it.
      if (!wanted()) return;
      write(fieldsFromQuery(location.search, data));
      await nextTask();
      await runStepwise(drawing());
    },
    apply() {
      if (!last) compute();
      const rec = last?.recommendation;
      if (!rec) return;
      write({ ...read(), amount: String(rec.panels), unit: "panels" });
      render();
      remember();
      field("amount").focus();
    },
    // The report's code (PDF writer, fonts) loads only when asked for.
    async report() {
      if (!last) compute();
      if (last) (await import("./report")).downloadReport(host, last, read(), shareUrl(), lang);
    },
    async share() {
      remember();
      try {
        await navigator.clipboard.writeText(shareUrl());
        shared(texts.copied);
      } catch {
        shared(fillText(texts.copyThis, { url: shareUrl() }));
      }
    },
  };
}

export type LiveCalculator = ReturnType<typeof liveCalculator>;
