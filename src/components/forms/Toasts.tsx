import type { ReactNode } from "react";
import { TOAST_CLASSES } from "./toasts";

declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      "toast-host": { class?: string; children?: ReactNode };
    }
  }
}

/** Where an island's toasts appear (see toasts.ts); the regions are in the page before any toast. */
export function Toasts() {
  return (
    <toast-host class={TOAST_CLASSES.host}>
      <div role="status" className={TOAST_CLASSES.region} />
      <div role="alert" className={TOAST_CLASSES.region} />
    </toast-host>
  );
}

export { showToast, type ToastTone } from "./toasts";
