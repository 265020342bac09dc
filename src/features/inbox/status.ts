import type { Counts, ListedEnquiry, Status } from "./inbox-types";

export const STATUS_LABELS: Record<Status, string> = {
  new: "New",
  read: "Read",
  replied: "Replied",
  archived: "Archived",
  spam: "Spam",
};

/** The badge of each status: new stands out in moss, archived recedes; every pair meets 4.5:1 contrast. */
export const STATUS_BADGE: Record<Status, string> = {
  new: "bg-moss text-paper",
  read: "bg-sand text-ink",
  replied: "bg-moss-soft text-moss-deep",
  archived: "border border-stone text-muted",
  spam: "border border-dashed border-oak text-ink-soft",
};

export interface Tab {
  /** null is every status. */
  status: Status | null;
  label: string;
  count: number;
}

/** No enquiry yet in any status. */
export const NO_COUNTS: Counts = { new: 0, read: 0, replied: 0, archived: 0, spam: 0 };

/** The status tabs in order, All first (every status but spam, as the list answers it), Spam last. */
export function statusTabs(counts: Counts): Tab[] {
  const all = counts.new + counts.read + counts.replied + counts.archived;
  return [
    { status: null, label: "All", count: all },
    ...(Object.keys(STATUS_LABELS) as Status[]).map((status) => ({
      status,
      label: STATUS_LABELS[status],
      count: counts[status],
    })),
  ];
}

/** Counts after one enquiry changed from `before` to `after` (null: it was deleted). */
export function countsAfter(counts: Counts, before: Status, after: Status | null): Counts {
  if (before === after) return counts;
  const next = { ...counts, [before]: Math.max(0, counts[before] - 1) };
  if (after) next[after] += 1;
  return next;
}

/** The one action that moves an enquiry on to or back from the archive: archived ones are restored as read. */
export const archiveToggle = (status: Status): { label: string; status: Status } =>
  status === "archived" ? { label: "Restore", status: "read" } : { label: "Archive", status: "archived" };

export const REPLY_SUBJECT = "Re: your enquiry to Aural Acoustics";
export const SAMPLES_REPLY_SUBJECT = "Re: your sample request to Aural Acoustics";

/**
 * A mailto: link to the enquirer with the reply subject of its kind filled in. The address is
 * percent-encoded (RFC 6068) except for its @, so characters such as ? or # in it cannot start the
 * header part.
 */
export function replyMailto(item: Pick<ListedEnquiry, "email" | "kind">): string {
  const address = encodeURIComponent(item.email.trim()).replace(/%40/g, "@");
  const subject = item.kind === "samples" ? SAMPLES_REPLY_SUBJECT : REPLY_SUBJECT;
  return `mailto:${address}?subject=${encodeURIComponent(subject)}`;
}

/** "Erased 1 enquiry", "Erased 3 enquiries". */
export const erasedText = (n: number) => `Erased ${n} ${n === 1 ? "enquiry" : "enquiries"}`;
