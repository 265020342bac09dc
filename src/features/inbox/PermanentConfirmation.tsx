import type { ReactNode, RefObject } from "react";

/**
 * The second step of what cannot be undone (deleting an enquiry, erasing an address's enquiries): what
 * goes, a red button that does it and Cancel. The button is described by the text, so a screen reader
 * hears what it confirms; it stays focusable while the change runs, marked disabled.
 */
export function PermanentConfirmation({
  id,
  className = "",
  textClassName = "",
  children,
  busy,
  action,
  busyAction,
  confirmButton,
  onConfirm,
  onCancel,
}: {
  id: string;
  className?: string;
  textClassName?: string;
  /** What goes, in a sentence. */
  children: ReactNode;
  busy: boolean;
  action: string;
  busyAction: string;
  confirmButton: RefObject<HTMLButtonElement | null>;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <div className={`${className}rounded-2xl border border-red-800/30 bg-red-50 p-5`}>
      <p id={`${id}-confirm-text`} className={`text-sm font-medium text-red-900${textClassName}`}>
        {children}
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <button
          ref={confirmButton}
          type="button"
          className="btn bg-red-800 text-paper hover:bg-red-900 aria-disabled:cursor-default aria-disabled:opacity-60"
          aria-disabled={busy ? true : undefined}
          aria-describedby={`${id}-confirm-text`}
          onClick={onConfirm}
        >
          {busy ? busyAction : action}
        </button>
        <button type="button" className="btn-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
