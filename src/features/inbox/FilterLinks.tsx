import type { MouseEvent } from "react";

export interface FilterOption<T> {
  value: T;
  label: string;
  /** Shown in a small pill after the label ("–" while unknown); none when undefined. */
  count?: number | string;
}

interface Props<T> {
  /** Names the group for assistive technology ("Filter by status"). */
  label: string;
  options: readonly FilterOption<T>[];
  current: T;
  /** The page address that shows an option. */
  href: (value: T) => string;
  onSelect: (value: T) => void;
}

/** A plain left click; other clicks (new tab, new window) are left to the browser. */
const plainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * One filter of the list as a row of links, each a real address (so it can be opened in a new tab);
 * a plain click changes the list in place. The current one is marked with aria-current.
 */
export function FilterLinks<T>({ label, options, current, href, onSelect }: Props<T>) {
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2">
        {options.map((option) => {
          const selected = option.value === current;
          const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
            if (!plainClick(event)) return;
            event.preventDefault();
            onSelect(option.value);
          };
          return (
            <li key={option.label}>
              <a
                href={href(option.value)}
                onClick={onClick}
                aria-current={selected ? "page" : undefined}
                className={`inline-flex min-h-11 items-center gap-2 rounded-full border px-4 text-sm font-semibold transition-colors ${
                  selected
                    ? "border-moss bg-moss text-paper"
                    : "border-stone bg-paper text-ink hover:border-ink/40 hover:bg-sand/60"
                }`}
              >
                {option.label}
                {option.count !== undefined && (
                  <>
                    {" "}
                    <span
                      className={`min-w-6 rounded-full px-1.5 text-center text-xs tabular-nums ${
                        selected ? "bg-moss-deep text-paper" : "bg-sand text-ink-soft"
                      }`}
                    >
                      {option.count}
                    </span>
                  </>
                )}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
