import { type SubmitEvent, useEffect, useId, useRef, useState } from "react";
import { SEARCH_MAX_LENGTH } from "./inbox-query";

/** Typing pauses this long before the list follows the search box. */
export const SEARCH_DEBOUNCE_MS = 400;

interface Props {
  /** The search the list shows (from the URL). */
  value: string;
  onSearch: (q: string, cause: "typing" | "action") => void;
}

/** A search form: Enter searches at once, typing after a pause; Clear empties it and shows everything. */
export function SearchBox({ value, onSearch }: Props) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // Back and Forward change the search from outside; the box follows, keeping what is being typed
  // when it is the same search (a trailing space, say).
  const typed = useRef(value);
  useEffect(() => {
    if (typed.current.trim() === value) return;
    clearTimeout(timer.current);
    typed.current = value;
    setDraft(value);
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  function onChange(next: string) {
    typed.current = next;
    setDraft(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onSearch(next.trim(), "typing"), SEARCH_DEBOUNCE_MS);
  }

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    clearTimeout(timer.current);
    onSearch(draft.trim(), "action");
  }

  function clear() {
    clearTimeout(timer.current);
    typed.current = "";
    setDraft("");
    onSearch("", "action");
    input.current?.focus();
  }

  return (
    <search className="block w-full sm:w-80">
      <form onSubmit={onSubmit} className="relative">
        <label htmlFor={id} className="sr-only">
          Search enquiries
        </label>
        <input
          ref={input}
          id={id}
          type="search"
          name="q"
          enterKeyHint="search"
          autoComplete="off"
          spellCheck={false}
          maxLength={SEARCH_MAX_LENGTH}
          placeholder="Search names, messages, references"
          value={draft}
          onChange={(event) => onChange(event.target.value)}
          className="block min-h-11 w-full rounded-full border border-stone bg-paper py-2 pr-12 pl-4 text-base text-ink shadow-xs outline-none transition-colors placeholder:text-muted focus:border-moss focus:ring-2 focus:ring-moss/20 [&::-webkit-search-cancel-button]:hidden"
        />
        {draft && (
          <button
            type="button"
            onClick={clear}
            aria-label="Clear search"
            className="absolute inset-y-0 right-0 inline-flex w-11 items-center justify-center rounded-full text-lg text-muted hover:text-ink"
          >
            <span aria-hidden="true">×</span>
          </button>
        )}
      </form>
    </search>
  );
}
