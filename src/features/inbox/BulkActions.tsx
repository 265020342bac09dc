import { useState } from "react";
import { BusyButton } from "../forms/BusyButton";
import { showToast } from "../forms/Toasts";
import type { ItemChange, ListedEnquiry } from "./inbox-types";

interface Props {
  count: number;
  busy: boolean;
  /** Files every selected enquiry as spam, or takes every selected one out of spam ("Not spam"). */
  onMark: (spam: boolean) => void;
  onClear: () => void;
}

/**
 * What staff can do with several selected enquiries at once: call them all spam, or all not spam.
 * Each decision is also a lesson for the learned spam filter (see docs/spam.md).
 */
export function BulkActions({ count, busy, onMark, onClear }: Props) {
  if (count === 0) return null;
  return (
    <section
      aria-label="Selected enquiries"
      className="sticky top-24 z-10 flex flex-wrap items-center gap-3 rounded-2xl border border-stone/80 bg-paper px-4 py-3 shadow-sm"
    >
      <p className="text-sm font-medium" aria-live="polite">
        {count} selected
      </p>
      <BusyButton busy={busy} label="Spam" busyLabel="Filing…" onClick={() => onMark(true)} className="btn-secondary" />
      <BusyButton
        busy={busy}
        label="Not spam"
        busyLabel="Filing…"
        onClick={() => onMark(false)}
        className="btn-secondary"
      />
      <button type="button" onClick={onClear} className="text-sm text-moss underline underline-offset-4">
        Clear selection
      </button>
    </section>
  );
}

/** The selection of enquiries in the list, and filing them all as spam or not spam, one after another. */
export function useBulkMark(
  items: readonly ListedEnquiry[],
  change: (item: ListedEnquiry, patch: ItemChange) => Promise<{ ok: boolean }>,
) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  // What is no longer listed (another tab, a search) is no longer selected.
  const shown = new Set(items.map((item) => item.id));
  const current = new Set([...selected].filter((id) => shown.has(id)));
  const toggle = (id: string, on: boolean) =>
    setSelected((before) => {
      const next = new Set(before);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const toggleAll = (on: boolean) => setSelected(on ? shown : new Set());
  const mark = async (spam: boolean) => {
    setBusy(true);
    let done = 0;
    for (const item of items.filter((i) => current.has(i.id))) {
      const wanted = spam ? "spam" : "new";
      if ((item.status === "spam") === spam) continue;
      if ((await change(item, { status: wanted })).ok) done += 1;
    }
    setBusy(false);
    setSelected(new Set());
    showToast(
      "success",
      spam ? "Filed as spam" : "Moved to the inbox",
      `${done} ${done === 1 ? "enquiry" : "enquiries"}`,
    );
  };
  return { selected: current, toggle, toggleAll, clear: () => setSelected(new Set()), busy, mark };
}
