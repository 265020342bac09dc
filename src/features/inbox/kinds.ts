import type { Kind, ListedEnquiry } from "./inbox-types";

/** The kind filter's choices in order; null is both kinds. */
export const KIND_FILTERS: readonly { value: Kind | null; label: string }[] = [
  { value: null, label: "All" },
  { value: "contact", label: "Quote requests" },
  { value: "samples", label: "Sample requests" },
];

/** The short tag that tells the kinds apart in the table. */
export const KIND_TAGS: Record<Kind, string> = {
  contact: "Quote",
  samples: "Samples",
};

/** The tag's colours: a sample request stands out a little; each pair meets 4.5:1 contrast. */
export const KIND_TAG_STYLE: Record<Kind, string> = {
  contact: "bg-sand text-ink-soft",
  samples: "bg-oak/20 text-ink",
};

/** "Felt Panels — Moss". */
export const finishLabel = (finish: ListedEnquiry["finishes"][number]) => `${finish.product} — ${finish.name}`;
