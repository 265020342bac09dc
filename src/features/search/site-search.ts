/**
 * The site search dialog, loaded when a visitor first opens search. It asks Pagefind's browser API
 * (the bundle the build writes to /pagefind/), which picks the index of the page's language from
 * <html lang>, and lists the best pages as the visitor types.
 *
 * - A modal <dialog>: the platform traps focus, closes on Escape and hands focus back to the button.
 * - The result count is announced in a status region once the results are shown.
 * - Arrow keys move from the field through the results; Enter follows a result as any link.
 * - Excerpts keep only their text and Pagefind's <mark> highlights: no markup from the index is used.
 */
import { fill } from "../../i18n/fill";
import { SEARCH_PATH } from "./search-path";
import { SEARCH_TEXTS, type SearchTexts } from "./texts";

interface ResultData {
  url: string;
  excerpt: string;
  meta: Record<string, string | undefined>;
}
interface Pagefind {
  options(options: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  debouncedSearch(
    query: string,
    options?: Record<string, unknown>,
    delayMs?: number,
  ): Promise<{ results: { data(): Promise<ResultData> }[] } | null>;
}

/** Results listed at once; the count announces them all. */
const SHOWN = 8;

let engine: Promise<Pagefind> | undefined;

function loadEngine(): Promise<Pagefind> {
  engine ??= (async () => {
    // A computed address, so the bundler leaves Pagefind's own file (written after the build) alone.
    const url = new URL(`${SEARCH_PATH}pagefind.js`, location.origin).href;
    const pagefind = (await import(/* @vite-ignore */ url)) as Pagefind;
    await pagefind.options({ excerptLength: 22 });
    await pagefind.init();
    return pagefind;
  })();
  engine.catch(() => {
    engine = undefined;
  });
  return engine;
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string) {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Pagefind's excerpt as text with its highlights, and nothing else from it. */
function excerpt(html: string) {
  const template = document.createElement("template");
  template.innerHTML = html;
  const out = element("span", "mt-1 block text-sm leading-relaxed text-ink-soft");
  for (const node of template.content.childNodes) {
    if (node.nodeName === "MARK")
      out.append(element("mark", "rounded-sm bg-moss-soft px-0.5 text-ink", node.textContent ?? ""));
    else out.append(node.textContent ?? "");
  }
  return out;
}

/** The page's search texts: those of its language, by <html lang> (the code Pagefind reads to pick the index). */
function pageTexts(): SearchTexts {
  const lang = document.documentElement.lang;
  return SEARCH_TEXTS[lang in SEARCH_TEXTS ? (lang as keyof typeof SEARCH_TEXTS) : "en"];
}

/** The search form: its (visually hidden) title and label, the search field and the close button. */
function searchForm(texts: SearchTexts) {
  const form = element("form", "flex items-center gap-2 border-b border-stone/70 p-3");
  form.setAttribute("role", "search");
  const title = element("h2", "sr-only", texts.title);
  title.id = "site-search-title";
  const label = element("label", "sr-only", texts.title);
  label.htmlFor = "site-search-input";
  const input = element(
    "input",
    "min-h-11 w-full flex-1 rounded-lg border border-ink/25 bg-paper px-3 text-base focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-moss",
  );
  Object.assign(input, {
    id: "site-search-input",
    type: "search",
    autocomplete: "off",
    placeholder: texts.placeholder,
  });
  input.setAttribute("aria-describedby", "site-search-status");
  input.setAttribute("aria-controls", "site-search-results");
  const close = element(
    "button",
    "min-h-11 shrink-0 rounded-full border border-ink/20 px-4 text-sm font-medium hover:border-moss hover:text-moss",
    texts.close,
  );
  close.type = "button";
  form.append(title, label, input, close);
  return { form, input, close };
}

/** The dialog with its search form, the status line that announces the count, and the results list. */
function dialogParts(texts: SearchTexts) {
  const box = element(
    "dialog",
    "m-0 mx-auto mt-4 max-h-[calc(100dvh-2rem)] w-[min(42rem,calc(100%-1.5rem))] overflow-hidden rounded-2xl border border-stone/80 bg-paper p-0 text-ink shadow-2xl shadow-ink/20 backdrop:bg-ink/40 sm:mt-[12vh] sm:max-h-[76vh]",
  );
  box.setAttribute("aria-labelledby", "site-search-title");
  const { form, input, close } = searchForm(texts);
  const status = element("p", "px-5 pt-3 text-sm text-ink-soft");
  status.id = "site-search-status";
  status.setAttribute("role", "status");
  const list = element("ul", "max-h-[60dvh] overflow-y-auto px-2 pt-1 pb-3 sm:max-h-[56vh]");
  list.id = "site-search-results";
  box.append(form, status, list);
  return { box, form, input, close, status, list };
}

type DialogParts = ReturnType<typeof dialogParts>;

/**
 * Wires the dialog's keys and clicks: the close button and a click on the backdrop close it, Enter
 * moves to the first result, the arrow keys move between the field and the results, and closing
 * hands focus back to the opener.
 */
function wireDialog({ box, form, input, close, list }: DialogParts, opener: HTMLElement) {
  close.addEventListener("click", () => box.close());
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    list.querySelector("a")?.focus();
  });
  box.addEventListener("click", (event) => event.target === box && box.close());
  box.addEventListener("close", () => opener.focus());
  box.addEventListener("keydown", (event) => {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    const links = [...list.querySelectorAll("a")];
    const at = links.indexOf(document.activeElement as HTMLAnchorElement);
    const next = event.key === "ArrowDown" ? at + 1 : at - 1;
    event.preventDefault();
    if (next < 0) input.focus();
    else links[Math.min(next, links.length - 1)]?.focus();
  });
}

/** A result's list item: a link to the page with its title, its NRC and fire class when it has them, and the excerpt. */
function resultItem(page: ResultData) {
  const item = element("li", "");
  const link = element(
    "a",
    "block rounded-xl px-3 py-3 hover:bg-sand focus-visible:bg-sand focus-visible:outline-2 focus-visible:outline-moss",
  );
  link.href = page.url;
  const heading = element("span", "block font-display text-lg text-ink", page.meta.title ?? page.url);
  link.append(heading);
  const facts = [page.meta.nrc && `NRC ${page.meta.nrc}`, page.meta.fire].filter(Boolean).join(" · ");
  if (facts) link.append(element("span", "mt-0.5 block text-xs font-semibold text-moss", facts));
  link.append(excerpt(page.excerpt));
  item.append(link);
  return item;
}

/** The status line's words for a number of results. */
const countText = (texts: SearchTexts, count: number, query: string) =>
  count === 0 ? fill(texts.none, { query }) : count === 1 ? texts.one : fill(texts.other, { count });

/**
 * Searches as the visitor types: lists the best pages for the field's query and announces their
 * count. A search that a newer query overtook shows nothing.
 */
function searchAsTyped({ input, status, list }: DialogParts, texts: SearchTexts) {
  let latest = "";
  const run = async () => {
    const query = input.value.trim();
    latest = query;
    if (!query) {
      list.replaceChildren();
      status.textContent = "";
      return;
    }
    let pagefind: Pagefind;
    try {
      pagefind = await loadEngine();
    } catch {
      status.textContent = texts.failed;
      return;
    }
    const search = await pagefind.debouncedSearch(query, {}, 180);
    if (!search || query !== latest) return;
    const found = await Promise.all(search.results.slice(0, SHOWN).map((result) => result.data()));
    if (query !== latest) return;
    list.replaceChildren(...found.map(resultItem));
    status.textContent = countText(texts, search.results.length, query);
  };
  input.addEventListener("input", () => void run());
}

/** Builds the dialog in the page's language and wires it; it hands focus back to `opener` when closed. */
function build(opener: HTMLElement) {
  const texts = pageTexts();
  const parts = dialogParts(texts);
  wireDialog(parts, opener);
  searchAsTyped(parts, texts);
  const { box, input, status } = parts;
  return { box, input, status, texts };
}

let parts: ReturnType<typeof build> | undefined;

/** Opens the dialog (built on first use) with the field focused, and starts loading the index. */
export function openSearch(opener: HTMLElement) {
  if (!parts) {
    parts = build(opener);
    document.body.append(parts.box);
  }
  if (parts.box.open) return;
  parts.box.showModal();
  parts.input.focus();
  parts.input.select();
  const { status, texts } = parts;
  if (!engine) status.textContent = texts.loading;
  loadEngine().then(
    () => {
      if (status.textContent === texts.loading) status.textContent = "";
    },
    () => {
      status.textContent = texts.failed;
    },
  );
}
