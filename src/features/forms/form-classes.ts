/** The forms' look, shared by the React islands and forms rendered by Astro alone. */
export const CONTROL_CLASS =
  "mt-2 block w-full rounded-xl border bg-paper px-4 py-3 text-base text-ink shadow-xs outline-none transition-colors focus:border-moss focus:ring-2 focus:ring-moss/20";
export const CONTROL_BORDER = { valid: "border-stone", invalid: "border-red-700" } as const;
export const ERROR_CLASS = "mt-2 text-sm font-medium text-red-800";
export const LABEL_CLASS = "text-sm font-medium text-ink";

/** The one submit button: full width on phones (or always, in a narrow card). */
export const submitClass = (fullWidth: boolean) =>
  `inline-flex min-h-12 w-full items-center justify-center rounded-full bg-moss px-8 py-3 text-sm font-semibold tracking-wide text-paper transition-colors hover:bg-moss-deep disabled:cursor-wait disabled:opacity-70 ${fullWidth ? "" : "sm:w-auto"}`;
