import { type ListedEnquiry, languageName } from "./inbox-types";
import { KIND_TAG_STYLE, KIND_TAGS } from "./kinds";
import { STATUS_BADGE, STATUS_LABELS } from "./status";

export function StatusBadge({ status }: Pick<ListedEnquiry, "status">) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${STATUS_BADGE[status]}`}
    >
      {STATUS_LABELS[status]}
    </span>
  );
}

/** Whether an entry is a quote request or a sample request; square-cornered, so it never reads as a status. */
export function KindTag({ kind }: Pick<ListedEnquiry, "kind">) {
  return (
    <span
      className={`inline-flex w-fit items-center rounded-md px-1.5 py-0.5 text-[0.6875rem] font-semibold tracking-wider whitespace-nowrap uppercase ${KIND_TAG_STYLE[kind]}`}
      data-kind={kind}
    >
      {KIND_TAGS[kind]}
    </span>
  );
}

/** Names the language of an enquiry written from a translated page ("ET"); English ones need no mark. */
export function LanguageTag({ language }: Pick<ListedEnquiry, "language">) {
  if (language === "en") return null;
  return (
    <span
      className="inline-flex w-fit items-center rounded-md border border-stone px-1.5 py-0.5 text-[0.6875rem] font-semibold tracking-wider whitespace-nowrap text-ink-soft uppercase"
      title={`Written in ${languageName(language)}`}
      data-language={language}
    >
      <span className="sr-only">Written in {languageName(language)}</span>
      <span aria-hidden="true">{language}</span>
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
