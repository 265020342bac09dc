/**
 * `<gallery-lightbox>`: opens the gallery's image links in a full-screen modal `<dialog>`. The grid is
 * plain HTML, each image a link to its large file (what a click opens before this script runs or
 * without it). The dialog is the platform's: it traps focus, closes on Escape and hands focus back.
 * This adds the slide: previous and next (buttons, arrow keys, swipes), wrapping at both ends, and the
 * 'n / total' counter. Page scrolling is locked by CSS while the dialog is open.
 */
const SWIPE_PX = 40;

export class GalleryLightbox extends HTMLElement {
  #links: HTMLAnchorElement[] = [];
  #index = 0;
  #opener: HTMLElement | null = null;
  #abort: AbortController | null = null;

  get #dialog() {
    return this.querySelector("dialog") as HTMLDialogElement;
  }

  connectedCallback() {
    this.#abort = new AbortController();
    const { signal } = this.#abort;
    const dialog = this.#dialog;
    document.addEventListener("click", (event) => this.#onLinkClick(event), { signal });
    this.querySelector("[data-lightbox-prev]")?.addEventListener("click", () => this.#step(-1), { signal });
    this.querySelector("[data-lightbox-next]")?.addEventListener("click", () => this.#step(1), { signal });
    dialog.addEventListener(
      "keydown",
      (event) => {
        if (event.key === "ArrowLeft") this.#step(-1);
        else if (event.key === "ArrowRight") this.#step(1);
        else return;
        event.preventDefault();
      },
      { signal },
    );
    // A click on the backdrop (the dialog box itself, outside its content) closes it.
    dialog.addEventListener("click", (event) => event.target === dialog && dialog.close(), { signal });
    dialog.addEventListener("close", () => this.#opener?.focus(), { signal });
    let startX: number | null = null;
    dialog.addEventListener("pointerdown", (event) => (startX = event.isPrimary ? event.clientX : null), { signal });
    dialog.addEventListener(
      "pointerup",
      (event) => {
        if (startX === null || !event.isPrimary) return;
        const dx = event.clientX - startX;
        startX = null;
        if (Math.abs(dx) >= SWIPE_PX && event.pointerType !== "mouse") this.#step(dx < 0 ? 1 : -1);
      },
      { signal },
    );
    document.documentElement.dataset.galleryReady = "";
  }

  disconnectedCallback() {
    this.#abort?.abort();
  }

  #onLinkClick(event: MouseEvent) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    const link =
      event.target instanceof Element ? event.target.closest<HTMLAnchorElement>("a[data-gallery-section]") : null;
    if (!link) return;
    const section = link.dataset.gallerySection ?? "";
    this.#links = [...document.querySelectorAll<HTMLAnchorElement>("a[data-gallery-section]")].filter(
      (a) => a.dataset.gallerySection === section,
    );
    const index = this.#links.indexOf(link);
    if (index < 0) return;
    event.preventDefault();
    this.#opener = link;
    this.#show(index);
    if (!this.#dialog.open) this.#dialog.showModal();
  }

  /** The lightbox's image, made on first use (an img without a source is not valid HTML). */
  #image(): HTMLImageElement | null {
    const frame = this.querySelector("[data-lightbox-frame]");
    if (!frame) return null;
    let image = frame.querySelector("img");
    if (!image) {
      image = document.createElement("img");
      image.decoding = "async";
      image.sizes = "100vw";
      image.className = "absolute inset-0 size-full object-contain select-none";
      frame.append(image);
    }
    return image;
  }

  #step(by: number) {
    const count = this.#links.length;
    if (count > 0) this.#show((this.#index + by + count) % count);
  }

  #show(index: number) {
    const link = this.#links[index];
    if (!link) return;
    this.#index = index;
    const image = this.#image();
    const thumb = link.querySelector("img");
    if (image) {
      image.src = link.getAttribute("href") ?? link.href;
      image.srcset = link.dataset.srcset ?? "";
      image.width = Number(link.dataset.width) || 0;
      image.height = Number(link.dataset.height) || 0;
      image.alt = thumb?.alt ?? "";
    }
    const counter = this.querySelector("[data-lightbox-counter]");
    if (counter) counter.textContent = `${index + 1} / ${this.#links.length}`;
  }
}

if (!customElements.get("gallery-lightbox")) customElements.define("gallery-lightbox", GalleryLightbox);
