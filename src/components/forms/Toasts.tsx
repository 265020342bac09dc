import { Toaster, toast } from "sonner";

/** Where an island's toasts appear: bottom right, one at a time, with a close button. */
export function Toasts() {
  return <Toaster position="bottom-right" visibleToasts={1} richColors closeButton />;
}

/** Replaces whatever toast is showing with this one. */
export function showToast(tone: "success" | "error", title: string, description: string): void {
  toast.dismiss();
  if (tone === "success") toast.success(title, { description });
  else toast.error(title, { description });
}
