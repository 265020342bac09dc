import {
  type CalculatorData,
  type CalculatorResult,
  calculate,
  chartGeometry,
  chartMarkup,
  FIELD_NAMES,
  type Fields,
  fieldsFromQuery,
  quoteMessage,
  recommendationText,
  seconds,
  statusText,
  toQuery,
  validate,
} from "./model";

/**
 * Makes the server-rendered calculator live: reads the URL query into the form, recomputes on every
 * input, keeps the query in step (replaceState on change, so a result can be shared and bookmarked)
 * and points 'Request a quote' at the contact form with the room described.
 */
export function mountRoomCalculator(root: ParentNode = document): void {
  const host = root.querySelector<HTMLElement>("room-calculator");
  const form = host?.querySelector<HTMLFormElement>("#room-form");
  if (!host || !form) return;
  const data = JSON.parse(host.getAttribute("data-calculator") ?? "{}") as CalculatorData;
  const $ = <T extends Element = HTMLElement>(selector: string) => host.querySelector<T>(selector);
  const out = (name: string, text: string) => {
    const el = $(`[data-out="${name}"]`);
    if (el) el.textContent = text;
  };
  let last: CalculatorResult | null = null;

  const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement;
  const read = (): Fields =>
    Object.fromEntries(FIELD_NAMES.map((name) => [name, field(name).value])) as unknown as Fields;
  const write = (fields: Fields) => {
    for (const name of FIELD_NAMES) field(name).value = fields[name];
  };

  const render = () => {
    const { room, errors } = validate(read(), data);
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
    const type = data.roomTypes.find((t) => t.id === read().type);
    if (type) {
      out("target", `${type.min}–${type.max} s`);
      out("target-source", type.source);
    }
    const invalid = $("[data-out=invalid]");
    const results = $("[data-results]");
    if (invalid) invalid.hidden = room !== null;
    if (results) results.hidden = room === null;
    host.toggleAttribute("data-invalid", room === null);
    if (!room) {
      last = null;
      return;
    }
    const result = calculate(room);
    last = result;
    out("volume", result.volume.toFixed(1));
    out("wall-area", result.wallArea.toFixed(1));
    out("mid-before", seconds(result.midBefore));
    out("mid-after", seconds(result.midAfter));
    out("status", statusText(result.statusAfter, room.type));
    out("recommendation", recommendationText(result));
    out("alpha-before", (result.before[2]?.meanAlpha ?? 0).toFixed(2));
    out("alpha-after", (result.after[2]?.meanAlpha ?? 0).toFixed(2));
    for (const [when, rows] of [
      ["before", result.before],
      ["after", result.after],
    ] as const) {
      rows.forEach((row, i) => {
        for (const method of ["sabine", "eyring"] as const) {
          const cell = $(`[data-cell="${when}-${method}-${i}"]`);
          if (!cell) continue;
          cell.textContent = seconds(row[method]);
          cell.toggleAttribute("data-used", row.predicted === row[method]);
        }
      });
    }
    const chart = $("[data-chart]");
    if (chart) chart.innerHTML = chartMarkup(chartGeometry(result));
    const apply = $<HTMLButtonElement>("[data-apply]");
    const rec = result.recommendation;
    if (apply) {
      const current = read();
      apply.hidden = !rec || rec.panels === 0 || (current.unit === "panels" && rec.panels === room.panels);
      apply.textContent = rec ? `Use ${rec.panels} panels` : "";
    }
    updateQuote();
  };

  const shareUrl = () => `${location.origin}${location.pathname}?${toQuery(read())}`;
  const updateQuote = () => {
    const quote = $<HTMLAnchorElement>("[data-quote]");
    if (!quote || !last) return;
    const query = new URLSearchParams({ product: last.room.product.slug, message: quoteMessage(last, shareUrl()) });
    quote.href = `/contact?${query}`;
  };
  const remember = () => {
    const next = `${location.pathname}?${toQuery(read())}`;
    if (`${location.pathname}${location.search}` !== next) history.replaceState(null, "", next);
    updateQuote();
  };

  form.addEventListener("input", render);
  form.addEventListener("change", () => {
    render();
    remember();
  });
  form.addEventListener("submit", (event) => event.preventDefault());
  $("[data-apply]")?.addEventListener("click", () => {
    const rec = last?.recommendation;
    if (!rec) return;
    write({ ...read(), amount: String(rec.panels), unit: "panels" });
    render();
    remember();
    field("amount").focus();
  });
  $("[data-share]")?.addEventListener("click", async () => {
    remember();
    try {
      await navigator.clipboard.writeText(shareUrl());
      out("shared", "Link copied. It opens this room with these figures.");
    } catch {
      out("shared", `Copy this link: ${shareUrl()}`);
    }
  });

  if (location.search) write(fieldsFromQuery(location.search, data));
  render();
  host.setAttribute("data-ready", "");
}
