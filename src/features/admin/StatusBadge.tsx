import type { Item } from "./inbox-types";
import { STATUS_BADGE, STATUS_LABELS } from "./status";

export function StatusBadge({ status }: Pick<Item, "status">) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${STATUS_BADGE[status]}`}
    >
      {STATUS_LABELS[status]}
    </span>
  );
}

/** Marks an enquiry whose notification mail has not gone out (it is retried on a schedule). */
export function NotSentMarker() {
  return (
    <span className="inline-flex items-center gap-1.5 text-xs font-medium text-ink-soft" data-not-notified>
      <span aria-hidden="true" className="size-1.5 shrink-0 rounded-full bg-oak" />
      Notification not sent
    </span>
  );
}
