import { type ReactNode, type SubmitEvent, useEffect, useId, useRef, useState } from "react";
import type { Dictionary } from "../../i18n/dictionary";
import { fill } from "../../i18n/fill";
import type { Locale } from "../../i18n/locales";
import { ALTCHA_FIELD } from "../spam/challenge";
import { type ProofOfWork, proofOfWork } from "../spam/proof-of-work";
import { type FieldSpec, SubmitButton } from "./FormField";
import { type FormOutcome, type PublicFormTexts, toastForResponse } from "./outcome";
import { FORM_RATE_LIMIT, PERSON_LIMITS } from "./schema";
import { showToast, Toasts } from "./Toasts";

export type PersonField = "name" | "email" | "company" | "phone";

/** The name, email, company and phone inputs, as every public form asks for them. */
export const personFieldSpecs = (t: Dictionary["forms"]): FieldSpec<PersonField>[] => [
  { name: "name", label: t.name, type: "text", autoComplete: "name", required: true, maxLength: PERSON_LIMITS.name },
  {
    name: "email",
    label: t.email,
    type: "email",
    autoComplete: "email",
    required: true,
    maxLength: PERSON_LIMITS.email,
  },
  {
    name: "company",
    label: t.company,
    type: "text",
    autoComplete: "organization",
    maxLength: PERSON_LIMITS.company,
  },
  { name: "phone", label: t.phone, type: "tel", autoComplete: "tel", maxLength: PERSON_LIMITS.phone },
];

/** A check of the form's values with the honeypot's: the first message of each field that fails (`website` for the honeypot). */
export type FormCheck<F extends string> = (website: string) => { ok: boolean; errors: Partial<Record<F, string>> };

interface Options<F extends string> {
  endpoint: string;
  texts: PublicFormTexts;
  /** Checks the values as they are now. */
  check: FormCheck<F>;
  /** The JSON body to post. */
  body: (website: string) => object;
  /** Empties the form after the post was accepted. */
  reset: () => void;
  /** The name of the control a field's message belongs to, when they differ (`address.city` is `city`). */
  controlOf?: (field: F) => string;
}

/**
 * How long a submit waits for a proof of work still being solved. Solving starts on the first focus
 * and takes about a second on a slow phone, so it has nearly always finished; a post sent without one
 * still reaches the inbox.
 */
const PROOF_WAIT_MS = 4_000;

/** The reference an accepted post's answer carries (`AA-7K3Q`), if it carries one. */
function referenceOf(answer: unknown): string | undefined {
  const reference =
    typeof answer === "object" && answer !== null ? (answer as { reference?: unknown }).reference : null;
  return typeof reference === "string" && /^AA-[0-9A-Z]{4}$/.test(reference) ? reference : undefined;
}

/**
 * What every public form does around its own fields: validate with the shared schema once a submit
 * was tried, move focus to the first field in error, post JSON, and tell the outcome in a toast chosen
 * by the answer's error code. Before hydration, and without JavaScript, the form posts natively.
 */
export function usePublicForm<F extends string>(options: Options<F>) {
  const { texts } = options;
  const id = useId();
  const ref = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const [proof, setProof] = useState({ value: "", failed: false });
  const solver = useRef<ProofOfWork | null>(null);
  useEffect(() => {
    solver.current = proofOfWork(setProof);
    setHydrated(true);
  }, []);
  /** The proof of work starts on the visitor's first focus in the form, and never before. */
  const onFocus = () => solver.current?.start();

  const honeypot = () => (ref.current?.elements.namedItem("website") as HTMLInputElement | null)?.value ?? "";

  /** The toast of an outcome; a success names the enquiry's reference, as the confirmation mail does. */
  const toast = (kind: FormOutcome, reference?: string) => {
    const { title, description } = texts.toasts[kind];
    const text = fill(description, { limit: FORM_RATE_LIMIT.limit });
    const withReference = reference ? `${text} ${fill(texts.toasts.reference, { reference })}` : text;
    showToast(kind === "success" ? "success" : "error", title, withReference);
  };

  /** After a change: once a submit was tried, the messages follow the values (checked by `check`). */
  const recheck = (check: FormCheck<F>) => {
    if (attempted) setErrors(check(honeypot()).errors);
  };

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setAttempted(true);
    const website = honeypot();
    const result = options.check(website);
    setErrors(result.errors);
    if (!result.ok) {
      const first = (Object.keys(result.errors) as F[]).find((f) => f !== "website");
      const name = first && (options.controlOf?.(first) ?? first);
      if (name) ref.current?.querySelector<HTMLElement>(`[name="${name}"]`)?.focus();
      if ((result.errors as Partial<Record<string, string>>).website) toast("error");
      return;
    }
    setSubmitting(true);
    try {
      const altcha = (await solver.current?.take(PROOF_WAIT_MS)) ?? null;
      const body = { ...options.body(website), ...(altcha ? { [ALTCHA_FIELD]: altcha } : {}) };
      const response = await fetch(options.endpoint, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify(body),
      });
      const answer: unknown = await response.json().catch(() => null);
      const kind = toastForResponse(response.status, answer);
      toast(kind, referenceOf(answer));
      if (kind === "success") {
        options.reset();
        setErrors({});
        setAttempted(false);
      }
    } catch {
      toast("error");
    } finally {
      setSubmitting(false);
    }
  }

  return {
    id,
    ref,
    errors,
    submitting,
    hydrated,
    proof,
    onFocus,
    recheck,
    onSubmit,
    endpoint: options.endpoint,
    texts,
  };
}

interface PublicFormProps {
  form: ReturnType<typeof usePublicForm<string>>;
  /** The page's language, posted with the form. */
  language: Locale;
  sendLabel: string;
  /** Spacing between the form's parts. */
  className: string;
  children: ReactNode;
}

/**
 * The public form's frame: the required-fields note, the form's own fields, the honeypot, the page's
 * language, the error count for screen readers, the submit button and the toasts' regions.
 */
export function PublicForm({ form, language, sendLabel, className, children }: PublicFormProps) {
  const { id, errors } = form;
  const t = form.texts.forms;
  const errorCount = Object.keys(errors).filter((f) => f !== "website").length;
  return (
    <>
      <form
        ref={form.ref}
        method="post"
        action={form.endpoint}
        noValidate={form.hydrated}
        onSubmit={form.onSubmit}
        onFocus={form.onFocus}
        className={`relative ${className}`}
        aria-describedby={`${id}-note`}
        data-hydrated={form.hydrated ? "" : undefined}
      >
        <p id={`${id}-note`} className="text-sm text-muted">
          {t.requiredBefore} <span aria-hidden="true">*</span>
          <span className="sr-only">{t.requiredScreenReader}</span> {t.requiredAfter}
        </p>
        {children}
        {/* Honeypot: off screen, out of the tab order and hidden from assistive technology. */}
        <div className="absolute -left-[9999px] h-px w-px overflow-hidden" aria-hidden="true">
          <label htmlFor={`${id}-website`}>{t.honeypot}</label>
          <input id={`${id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <input type="hidden" name="language" value={language} />
        {/* The proof of work, for a post the browser sends itself; the JSON post adds it to its body. */}
        {form.proof.value && <input type="hidden" name={ALTCHA_FIELD} value={form.proof.value} />}
        <p className="sr-only" aria-live="assertive">
          {errorCount === 1 ? t.correctOne : errorCount > 1 ? fill(t.correctMany, { count: errorCount }) : ""}
        </p>
        <SubmitButton busy={form.submitting} label={sendLabel} busyLabel={t.sending} />
        <p
          role="status"
          className="text-sm text-muted empty:hidden"
          data-proof-failed={form.proof.failed ? "" : undefined}
        >
          {form.proof.failed ? t.proofFailed : ""}
        </p>
      </form>
      <Toasts closeLabel={t.closeToast} />
    </>
  );
}

/**
 * Keeps what a visitor typed into a public form in the tab's sessionStorage until the form is sent:
 * a failed post, or a reload while the site cannot store enquiries, never costs them their text. The
 * draft is the tab's own (gone when it closes), removed once the form is sent or emptied, and never
 * leaves the browser. `restore` receives a saved draft once, after hydration; a browser that refuses
 * storage (private mode, full) simply keeps nothing.
 */
export function useDraft<V>(key: string, value: V, empty: (value: V) => boolean, restore: (saved: V) => void): void {
  const restored = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a draft is restored once, on hydration.
  useEffect(() => {
    try {
      const saved = sessionStorage.getItem(key);
      if (saved) restore(JSON.parse(saved) as V);
    } catch {
      // Nothing kept, or nothing readable: the form starts empty.
    }
    restored.current = true;
  }, [key]);
  useEffect(() => {
    if (!restored.current) return;
    try {
      if (empty(value)) sessionStorage.removeItem(key);
      else sessionStorage.setItem(key, JSON.stringify(value));
    } catch {
      // Storage refused: the draft lives only in the page.
    }
  }, [key, value, empty]);
}
