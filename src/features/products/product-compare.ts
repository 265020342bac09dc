import { fill } from "../../i18n/fill";

/**
 * `<product-compare>`: sorts and filters the comparison table in place. The table is complete HTML
 * without this script; the filter controls (their count already written for the whole table) stay
 * hidden until it runs. On load it only watches for the table to come near the screen: the headers
 * become buttons and the controls are shown and wired then (a page opened on its first screen does no
 * table work at all), or at once when the address asks for a view or points into the table. The table
 * changes only when the address asks for a view.
 *
 * - A column header becomes a button: the first press sorts ascending, the next descending, and the
 *   header's aria-sort says which. A cell's `data-sort` (a number) is its sort value, else its text.
 * - Rows carry their filter values: `data-nrc`, `data-fire` (rank, lower is better) and `data-colours`.
 * - The state is the page's query (`sort`, `order`, `fire`, `nrc`, `colour`), so a view can be shared;
 *   values the page does not offer are ignored.
 */
/** A header's button, set as its header is (case and spacing inherited, as a button does not). */
const SORT_BUTTON =
  "-mx-1 inline-block min-h-6 rounded px-1 text-left [text-transform:inherit] hover:text-moss focus-visible:outline-2 focus-visible:outline-moss";
/**
 * Its arrow, for sighted readers (aria-sort tells the rest): ↕ while the column is not the sort. A
 * no-break space ties it to the header's last word, so it never wraps onto a line of its own.
 */
const ARROW = "text-ink-soft";
const ARROWS = { none: "\u00a0↕", ascending: "\u00a0↑", descending: "\u00a0↓" } as const;

const PARAMS = ["fire", "nrc", "colour"] as const;

export class ProductCompare extends HTMLElement {
  #abort: AbortController | null = null;
  #sort: { index: number; descending: boolean } | null = null;

  get #form() {
    return this.querySelector<HTMLFormElement>("form[data-compare-filters]");
  }
  get #rows() {
    return [...this.querySelectorAll<HTMLTableRowElement>("tbody tr[data-product]")];
  }
  get #headers() {
    return [...this.querySelectorAll<HTMLTableCellElement>("thead th")];
  }

  #watch: IntersectionObserver | null = null;

  connectedCallback() {
    this.#abort = new AbortController();
    const query = new URLSearchParams(location.search);
    const asked = query.has("sort") || PARAMS.some((name) => query.get(name));
    const target =
      location.hash.length > 1 ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (asked || (target && this.contains(target))) {
      this.#enhance(query);
      return;
    }
    // A screen ahead of the table, so the controls appear (and the table below them moves) off screen.
    this.#watch = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) this.#enhance(new URLSearchParams(location.search));
      },
      { rootMargin: "100% 0px" },
    );
    this.#watch.observe(this);
  }

  #enhance(query: URLSearchParams) {
    const signal = this.#abort?.signal;
    const form = this.#form;
    if (!form || !signal || signal.aborted) return;
    // Reached from below (a jump to the page's end), the table is above the screen: what the controls
    // add above what is on screen is scrolled past, so nothing on screen moves and the end stays the end.
    const { top, bottom } = this.getBoundingClientRect();
    // Built once: the watch ends with it.
    this.#watch?.disconnect();
    this.#watch = null;
    this.#rows.forEach((row, i) => {
      row.dataset.order = String(i);
    });
    for (const th of this.#headers) {
      if (th.dataset.sortKey === undefined) continue;
      const button = document.createElement("button");
      button.type = "button";
      button.className = SORT_BUTTON;
      button.append(...th.childNodes);
      const arrow = document.createElement("span");
      arrow.className = ARROW;
      arrow.setAttribute("aria-hidden", "true");
      arrow.dataset.arrow = "";
      arrow.textContent = ARROWS.none;
      button.append(arrow);
      th.append(button);
      button.addEventListener("click", () => this.#sortBy(th.cellIndex), { signal });
    }
    for (const name of PARAMS) {
      const select = form.elements.namedItem(name);
      const wanted = query.get(name);
      if (select instanceof HTMLSelectElement && wanted && [...select.options].some((o) => o.value === wanted)) {
        select.value = wanted;
      }
    }
    const key = query.get("sort");
    const index = this.#headers.findIndex((th) => th.dataset.sortKey === key);
    if (index >= 0) this.#sort = { index, descending: query.get("order") === "desc" };
    const view = this.#sort !== null || PARAMS.some((name) => query.get(name));
    form.addEventListener("change", () => this.#apply(true), { signal });
    form.addEventListener("submit", (event) => event.preventDefault(), { signal });
    // Clearing means no filter, whichever view the page was opened with.
    form.addEventListener(
      "reset",
      (event) => {
        event.preventDefault();
        for (const select of form.querySelectorAll("select")) select.value = "";
        this.#apply(true);
      },
      { signal },
    );
    form.hidden = false;
    if (view) this.#apply(false);
    if (top < 0) window.scrollBy({ top: this.getBoundingClientRect().bottom - bottom, behavior: "instant" });
  }

  disconnectedCallback() {
    this.#watch?.disconnect();
    this.#watch = null;
    this.#abort?.abort();
  }

  #sortBy(index: number) {
    this.#sort = { index, descending: this.#sort?.index === index && !this.#sort.descending };
    this.#apply(true);
  }

  #apply(remember: boolean) {
    const form = this.#form;
    if (!form) return;
    const value = (name: (typeof PARAMS)[number]) => {
      const select = form.elements.namedItem(name);
      return select instanceof HTMLSelectElement ? select.value : "";
    };
    const [fire, nrc, colour] = PARAMS.map(value) as [string, string, string];
    const rows = this.#rows;
    let shown = 0;
    for (const row of rows) {
      const d = row.dataset;
      const visible =
        (!fire || Number(d.fire) <= Number(fire)) &&
        (!nrc || Number(d.nrc) >= Number(nrc)) &&
        (!colour || (d.colours ?? "").split(" ").includes(colour));
      row.hidden = !visible;
      if (visible) shown++;
    }

    const sort = this.#sort;
    this.#headers.forEach((th, i) => {
      if (th.dataset.sortKey === undefined) return;
      const order = sort?.index === i ? (sort.descending ? "descending" : "ascending") : "none";
      if (order === "none") th.removeAttribute("aria-sort");
      else th.setAttribute("aria-sort", order);
      const arrow = th.querySelector<HTMLElement>("[data-arrow]");
      if (arrow) arrow.textContent = ARROWS[order];
    });
    const sortValue = (row: HTMLTableRowElement) => {
      const cell = sort ? row.cells[sort.index] : undefined;
      return cell?.dataset.sort ?? cell?.textContent?.trim() ?? "";
    };
    const ordered = [...rows].sort((a, b) => {
      if (sort) {
        const [x, y] = [sortValue(a), sortValue(b)];
        const numeric = x !== "" && y !== "" && !Number.isNaN(Number(x)) && !Number.isNaN(Number(y));
        const by = numeric ? Number(x) - Number(y) : x.localeCompare(y, document.documentElement.lang);
        if (by !== 0) return sort.descending ? -by : by;
      }
      return Number(a.dataset.order) - Number(b.dataset.order);
    });
    // Rows move only when their order changes (not on load without a sort).
    if (ordered.some((row, i) => row !== rows[i])) rows[0]?.parentElement?.append(...ordered);

    const status = this.querySelector<HTMLElement>("[data-compare-status]");
    const empty = this.querySelector<HTMLElement>("[data-compare-empty]");
    if (status) {
      status.textContent = fill(status.dataset.template ?? "", { shown, total: rows.length });
    }
    if (empty) empty.hidden = shown > 0;

    if (!remember) return;
    const url = new URL(location.href);
    for (const name of PARAMS) {
      const chosen = value(name);
      if (chosen) url.searchParams.set(name, chosen);
      else url.searchParams.delete(name);
    }
    const key = sort ? this.#headers[sort.index]?.dataset.sortKey : undefined;
    if (key) {
      url.searchParams.set("sort", key);
      url.searchParams.set("order", sort?.descending ? "desc" : "asc");
    } else {
      url.searchParams.delete("sort");
      url.searchParams.delete("order");
    }
    history.replaceState(history.state, "", url);
  }
}

if (!customElements.get("product-compare")) customElements.define("product-compare", ProductCompare);
