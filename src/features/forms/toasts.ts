/**
 * The site's toasts, with no framework: one at a time, bottom right, with a close button; a new one
 * replaces the one showing. Each goes out through a live region that is on the page before it (a status
 * for success, an alert for errors), so screen readers announce it. It closes by itself after a while,
 * but not while the pointer is over it or focus is inside it (a person who is reading it keeps it).
 *
 * A `<toast-host>` element is where they appear (Toasts.astro on a page, Toasts.tsx in an island, both
 * rendering the regions with the classes below). Several may be on a page (a modal dialog makes the
 * page's copy inert, so the dialog holds its own): the one connected last shows the toast. React islands
 * and plain scripts call the same `showToast`.
 */
export type ToastTone = "success" | "error";

/** How long a toast stays when nobody holds it. */
export const TOAST_MS = 5000;

const TONES = {
  success: { icon: "M5 12.5l4.5 4.5L19 7.5", ring: "border-moss/30", mark: "bg-moss text-paper" },
  error: { icon: "M12 7v6m0 4h.01", ring: "border-red-800/30", mark: "bg-red-800 text-paper" },
} as const;

/** The host and its two live regions, as the server renders them. */
export const TOAST_CLASSES = {
  host: "pointer-events-none fixed right-0 bottom-0 z-50 flex w-full flex-col items-end p-4 sm:p-6",
  region: "flex w-full max-w-sm flex-col items-end",
} as const;

const hosts: ToastHost[] = [];
let current: { tone: ToastTone; title: string; description: string } | null = null;

/** Replaces whatever toast is showing with this one. */
export function showToast(tone: ToastTone, title: string, description: string): void {
  current = { tone, title, description };
  render();
}

function render() {
  const active = hosts.at(-1);
  for (const host of hosts) host.show(host === active ? current : null);
}

const icon = (path: string, size: number, width: number) =>
  `<svg viewBox="0 0 24 24" width="${size}" height="${size}" fill="none" stroke="currentColor" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="${path}"/></svg>`;

/** A toast's card: fixed markup, with the title and description set as text. */
function card(toast: NonNullable<typeof current>, close: () => void, closeLabel: string): HTMLElement {
  const tone = TONES[toast.tone];
  const root = document.createElement("div");
  root.className = `toast-in pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-2xl border ${tone.ring} bg-paper p-4 text-ink shadow-lg shadow-ink/10`;
  root.dataset.toast = toast.tone;
  root.innerHTML = `<span class="mt-0.5 grid size-6 shrink-0 place-items-center rounded-full ${tone.mark}" aria-hidden="true">${icon(tone.icon, 14, 2.5)}</span><div class="min-w-0 flex-1"><p class="text-sm font-semibold"></p><p class="mt-1 text-sm text-ink-soft"></p></div><button type="button" class="-m-1 grid size-8 shrink-0 place-items-center rounded-full text-ink-soft hover:bg-ink/5 hover:text-ink">${icon("M6 6l12 12M18 6L6 18", 16, 2)}</button>`;
  const [title, description] = root.querySelectorAll("p");
  if (title) title.textContent = toast.title;
  if (toast.description && description) description.textContent = toast.description;
  else description?.remove();
  const button = root.querySelector("button");
  button?.setAttribute("aria-label", closeLabel);
  button?.addEventListener("click", close);

  // It closes after TOAST_MS; pointer over it or focus inside it holds it, and letting go starts the
  // time again.
  let timer = 0;
  let held = 0;
  const start = () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(close, TOAST_MS);
  };
  const hold = () => {
    held += 1;
    window.clearTimeout(timer);
  };
  const release = () => {
    held = Math.max(0, held - 1);
    if (held === 0) start();
  };
  root.addEventListener("pointerenter", hold);
  root.addEventListener("pointerleave", release);
  root.addEventListener("focusin", hold);
  root.addEventListener("focusout", release);
  start();
  return root;
}

interface ToastHost extends HTMLElement {
  show(toast: typeof current): void;
}

/** The element's class, made in the browser only (a server render has no HTMLElement). */
function hostClass() {
  return class extends HTMLElement implements ToastHost {
    #status: HTMLElement | null = null;
    #alert: HTMLElement | null = null;
    #shown: typeof current = null;

    connectedCallback() {
      this.#status = this.querySelector<HTMLElement>(":scope > [role=status]");
      this.#alert = this.querySelector<HTMLElement>(":scope > [role=alert]");
      hosts.push(this);
      render();
    }

    disconnectedCallback() {
      hosts.splice(hosts.lastIndexOf(this), 1);
      this.show(null);
      render();
    }

    show(toast: typeof current) {
      if (toast === this.#shown) return;
      this.#shown = toast;
      this.#status?.replaceChildren();
      this.#alert?.replaceChildren();
      if (!toast) return;
      const close = () => {
        if (current === toast) {
          current = null;
          render();
        }
      };
      // The close button's name is the page's language's, as the host was rendered with it.
      const label = this.dataset.close ?? "Close toast";
      (toast.tone === "success" ? this.#status : this.#alert)?.append(card(toast, close, label));
    }
  };
}

if (typeof customElements !== "undefined" && !customElements.get("toast-host")) {
  customElements.define("toast-host", hostClass());
}
