import {
  type ReactNode,
  type RefObject,
  type SubmitEvent,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { enquiryReference } from "../forms/reference";
import { Toasts } from "../forms/Toasts";
import { SPAM_THRESHOLD } from "../spam/threshold";
import { Conversation, ReplyForm } from "./Conversation";
import { formatEnquiryDate, orDash } from "./display";
import type { ItemChange, ListedEnquiry, Status } from "./inbox-types";
import { countryName, languageName, NOTE_MAX_LENGTH } from "./inbox-types";
import { finishLabel } from "./kinds";
import { PermanentConfirmation } from "./PermanentConfirmation";
import { NotSentMarker, StatusBadge } from "./StatusBadge";
import type { SavedReply } from "./saved-replies";
import { archiveToggle, replyMailto, STATUS_LABELS } from "./status";

/**
 * The outcome of a change: the enquiry as the API now has it, or a refusal (the page has shown its
 * message; `fields` holds messages for single fields).
 */
export type ChangeResult = { ok: true; item?: ListedEnquiry } | { ok: false; fields?: Record<string, string> };

interface Props {
  /** The enquiry shown; null keeps the dialog closed. */
  item: ListedEnquiry | null;
  onClose: () => void;
  onChange: (item: ListedEnquiry, change: ItemChange) => Promise<ChangeResult>;
  onDelete: (item: ListedEnquiry) => Promise<ChangeResult>;
  onReply: (item: ListedEnquiry, message: string) => Promise<ChangeResult>;
  /** The saved replies staff can start from. */
  savedReplies: readonly SavedReply[];
  /** Where the focus goes on close when the element that opened the dialog is gone. */
  fallbackFocus: (item: ListedEnquiry) => void;
}

/**
 * One enquiry in a modal <dialog>: the browser keeps the focus inside and closes it on Escape. The
 * focus starts on Close and returns, on close, to what had it before (or to `fallbackFocus`).
 */
export function EnquiryDialog({ item, onClose, onChange, onDelete, onReply, savedReplies, fallbackFocus }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const returnTo = useRef<Element | null>(null);
  const shown = useRef<ListedEnquiry | null>(null);
  const titleId = useId();
  const open = item !== null;
  if (item) shown.current = item;

  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      returnTo.current = document.activeElement;
      element.showModal();
      closeButton.current?.focus();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  function onDialogClose() {
    const target = returnTo.current;
    returnTo.current = null;
    if (target instanceof HTMLElement && target.isConnected && target !== document.body) target.focus();
    else if (shown.current) fallbackFocus(shown.current);
    onClose();
  }

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={onDialogClose}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(46rem,calc(100vw-2rem))] overflow-y-auto overscroll-contain rounded-2xl border border-stone/80 bg-paper p-0 text-ink shadow-2xl backdrop:bg-ink/45"
      data-enquiry-dialog
    >
      {item && (
        <>
          <EnquiryDetail
            key={item.id}
            item={item}
            titleId={titleId}
            closeButton={closeButton}
            onClose={() => dialog.current?.close()}
            onChange={onChange}
            onDelete={onDelete}
            onReply={onReply}
            savedReplies={savedReplies}
          />
          {/* The page's toasts are inert behind a modal dialog; this copy shows the same toast above it. */}
          <Toasts />
        </>
      )}
    </dialog>
  );
}

/** Buttons stay focusable while unavailable (aria-disabled), so the focus is never dropped mid-dialog. */
const DIMMED = "aria-disabled:cursor-default aria-disabled:opacity-60";

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wider text-muted uppercase">{label}</dt>
      <dd className="mt-1 wrap-anywhere">{children}</dd>
    </div>
  );
}

/** What a sample request asks for, in place of a message: the finishes and where to send them. */
function SampleRequestDetail({ item, id }: { item: ListedEnquiry; id: string }) {
  const { address } = item;
  return (
    <div className="mt-6 grid gap-6 sm:grid-cols-2">
      <section aria-labelledby={`${id}-finishes`}>
        <h3 id={`${id}-finishes`} className="text-lg font-medium">
          Finishes
        </h3>
        {item.finishes.length > 0 ? (
          <ul className="mt-2 list-disc space-y-1 pl-5 leading-relaxed wrap-anywhere text-ink-soft" data-finishes>
            {item.finishes.map((finish) => (
              <li key={finish.key}>{finishLabel(finish)}</li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-ink-soft">—</p>
        )}
      </section>
      <section aria-labelledby={`${id}-address`}>
        <h3 id={`${id}-address`} className="text-lg font-medium">
          Delivery address
        </h3>
        <p className="mt-2 leading-relaxed wrap-anywhere text-ink-soft" data-address>
          {address ? (
            <>
              <span className="block">{address.street}</span>
              <span className="block">
                {address.postal_code} {address.city}
              </span>
              <span className="block">{countryName(address.country)}</span>
            </>
          ) : (
            "—"
          )}
        </p>
      </section>
    </div>
  );
}

type Busy = null | "note" | Status | "delete";

/**
 * The internal note as staff edit it: saved through `onChange` while nothing else runs, showing what
 * the API stored, or the API's message for the field when it refuses the note.
 */
function useNoteEditing(
  item: ListedEnquiry,
  onChange: Props["onChange"],
  busy: Busy,
  setBusy: (busy: Busy) => void,
  announce: (message: string) => void,
) {
  const [note, setNote] = useState(item.note ?? "");
  const [noteError, setNoteError] = useState<string | undefined>(undefined);
  const [savedNote, setSavedNote] = useState(false);
  const dirty = note !== (item.note ?? "");

  function edit(value: string) {
    setNote(value);
    setSavedNote(false);
  }

  async function save(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !dirty) return;
    setBusy("note");
    setNoteError(undefined);
    const result = await onChange(item, { note: note.trim() ? note : null });
    setBusy(null);
    if (result.ok) {
      // The API stores the note cleaned; the box shows what was stored.
      if (result.item) setNote(result.item.note ?? "");
      setSavedNote(true);
      announce("Note saved");
    } else {
      setNoteError(result.fields?.note);
    }
  }

  return { note, noteError, savedNote, dirty, edit, save };
}

/**
 * What staff do in an enquiry's detail: change its status, edit its note and delete it after a
 * confirmation. One change runs at a time (`busy`), and each one done is announced to screen readers.
 */
function useEnquiryEditing(item: ListedEnquiry, onChange: Props["onChange"], onDelete: Props["onDelete"]) {
  const [busy, setBusy] = useState<Busy>(null);
  const [confirming, setConfirming] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const deleteButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const note = useNoteEditing(item, onChange, busy, setBusy, setAnnouncement);

  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  async function setStatus(status: Status) {
    if (busy || status === item.status) return;
    setBusy(status);
    const result = await onChange(item, { status });
    setBusy(null);
    if (result.ok) {
      setAnnouncement(
        status === "spam"
          ? "Moved to spam"
          : item.status === "spam"
            ? "Not spam: moved to the inbox"
            : `Marked ${STATUS_LABELS[status]}`,
      );
    }
  }

  async function confirmDelete() {
    if (busy) return;
    setBusy("delete");
    const result = await onDelete(item);
    // On success the dialog closes and this component is gone.
    if (!result.ok) {
      setBusy(null);
      setConfirming(false);
      deleteButton.current?.focus();
    }
  }

  function cancelDelete() {
    if (busy === "delete") return;
    setConfirming(false);
    deleteButton.current?.focus();
  }

  const askDelete = () => busy === null && setConfirming(true);

  return {
    busy,
    confirming,
    announcement,
    deleteButton,
    confirmButton,
    note,
    setStatus,
    askDelete,
    confirmDelete,
    cancelDelete,
  };
}

/** The detail's heading: what the enquiry is, whose, when it came and its status; and Close. */
function DetailHeader({
  item,
  titleId,
  closeButton,
  onClose,
}: {
  item: ListedEnquiry;
  titleId: string;
  closeButton: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
}) {
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="min-w-0">
        <p className="eyebrow">{item.kind === "samples" ? "Sample request" : "Enquiry"}</p>
        <h2 id={titleId} className="mt-2 text-2xl font-medium wrap-anywhere sm:text-3xl">
          {item.name}
        </h2>
        <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1.5 text-sm text-muted">
          <span className="tabular-nums">{formatEnquiryDate(item.created_at)}</span>
          <StatusBadge status={item.status} />
          {!item.notified && item.status !== "spam" && <NotSentMarker />}
        </p>
      </div>
      <button ref={closeButton} type="button" onClick={onClose} className="btn-secondary shrink-0 px-4">
        Close
      </button>
    </div>
  );
}

/** The enquiry's contact details and record: who sent it, in which language, and what became of it. */
function DetailFields({ item }: { item: ListedEnquiry }) {
  return (
    <dl className="mt-6 grid gap-4 rounded-2xl border border-stone/80 bg-sand/30 p-5 text-sm sm:grid-cols-2">
      <Field label="Email">
        <a href={`mailto:${item.email}`} className="text-moss underline underline-offset-4">
          {item.email}
        </a>
      </Field>
      <Field label="Phone">{orDash(item.phone)}</Field>
      <Field label="Company">{orDash(item.company)}</Field>
      <Field label="Language">{`${languageName(item.language)}: answer in ${languageName(item.language)}`}</Field>
      <Field label="Status">{STATUS_LABELS[item.status]}</Field>
      <Field label="Received">{formatEnquiryDate(item.created_at)}</Field>
      <Field label="Last changed">{formatEnquiryDate(item.updated_at)}</Field>
      <Field label="Notification">
        {item.notified ? "Sent" : item.status === "spam" ? "Withheld: sent on “Not spam”" : "Not sent yet"}
      </Field>
      <Field label="Reference">
        <span className="font-mono">{enquiryReference(item.id)}</span>{" "}
        <span className="font-mono text-xs text-muted">{item.id}</span>
      </Field>
    </dl>
  );
}

/**
 * What staff can do with the enquiry: take it out of spam, or reply, mark it replied, archive or
 * restore it and call it spam; and Delete, which first asks for a confirmation.
 */
function DetailActions({
  item,
  id,
  busy,
  confirming,
  deleteButton,
  onStatus,
  onAskDelete,
}: {
  item: ListedEnquiry;
  id: string;
  busy: Busy;
  confirming: boolean;
  deleteButton: RefObject<HTMLButtonElement | null>;
  onStatus: (status: Status) => void;
  onAskDelete: () => void;
}) {
  const archive = archiveToggle(item.status);
  return (
    <div className="mt-6 flex flex-wrap gap-3">
      {item.status === "spam" ? (
        <button
          type="button"
          className={`btn-primary ${DIMMED}`}
          aria-disabled={busy !== null ? true : undefined}
          onClick={() => onStatus("new")}
        >
          Not spam
        </button>
      ) : (
        <>
          <a href={replyMailto(item)} className="btn-primary">
            Reply by email
          </a>
          <button
            type="button"
            className={`btn-secondary ${DIMMED}`}
            aria-disabled={busy !== null || item.status === "replied" ? true : undefined}
            onClick={() => onStatus("replied")}
          >
            {item.status === "replied" ? "Replied" : "Mark replied"}
          </button>
          <button
            type="button"
            className={`btn-secondary ${DIMMED}`}
            aria-disabled={busy !== null ? true : undefined}
            onClick={() => onStatus(archive.status)}
          >
            {archive.label}
          </button>
          <button
            type="button"
            className={`btn-secondary ${DIMMED}`}
            aria-disabled={busy !== null ? true : undefined}
            onClick={() => onStatus("spam")}
          >
            Mark as spam
          </button>
        </>
      )}
      <button
        ref={deleteButton}
        type="button"
        className={`btn border border-red-800/40 text-red-800 hover:border-red-800 hover:bg-red-50 ${DIMMED}`}
        aria-disabled={busy !== null ? true : undefined}
        aria-expanded={confirming}
        aria-controls={`${id}-confirm`}
        onClick={onAskDelete}
      >
        Delete
      </button>
    </div>
  );
}

/** Delete's second step, controlled by the Delete button: deleting cannot be undone, so it asks. */
function DeleteConfirmation({
  id,
  confirming,
  busy,
  confirmButton,
  onConfirm,
  onCancel,
}: {
  id: string;
  confirming: boolean;
  busy: Busy;
  confirmButton: RefObject<HTMLButtonElement | null>;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <div id={`${id}-confirm`} hidden={!confirming}>
      {confirming && (
        <PermanentConfirmation
          id={id}
          className="mt-4 "
          busy={busy === "delete"}
          action="Delete permanently"
          busyAction="Deleting..."
          confirmButton={confirmButton}
          onConfirm={onConfirm}
          onCancel={onCancel}
        >
          This enquiry will be deleted permanently. This cannot be undone.
        </PermanentConfirmation>
      )}
    </div>
  );
}

/** The internal note's form: seen by staff only, with its length, its error and "Saved" once saved. */
function NoteForm({ id, busy, note }: { id: string; busy: Busy; note: ReturnType<typeof useNoteEditing> }) {
  const { noteError, dirty } = note;
  return (
    <form onSubmit={note.save} className="mt-8 border-t border-stone/70 pt-6" noValidate>
      <label htmlFor={`${id}-note`} className="text-sm font-medium text-ink">
        Internal note
      </label>
      <textarea
        id={`${id}-note`}
        name="note"
        rows={4}
        maxLength={NOTE_MAX_LENGTH}
        value={note.note}
        aria-invalid={noteError ? true : undefined}
        aria-describedby={noteError ? `${id}-note-error ${id}-note-hint` : `${id}-note-hint`}
        onChange={(event) => note.edit(event.target.value)}
        className={`mt-2 block w-full resize-y rounded-xl border bg-paper px-4 py-3 text-base text-ink shadow-xs outline-none transition-colors focus:border-moss focus:ring-2 focus:ring-moss/20 ${
          noteError ? "border-red-700" : "border-stone"
        }`}
      />
      {noteError && (
        <p id={`${id}-note-error`} className="mt-2 text-sm font-medium text-red-800">
          {noteError}
        </p>
      )}
      <p id={`${id}-note-hint`} className="mt-2 text-xs text-muted">
        Seen by staff only. {note.note.length}/{NOTE_MAX_LENGTH} characters.
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <button
          type="submit"
          className={`btn-primary ${DIMMED}`}
          aria-disabled={busy !== null || !dirty ? true : undefined}
        >
          {busy === "note" ? "Saving..." : "Save note"}
        </button>
        {note.savedNote && !dirty && (
          <span className="text-sm font-medium text-moss" data-note-saved>
            Saved
          </span>
        )}
      </div>
    </form>
  );
}

/**
 * One enquiry's detail inside the dialog: its heading and fields, the message (or what a sample request
 * asks for), why it was filed as spam, the actions, the delete confirmation and the internal note.
 */
function EnquiryDetail({
  item,
  titleId,
  closeButton,
  onClose,
  onChange,
  onDelete,
  onReply,
  savedReplies,
}: {
  item: ListedEnquiry;
  titleId: string;
  closeButton: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
  onChange: Props["onChange"];
  onDelete: Props["onDelete"];
  onReply: Props["onReply"];
  savedReplies: Props["savedReplies"];
}) {
  const id = useId();
  const editing = useEnquiryEditing(item, onChange, onDelete);
  const { busy, confirming } = editing;

  return (
    <div className="p-6 sm:p-8" aria-busy={busy ? true : undefined}>
      <DetailHeader item={item} titleId={titleId} closeButton={closeButton} onClose={onClose} />
      <DetailFields item={item} />

      {item.kind === "samples" ? (
        <SampleRequestDetail item={item} id={id} />
      ) : (
        <section aria-labelledby={`${id}-message`} className="mt-6">
          <h3 id={`${id}-message`} className="text-lg font-medium">
            Message
          </h3>
          <p className="mt-2 leading-relaxed whitespace-pre-line wrap-anywhere text-ink-soft">{item.message}</p>
        </section>
      )}

      <Conversation item={item} />

      {item.spam && <SpamCheck spam={item.spam} id={id} filed={item.status === "spam"} />}

      <DetailActions
        item={item}
        id={id}
        busy={busy}
        confirming={confirming}
        deleteButton={editing.deleteButton}
        onStatus={editing.setStatus}
        onAskDelete={editing.askDelete}
      />
      <DeleteConfirmation
        id={id}
        confirming={confirming}
        busy={busy}
        confirmButton={editing.confirmButton}
        onConfirm={editing.confirmDelete}
        onCancel={editing.cancelDelete}
      />
      {item.status !== "spam" && <ReplyForm item={item} savedReplies={savedReplies} onReply={onReply} />}
      <NoteForm id={id} busy={busy} note={editing.note} />

      <p role="status" className="sr-only">
        {editing.announcement}
      </p>
    </div>
  );
}

/** Why the spam defence filed an enquiry as spam: its score and each reason with its points. */
function SpamCheck({ spam, id, filed }: { spam: NonNullable<ListedEnquiry["spam"]>; id: string; filed: boolean }) {
  return (
    <section aria-labelledby={`${id}-spam`} className="mt-6 rounded-2xl border border-dashed border-oak/70 p-5">
      <h3 id={`${id}-spam`} className="text-lg font-medium">
        {filed ? "Why it was filed as spam" : "Why it was first filed as spam"}
      </h3>
      <p className="mt-1 text-sm text-muted">
        Score {spam.score}; from {SPAM_THRESHOLD} an enquiry is filed as spam.
      </p>
      <ul className="mt-3 grid gap-1.5 text-sm">
        {spam.reasons.map((reason) => (
          <li key={`${reason.rule}-${reason.detail}`} className="flex items-baseline justify-between gap-4">
            <span className="wrap-anywhere text-ink-soft">{reason.detail}</span>
            <span className="shrink-0 tabular-nums text-muted">
              {reason.points > 0 ? `+${reason.points}` : reason.points}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
