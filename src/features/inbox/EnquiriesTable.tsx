import { formatEnquiryDate, orDash } from "./display";
import type { ListedEnquiry } from "./inbox-types";
import { finishLabel } from "./kinds";
import { KindTag, LanguageTag, NotSentMarker, StatusBadge } from "./StatusBadge";

const COLUMNS = ["Date", "Name", "Email", "Phone", "Company", "Message", "Status"] as const;

interface Props {
  items: readonly ListedEnquiry[];
  /** Opens an enquiry's detail; `opener` gets the focus back when it closes. */
  onOpen: (item: ListedEnquiry, opener: HTMLElement) => void;
  /** With these, a first column of checkboxes selects enquiries for a bulk action. */
  selection?: {
    selected: ReadonlySet<string>;
    onSelect: (id: string, on: boolean) => void;
    onSelectAll: (on: boolean) => void;
  };
}

/** What the Message column shows: the message, or for a sample request (which has none) its finishes. */
const summary = (item: ListedEnquiry) =>
  item.kind === "samples" ? item.finishes.map(finishLabel).join("\n") : item.message;

/**
 * The enquiries, newest first. A name opens the enquiry's detail; new ones are set in bold; a tag
 * under it tells quote and sample requests apart. The frame scrolls sideways on narrow screens and
 * is focusable, so keyboard users can scroll it too.
 */
export function EnquiriesTable({ items, onOpen, selection }: Props) {
  const all = items.length > 0 && items.every((item) => selection?.selected.has(item.id));
  return (
    <section
      className="overflow-x-auto rounded-2xl border border-stone/80 bg-paper"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users must be able to scroll the wide table sideways (WCAG 2.1.1)
      tabIndex={0}
      aria-label="Contact submissions (scrolls sideways)"
      data-submissions-frame
    >
      <table className="w-full min-w-[60rem] text-left text-sm" data-submissions>
        <caption className="sr-only">Contact submissions, newest first. Select a name to open the enquiry.</caption>
        <thead className="bg-sand/60 text-xs tracking-wider text-muted uppercase">
          <tr>
            {COLUMNS.map((h, i) => (
              <th key={h} scope="col" className="px-4 py-3 font-semibold">
                {/* The selection's checkboxes share the first column, so the columns stay as they are. */}
                {i === 0 && selection ? (
                  <span className="flex items-center gap-3">
                    <input
                      type="checkbox"
                      aria-label="Select every enquiry shown"
                      checked={all}
                      onChange={(event) => selection.onSelectAll(event.currentTarget.checked)}
                      className="size-4 accent-moss"
                    />
                    {h}
                  </span>
                ) : (
                  h
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map((s) => (
            <tr key={s.id} className="border-t border-stone/70 align-top" data-id={s.id} data-status={s.status}>
              <td className="px-4 py-3 whitespace-nowrap tabular-nums">
                {selection ? (
                  <span className="flex items-center gap-3">
                    <input
                      type="checkbox"
                      aria-label={`Select ${s.name}`}
                      checked={selection.selected.has(s.id)}
                      onChange={(event) => selection.onSelect(s.id, event.currentTarget.checked)}
                      className="size-4 accent-moss"
                    />
                    {formatEnquiryDate(s.created_at)}
                  </span>
                ) : (
                  formatEnquiryDate(s.created_at)
                )}
              </td>
              <td className="max-w-48 px-4 py-3 wrap-anywhere" title={s.name}>
                <button
                  type="button"
                  onClick={(event) => onOpen(s, event.currentTarget)}
                  data-open={s.id}
                  className={`text-left wrap-anywhere underline decoration-stone underline-offset-4 hover:decoration-moss ${
                    s.status === "new" ? "font-semibold" : ""
                  }`}
                >
                  {s.name}
                </button>
                <span className="mt-1.5 flex gap-1.5">
                  <KindTag kind={s.kind} />
                  <LanguageTag language={s.language} />
                </span>
              </td>
              <td className="max-w-56 px-4 py-3 wrap-anywhere">
                <a href={`mailto:${s.email}`} title={s.email} className="text-moss underline-offset-4 hover:underline">
                  {s.email}
                </a>
              </td>
              <td className="px-4 py-3 whitespace-nowrap">{orDash(s.phone)}</td>
              <td className="max-w-48 px-4 py-3 wrap-anywhere" title={s.company ?? undefined}>
                {orDash(s.company)}
              </td>
              <td className="max-w-md px-4 py-3 wrap-anywhere">
                <p className="line-clamp-3 whitespace-pre-line" title={summary(s)}>
                  {summary(s)}
                </p>
              </td>
              <td className="px-4 py-3">
                <span className="flex flex-col items-start gap-1.5">
                  <StatusBadge status={s.status} />
                  {!s.notified && s.status !== "spam" && <NotSentMarker />}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
