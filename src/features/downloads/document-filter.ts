/**
 * `<document-filter>`: the library's filters by product and type. Without this script the page is
 * its plain lists, by product and by type; with it the form appears, and choosing hides the rows
 * (and whole products) that do not match and says how many are shown.
 */
class DocumentFilter extends HTMLElement {
  connectedCallback() {
    const form = this.querySelector<HTMLFormElement>("form[data-document-filters]");
    if (!form) return;
    form.hidden = false;
    form.addEventListener("change", () => this.apply(form));
    form.addEventListener("submit", (event) => event.preventDefault());
  }

  private apply(form: HTMLFormElement) {
    const data = new FormData(form);
    const product = String(data.get("product") ?? "");
    const type = String(data.get("type") ?? "");
    const rows = [...this.querySelectorAll<HTMLElement>("tr[data-product]")];
    let shown = 0;
    for (const row of rows) {
      row.hidden = (product !== "" && row.dataset.product !== product) || (type !== "" && row.dataset.type !== type);
      if (!row.hidden) shown += 1;
    }
    for (const section of this.querySelectorAll<HTMLElement>("[data-product-section]")) {
      section.hidden = !section.querySelector("tr[data-product]:not([hidden])");
    }
    const status = form.querySelector<HTMLElement>("[data-document-status]");
    if (status) {
      status.textContent = (status.dataset.template ?? "")
        .replace("{shown}", String(shown))
        .replace("{total}", String(rows.length));
    }
  }
}

customElements.define("document-filter", DocumentFilter);
