import { type RefObject, type SubmitEvent, useEffect, useId, useRef, useState } from "react";
import type { ChangeResult } from "./EnquiryDialog";
import { PermanentConfirmation } from "./PermanentConfirmation";
import { erasedText } from "./status";

interface Props {
  /** Erases every enquiry from the address; resolves with how many were erased, or a refusal. */
  onErase: (email: string) => Promise<{ ok: true; erased: number } | Extract<ChangeResult, { ok: false }>>;
}

/**
 * The erasure's steps as state: an address checked on submit, held while staff confirm, then erased
 * through `onErase`. The focus moves to the confirmation, and back to the address after it.
 */
function useErasure(onErase: Props["onErase"]) {
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | undefined>(undefined);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState("");
  const input = useRef<HTMLInputElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  function edit(value: string) {
    setEmail(value);
    setError(undefined);
  }

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (confirming) return;
    const address = email.trim();
    if (!input.current?.checkValidity() || !address) {
      setError("Invalid email address");
      input.current?.focus();
      return;
    }
    setError(undefined);
    setResult("");
    setConfirming(address);
  }

  function cancel() {
    if (busy) return;
    setConfirming(null);
    input.current?.focus();
  }

  async function erase() {
    if (busy || !confirming) return;
    setBusy(true);
    const outcome = await onErase(confirming);
    setBusy(false);
    setConfirming(null);
    if (outcome.ok) {
      setEmail("");
      setResult(erasedText(outcome.erased));
    } else {
      setError(outcome.fields?.email);
    }
    input.current?.focus();
  }

  return { email, error, confirming, busy, result, input, confirmButton, edit, onSubmit, cancel, erase };
}

/** The erasure's second step: names the address, since what it deletes cannot be brought back. */
function EraseConfirmation({
  id,
  address,
  busy,
  confirmButton,
  onErase,
  onCancel,
}: {
  id: string;
  address: string;
  busy: boolean;
  confirmButton: RefObject<HTMLButtonElement | null>;
  onErase: () => void;
  onCancel: () => void;
}) {
  return (
    <PermanentConfirmation
      id={id}
      textClassName=" wrap-anywhere"
      busy={busy}
      action="Erase permanently"
      busyAction="Erasing..."
      confirmButton={confirmButton}
      onConfirm={onErase}
      onCancel={onCancel}
    >
      Every enquiry from {address} will be deleted permanently. This cannot be undone.
    </PermanentConfirmation>
  );
}

/**
 * Erasure on request (GDPR): an address, then a confirmation, then the count. How many enquiries an
 * address has is not known until they are erased, so the confirmation says every one of them goes.
 */
export function EraseByEmail({ onErase }: Props) {
  const id = useId();
  const { email, error, confirming, busy, result, input, confirmButton, edit, onSubmit, cancel, erase } =
    useErasure(onErase);

  return (
    <div className="space-y-4">
      <p className="text-sm text-ink-soft">
        Deletes every enquiry sent from an address, for a person who asks to be forgotten. The audit log records how
        many, never the address.
      </p>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="sm:w-80">
          <label htmlFor={`${id}-email`} className="text-sm font-medium text-ink">
            Email address
          </label>
          <input
            ref={input}
            id={`${id}-email`}
            type="email"
            name="email"
            required
            autoComplete="off"
            maxLength={255}
            value={email}
            readOnly={confirming !== null}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => edit(event.target.value)}
            className={`mt-2 block min-h-11 w-full rounded-xl border bg-paper px-4 py-2 text-base text-ink shadow-xs outline-none transition-colors focus:border-moss focus:ring-2 focus:ring-moss/20 ${
              error ? "border-red-700" : "border-stone"
            }`}
          />
        </div>
        <button
          type="submit"
          className="btn-secondary aria-disabled:opacity-60"
          aria-disabled={confirming !== null ? true : undefined}
        >
          Erase…
        </button>
      </form>
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-800">
          {error}
        </p>
      )}
      {confirming && (
        <EraseConfirmation
          id={id}
          address={confirming}
          busy={busy}
          confirmButton={confirmButton}
          onErase={erase}
          onCancel={cancel}
        />
      )}
      <p role="status" className="text-sm font-medium text-moss empty:hidden">
        {result}
      </p>
    </div>
  );
}
