import { fill as fillText } from "../../i18n/fill";
import { type CalculatorLanguage, type CalculatorTexts, calculatorLanguage } from "./format";
import {
  type CalculatorData,
  type CalculatorResult,
  calculate,
  FIELD_NAMES,
  type FieldErrors,
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

/** The calculator's element, what it was given by the page, and the result last computed (null while the room is invalid). */
interface Live {
  host: HTMLElement;
  form: HTMLFormElement;
  data: CalculatorData;
  texts: CalculatorTexts;
  lang: CalculatorLanguage;
  contactPath: string;
  /** Parses markup for `fill`'s comparison. */
  parse: HTMLTemplateElement;
  last: CalculatorResult | null;
}

/** Reads what the page gives the element: its form, data, texts, decimal separator and contact page. */
function readLive(host: HTMLElement): Live {
  const form = host.querySelector("#room-form") as HTMLFormElement;
  const data = JSON.parse(host.getAttribute("data-calculator") ?? "{}") as CalculatorData;
  const texts = JSON.parse(host.getAttribute("data-texts") ?? "{}") as CalculatorTexts;
  const lang = calculatorLanguage(texts, host.getAttribute("data-decimal") ?? ".");
  const contactPath = host.getAttribute("data-contact") ?? "/contact";
  return { host, form, data, texts, lang, contactPath, parse: document.createElement("template"), last: null };
}

/** The first element of the calculator that matches a selector. */
const find = <T extends Element = HTMLElement>(live: Live, selector: string) => live.host.querySelector<T>(selector);

/** Sets an element's markup. Compared as parsed markup, so what has not changed is left alone. */
function fill(live: Live, element: Element | null, html: string) {
  live.parse.innerHTML = html;
  if (element && element.innerHTML !== live.parse.innerHTML) element.innerHTML = html;
}

/** A control of the form, by its name. */
const field = (live: Live, name: string) => live.form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement;

/** The form's fields, as typed. */
const read = (live: Live): Fields =>
  Object.fromEntries(FIELD_NAMES.map((name) => [name, field(live, name).value])) as unknown as Fields;

/** Writes fields into the form. */
function write(live: Live, fields: Fields) {
  for (const name of FIELD_NAMES) field(live, name).value = fields[name];
}

/** Shows each measure's error, or none, and ties its input to its hint and error (aria-invalid, aria-describedby). */
function showErrors(live: Live, errors: FieldErrors) {
  for (const name of ["length", "width", "height", "amount"] as const) {
    const input = field(live, name);
    const error = find(live, `[data-error="${name}"]`);
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
}

/** Shows the room type's target and, by whether the room is valid, the summary or the note that it is not. */
function showValidity(live: Live, fields: Fields, room: ValidRoom | null) {
  const type = live.data.roomTypes.find((t) => t.id === fields.type);
  if (type) fill(live, find(live, "#room-type-target"), renderTarget(type, live.lang));
  const invalid = find(live, "[data-out=invalid]");
  const summary = find(live, '[data-result="summary"]');
  if (invalid) invalid.hidden = room !== null;
  if (summary) summary.hidden = room === null;
  live.host.toggleAttribute("data-invalid", room === null);
}

/** Takes back the WAV links' downloads: a WAV made for the room before is not this room's. */
function forgetWavs(host: HTMLElement) {
  for (const link of host.querySelectorAll<HTMLAnchorElement>("[data-listen-wav][download]")) {
    URL.revokeObjectURL(link.href);
    link.href = "#";
    link.removeAttribute("download");
  }
}

/**
 * Validates and computes, in phases: each `yield` is a point where the shared room's pass
 * (`restore`) hands the main thread back, so that no phase of it is a long task on a slow phone.
 * An input runs it through at once (`run`). The result is kept as `live.last`.
 */
function* computing(live: Live): Generator<void, { fields: Fields; room: ValidRoom | null }> {
  const fields = read(live);
  const { room, errors } = validate(fields, live.data, live.lang);
  showErrors(live, errors);
  yield;
  showValidity(live, fields, room);
  forgetWavs(live.host);
  yield;
  live.last = room ? calculate(room) : null;
  return { fields, room };
}

/** Computes (above), then draws a valid room's result and points 'Apply' and 'Request a quote' at it, in phases. */
function* drawing(live: Live): Generator<void> {
  const { fields } = yield* computing(live);
  if (!live.last) return;
  const result = live.last;
  yield;
  yield* drawingSlots(live, result);
  yield;
  showApply(live, result, fields.unit);
  updateQuote(live);
}

/** Re-renders each `[data-result]` slot with its part of the result's markup, a phase per slot. */
function* drawingSlots(live: Live, result: CalculatorResult): Generator<void> {
  const markup = renderResult(result, live.lang);
  for (const slot of live.host.querySelectorAll<HTMLElement>("[data-result]")) {
    const html: string | undefined = markup[slot.dataset.result as keyof ResultMarkup];
    yield;
    if (html !== undefined) fill(live, slot, html);
  }
}

/** Shows or hides the 'Apply' button for the result, with its label. */
function showApply(live: Live, result: CalculatorResult, unit: Fields["unit"]) {
  const apply = find<HTMLButtonElement>(live, "[data-apply]");
  if (apply) {
    apply.hidden = applyHidden(result, unit);
    apply.textContent = applyLabel(result, live.lang);
  }
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
/** Validates and computes in this task. */
const compute = (live: Live) => run(computing(live));
/** Validates, computes and draws in this task. */
const render = (live: Live) => run(drawing(live));

/** The address of this page with the form's room in its query. */
const shareUrl = (live: Live) => `${location.origin}${location.pathname}?${toQuery(read(live))}`;

/** Points 'Request a quote' at the contact form, with the product, the room described and its address. */
function updateQuote(live: Live) {
  const quote = find<HTMLAnchorElement>(live, "[data-quote]");
  if (!quote || !live.last) return;
  const link = shareUrl(live);
  const query = new URLSearchParams({
    product: live.last.room.product.slug,
    message: quoteMessage(live.last, link, live.lang),
    calculation: link,
  });
  quote.href = `${live.contactPath}?${query}`;
}

/** Keeps the address's query in step with the form (replaceState), and the quote link with it. */
function remember(live: Live) {
  const next = `${location.pathname}?${toQuery(read(live))}`;
  if (`${location.pathname}${location.search}` !== next) history.replaceState(null, "", next);
  updateQuote(live);
}

/** Says how sharing went, in the share status line. */
function shared(live: Live, text: string) {
  const status = find(live, "[data-out=shared]");
  if (status) status.textContent = text;
}

/** "Hear the room" (listen/): its code, the dry sound and the worker load on the first press. */
function listening(live: Live) {
  let code: Promise<Listening> | undefined;
  let player: ReturnType<Listening["listener"]> | undefined;
  return {
    code() {
      code ??= import("./listen/listen");
      return code;
    },
    player(loaded: Listening) {
      player ??= loaded.listener(live.host, live.texts);
      return player;
    },
  };
}

/**
 * The calculator's live half, loaded on first use (see room-calculator.ts): on every input it
 * validates the form and, when the room is valid, re-renders each `[data-result]` slot with the
 * markup the page was built with. It keeps the query in step (replaceState on change, so a result can
 * be shared and bookmarked) and points 'Request a quote' at the contact form with the room described.
 * The slots stay in place, so the summary's aria-live region is never replaced. Its texts and number
 * formats are the page's language's, given by the page (data-texts, data-decimal).
 */
export function liveCalculator(host: HTMLElement) {
  const live = readLive(host);
  const sound = listening(live);
  return {
    render: () => render(live),
    async listen(version: Version, audio: AudioContext) {
      if (!live.last) compute(live);
      if (!live.last) return;
      const code = await sound.code();
      await sound.player(code).play(version, audio, live.last);
    },
    /** Builds the WAV for a link, then follows it (the download); a later press downloads at once. */
    async wav(link: HTMLAnchorElement) {
      if (!live.last) compute(live);
      if (!live.last) return;
      const version = link.dataset.listenWav === "after" ? "after" : "before";
      const { length, width, height } = live.last.room;
      const blob = await (await sound.code()).impulseWav(live.last, version);
      link.href = URL.createObjectURL(blob);
      link.download = `impulse-response-${version === "after" ? "with-panels" : "as-it-is"}-${length}x${width}x${height}m.wav`;
      link.click();
    },
    /** A change: the result and the address. */
    change() {
      render(live);
      remember(live);
    },
    /** The room of a shared address: written into the form (while `wanted`), then drawn a phase per task. */
    async restore(wanted: () => boolean = () => true) {
      await nextTask();
      // A visitor's edit made in the meantime is kept: the address's room is not written over it.
      if (!wanted()) return;
      write(live, fieldsFromQuery(location.search, live.data));
      await nextTask();
      await runStepwise(drawing(live));
    },
    apply() {
      if (!live.last) compute(live);
      const rec = live.last?.recommendation;
      if (!rec) return;
      write(live, { ...read(live), amount: String(rec.panels), unit: "panels" });
      render(live);
      remember(live);
      field(live, "amount").focus();
    },
    // The report's code (PDF writer, fonts) loads only when asked for.
    async report() {
      if (!live.last) compute(live);
      if (live.last) (await import("./report")).downloadReport(host, live.last, read(live), shareUrl(live), live.lang);
    },
    async share() {
      remember(live);
      try {
        await navigator.clipboard.writeText(shareUrl(live));
        shared(live, live.texts.copied);
      } catch {
        shared(live, fillText(live.texts.copyThis, { url: shareUrl(live) }));
      }
    },
  };
}

export type LiveCalculator = ReturnType<typeof liveCalculator>;
