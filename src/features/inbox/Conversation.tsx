import { type SubmitEvent, useId, useState } from "react";
import { formatEnquiryDate } from "./display";
import type { ListedEnquiry } from "./inbox-types";
import { languageName, REPLY_MAX_LENGTH } from "./inbox-types";
import type { SavedReply } from "./saved-replies";

/** Buttons stay focusable while unavailable (aria-disabled), so the focus is never dropped mid-dialog. */
const DIMMED = "aria-disabled:cursor-default aria-disabled:opacity-60";

/** The replies sent from the inbox, oldest first: who sent each, when, and its text. */
export function Conversation({ item }: { item: ListedEnquiry }) {
  const id = useId();
  if (item.replies.length === 0) return null;
  return (
    <section aria-labelledby={`${id}-conversation`} className="mt-6" data-conversation>
      <h3 id={`${id}-conversation`} className="text-lg font-medium">
        Replies sent
      </h3>
      <ol className="mt-3 space-y-3">
        {item.replies.map((reply) => (
          <li key={reply.id} className="rounded-2xl border border-stone/80 bg-sand/30 p-4" data-reply>
            <p className="text-xs text-muted">
              {reply.by} · <time dateTime={reply.at}>{formatEnquiryDate(reply.at)}</time>
            </p>
            <p className="mt-2 leading-relaxed whitespace-pre-line wrap-anywhere text-ink-soft">{reply.message}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** A button per saved reply, each putting its text (in the visitor's language) into the reply box. */
function SavedReplyButtons({
  savedReplies,
  language,
  onInsert,
}: {
  savedReplies: readonly SavedReply[];
  language: string;
  onInsert: (saved: SavedReply) => void;
}) {
  if (savedReplies.length === 0) return null;
  return (
    <fieldset className="mt-4">
      <legend className="text-xs font-semibold tracking-wider text-muted uppercase">
        Start from a saved reply ({language})
      </legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {savedReplies.map((saved) => (
          <button
            key={saved.id}
            type="button"
            className="btn-secondary px-4 py-2 text-sm"
            onClick={() => onInsert(saved)}
          >
            {saved.title}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/** The outcome of a reply: sent or queued (the page has said which), or refused with its field message. */
export type ReplyResult = { ok: true } | { ok: false; fields?: Record<string, string> };

/**
 * The reply box: staff write (or start from a saved reply in the visitor's language) and send; the
 * site mails it to the visitor with their message quoted, and the enquiry becomes Replied.
 */
export function ReplyForm({
  item,
  savedReplies,
  onReply,
}: {
  item: ListedEnquiry;
  savedReplies: readonly SavedReply[];
  onReply: (item: ListedEnquiry, message: string) => Promise<ReplyResult>;
}) {
  const id = useId();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | undefined>(undefined);
  const [sending, setSending] = useState(false);
  const language = languageName(item.language);

  function insert(saved: SavedReply) {
    const words = saved.text[item.language];
    setText((current) => (current.trim() ? `${current.trimEnd()}\n\n${words}` : words));
    setError(undefined);
    document.getElementById(`${id}-reply`)?.focus();
  }

  async function send(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    if (!text.trim()) {
      setError("Write a reply");
      return;
    }
    setSending(true);
    setError(undefined);
    const result = await onReply(item, text);
    setSending(false);
    if (result.ok) setText("");
    else setError(result.fields?.["message"]);
  }

  return (
    <form onSubmit={send} className="mt-8 border-t border-stone/70 pt-6" noValidate data-reply-form>
      <label htmlFor={`${id}-reply`} className="text-lg font-medium text-ink">
        Reply to {item.name}
      </label>
      <p id={`${id}-reply-about`} className="mt-1 text-sm text-muted">
        Mailed from the website to {item.email} with their {item.kind === "samples" ? "request" : "message"} quoted
        below it; write in {language}. Their answer reaches the staff address.
      </p>
      <SavedReplyButtons savedReplies={savedReplies} language={language} onInsert={insert} />
      <textarea
        id={`${id}-reply`}
        name="message"
        rows={8}
        maxLength={REPLY_MAX_LENGTH}
        lang={item.language}
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${error ? `${id}-reply-error ` : ""}${id}-reply-about ${id}-reply-hint`}
        onChange={(event) => {
          setText(event.target.value);
          setError(undefined);
        }}
        className={`mt-4 block w-full resize-y rounded-xl border bg-paper px-4 py-3 text-base text-ink shadow-xs outline-none transition-colors focus:border-moss focus:ring-2 focus:ring-moss/20 ${
          error ? "border-red-700" : "border-stone"
        }`}
      />
      {error && (
        <p id={`${id}-reply-error`} className="mt-2 text-sm font-medium text-red-800">
          {error}
        </p>
      )}
      <p id={`${id}-reply-hint`} className="mt-2 text-xs text-muted">
        {text.length}/{REPLY_MAX_LENGTH} characters.
      </p>
      <div className="mt-4">
        <button type="submit" className={`btn-primary ${DIMMED}`} aria-disabled={sending ? true : undefined}>
          {sending ? "Sending..." : "Send reply"}
        </button>
      </div>
    </form>
  );
}
