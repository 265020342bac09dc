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
  validate,
} from "./model";
import { applyLabel, type ResultMarkup, renderResult, renderTarget } from "./view";

/**
 * `<room-calculator>`: makes the server-rendered calculator live. It reads the URL query into the
 * form, and on every input validates it and, when the room is valid, re-renders each `[data-result]`
 * slot with the markup the page was built with. It keeps the query in step (replaceState on change,
 * so a result can be shared and bookmarked) and points 'Request a quote' at the contact form with the
 * room described. The slots stay in place, so the summary's aria-live region is never replaced. Its
 * texts and number formats are the page's language's, given by the page (data-texts, data-intl).
 */
export class RoomCalculatorElement extends HTMLElement {
  #abort: AbortController | null = null;

  connectedCallback(): void {
    const form = this.querySelector<HTMLFormElement>("#room-form");
    if (!form || this.#abort) return;
    const abort = new AbortController();
    this.#abort = abort;
    const on = { signal: abort.signal };
    const data = JSON.parse(this.getAttribute("data-calculator") ?? "{}") as CalculatorData;
    const texts = JSON.parse(this.getAttribute("data-texts") ?? "{}") as CalculatorTexts;
    const lang = calculatorLanguage(texts, this.getAttribute("data-intl") ?? "en-GB");
    const contactPath = this.getAttribute("data-contact") ?? "/contact";
    const $ = <T extends Element = HTMLElement>(selector: string) => this.querySelector<T>(selector);
    let last: CalculatorResult | null = null;
    const parse = document.createElement("template");
    // Compared as parsed markup, so what has not changed (the page as built, on load) is left alone.
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

    const render = () => {
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
      const type = data.roomTypes.find((t) => t.id === fields.type);
      if (type) fill($("#room-type-target"), renderTarget(type, lang));
      const invalid = $("[data-out=invalid]");
      const summary = $('[data-result="summary"]');
      if (invalid) invalid.hidden = room !== null;
      if (summary) summary.hidden = room === null;
      this.toggleAttribute("data-invalid", room === null);
      if (!room) {
        last = null;
        return;
      }
      last = calculate(room);
      const markup = renderResult(last, lang);
      for (const slot of this.querySelectorAll<HTMLElement>("[data-result]")) {
        const html: string | undefined = markup[slot.dataset.result as keyof ResultMarkup];
        if (html !== undefined) fill(slot, html);
      }
      const apply = $<HTMLButtonElement>("[data-apply]");
      const rec = last.recommendation;
      if (apply) {
        apply.hidden = !rec || rec.panels === 0 || (fields.unit === "panels" && rec.panels === room.panels);
        apply.textContent = applyLabel(last, lang);
      }
      updateQuote();
    };

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

    form.addEventListener("input", render, on);
    form.addEventListener(
      "change",
      () => {
        render();
        remember();
      },
      on,
    );
    form.addEventListener("submit", (event) => event.preventDefault(), on);
    $("[data-apply]")?.addEventListener(
      "click",
      () => {
        const rec = last?.recommendation;
        if (!rec) return;
        write({ ...read(), amount: String(rec.panels), unit: "panels" });
        render();
        remember();
        field("amount").focus();
      },
      on,
    );
    // The report's code (PDF writer, fonts) loads only when asked for.
    $("[data-report]")?.addEventListener(
      "click",
      async () => {
        if (last) (await import("./report")).downloadReport(this, last, read(), shareUrl(), lang);
      },
      on,
    );
    $("[data-share]")?.addEventListener(
      "click",
      async () => {
        remember();
        try {
          await navigator.clipboard.writeText(shareUrl());
          shared(texts.copied);
        } catch {
          shared(fillText(texts.copyThis, { url: shareUrl() }));
        }
      },
      on,
    );

    if (location.search) write(fieldsFromQuery(location.search, data));
    render();
    this.setAttribute("data-ready", "");
  }

  disconnectedCallback(): void {
    this.#abort?.abort();
    this.#abort = null;
  }
}

if (!customElements.get("room-calculator")) customElements.define("room-calculator", RoomCalculatorElement);
