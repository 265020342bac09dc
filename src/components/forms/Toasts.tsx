import { useEffect, useId, useRef, useSyncExternalStore } from "react";

/**
 * The islands' toasts: one at a time, bottom right, with a close button; a new one replaces the one
 * showing. Each goes out through a live region that is always on the page (a status for success, an
 * alert for errors), so screen readers announce it. It closes by itself after a while, but not while
 * the pointer is over it or focus is inside it (a person who is reading it keeps it).
 *
 * Several `<Toasts />` may be mounted (a modal dialog makes the page's copy inert, so the dialog has its
 * own): the one mounted last shows the toast.
 */
export type ToastTone = "success" | "error";
interface Toast {
  id: number;
  tone: ToastTone;
  title: string;
  description: string;
}

/** How long a toast stays when nobody holds it. */
export const TOAST_MS = 5000;

let current = null as Toast | null;
let nextId = 0;
const hosts: string[] = [];
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
let snapshot: { current: Toast | null; host: string | undefined } = { current, host: hosts.at(-1) };
const getSnapshot = () => {
  if (snapshot.current !== current || snapshot.host !== hosts.at(-1)) snapshot = { current, host: hosts.at(-1) };
  return snapshot;
};
const serverSnapshot: typeof snapshot = { current: null, host: undefined };

/** Replaces whatever toast is showing with this one. */
export function showToast(tone: ToastTone, title: string, description: string): void {
  nextId += 1;
  current = { id: nextId, tone, title, description };
  notify();
}

function dismiss(id: number) {
  if (current?.id !== id) return;
  current = null;
  notify();
}

const TONES = {
  success: { icon: "M5 12.5l4.5 4.5L19 7.5", ring: "border-moss/30", mark: "bg-moss text-paper" },
  error: { icon: "M12 7v6m0 4h.01", ring: "border-red-800/30", mark: "bg-red-800 text-paper" },
} as const;

function ToastCard({ toast }: { toast: Toast }) {
  const card = useRef<HTMLDivElement>(null);
  // It closes after TOAST_MS; pointer over it or focus inside it holds it, and letting go starts the
  // time again.
  useEffect(() => {
    let timer = 0;
    let held = 0;
    const start = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => dismiss(toast.id), TOAST_MS);
    };
    const hold = () => {
      held += 1;
      window.clearTimeout(timer);
    };
    const release = () => {
      held = Math.max(0, held - 1);
      if (held === 0) start();
    };
    const events = [
      ["pointerenter", hold],
      ["pointerleave", release],
      ["focusin", hold],
      ["focusout", release],
    ] as const;
    const element = card.current;
    for (const [name, listener] of events) element?.addEventListener(name, listener);
    start();
    return () => {
      window.clearTimeout(timer);
      for (const [name, listener] of events) element?.removeEventListener(name, listener);
    };
  }, [toast.id]);
  const tone = TONES[toast.tone];
  return (
    <div
      ref={card}
      data-toast={toast.tone}
      className={`toast-in pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-2xl border ${tone.ring} bg-paper p-4 text-ink shadow-lg shadow-ink/10`}
    >
      <span className={`mt-0.5 grid size-6 shrink-0 place-items-center rounded-full ${tone.mark}`} aria-hidden="true">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          width="14"
          height="14"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d={tone.icon} />
        </svg>
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold">{toast.title}</p>
        {toast.description && <p className="mt-1 text-sm text-ink-soft">{toast.description}</p>}
      </div>
      <button
        type="button"
        onClick={() => dismiss(toast.id)}
        aria-label="Close toast"
        className="-m-1 grid size-8 shrink-0 place-items-center rounded-full text-ink-soft hover:bg-ink/5 hover:text-ink"
      >
        <svg
          viewBox="0 0 24 24"
          width="16"
          height="16"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          aria-hidden="true"
        >
          <path d="M6 6l12 12M18 6L6 18" />
        </svg>
      </button>
    </div>
  );
}

/** Where an island's toasts appear. */
export function Toasts() {
  const id = useId();
  useEffect(() => {
    hosts.push(id);
    notify();
    return () => {
      hosts.splice(hosts.lastIndexOf(id), 1);
      notify();
    };
  }, [id]);
  const state = useSyncExternalStore(subscribe, getSnapshot, () => serverSnapshot);
  const toast = state.host === id ? state.current : null;
  return (
    <div className="pointer-events-none fixed right-0 bottom-0 z-50 flex w-full flex-col items-end p-4 sm:p-6">
      <div role="status" className="flex w-full max-w-sm flex-col items-end">
        {toast?.tone === "success" && <ToastCard key={toast.id} toast={toast} />}
      </div>
      <div role="alert" className="flex w-full max-w-sm flex-col items-end">
        {toast?.tone === "error" && <ToastCard key={toast.id} toast={toast} />}
      </div>
    </div>
  );
}
