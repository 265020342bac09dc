import type { ReactNode } from "react";
import { TOAST_CLASSES } from "./toasts";

declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      "toast-host": { class?: string; "data-close"?: string | undefined; children?: ReactNode };
    }
  }
}

/**
 * Where an island's toasts appear (see toasts.ts); the regions are in the page before any toast.
 * `closeLabel` names each toast's close button, in the page's language.
 */
export function Toasts({ closeLabel }: { closeLabel?: string }) {
  return (
    <toast-host class={TOAST_CLASSES.host} data-close={closeLabel}>
      <div role="status" className={TOAST_CLASSES.region} />
      <div role="alert" className={TOAST_CLASSES.region} />
    </toast-host>
  );
}

export { showToast, type ToastTone } from "./toasts";
