import type { ReactNode } from "react";

interface Props {
  title: string;
  children: ReactNode;
  onToggle?: (open: boolean) => void;
  /** Names the section for tests and styles: data-<name>. */
  name: string;
}

/** A closed-by-default section of the page (native <details>): a tool used now and then. */
export function Disclosure({ title, children, onToggle, name }: Props) {
  return (
    <details
      className="group rounded-2xl border border-stone/80 bg-paper"
      onToggle={(event) => onToggle?.(event.currentTarget.open)}
      {...{ [`data-${name}`]: "" }}
    >
      <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-3 font-display text-lg font-medium [&::-webkit-details-marker]:hidden">
        {title}
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className="size-5 shrink-0 text-muted transition-transform group-open:rotate-180 motion-reduce:transition-none"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.75"
        >
          <path d="m5 7.5 5 5 5-5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </summary>
      <div className="border-t border-stone/70 px-5 py-4">{children}</div>
    </details>
  );
}
