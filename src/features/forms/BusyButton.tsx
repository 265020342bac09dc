/**
 * A button that shows its busy label while its action runs. It stays focusable while busy
 * (aria-disabled, not disabled), so keyboard focus is not lost; the handler ignores clicks meanwhile.
 */
export function BusyButton({
  busy,
  label,
  busyLabel,
  onClick,
  className,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
  onClick: () => void;
  className: string;
}) {
  return (
    <button
      type="button"
      onClick={busy ? undefined : onClick}
      aria-disabled={busy ? true : undefined}
      className={`${className} aria-disabled:opacity-60`}
    >
      {busy ? busyLabel : label}
    </button>
  );
}
