import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { type FieldSpec, SubmitButton, TextAreaField, TextFields } from "../../components/forms/FormField";
import { showToast as show, Toasts } from "../../components/forms/Toasts";
import { fill } from "../../i18n/fill";
import type { Locale } from "../../i18n/locales";
import { toastForResponse } from "../../lib/form-outcome";
import { FORM_RATE_LIMIT } from "../../lib/form-schema";
import type { ContactFormTexts, ToastKind } from "./messages";
import { type ProductOption, prefillCalculation, prefillMessage } from "./prefill";
import { CONTACT_LIMITS, type ContactField, contactSchema, fieldErrors } from "./schema";

const ENDPOINT = "/api/submit-contact-form";
type Values = Record<Exclude<ContactField, "website">, string>;
const EMPTY: Values = { name: "", email: "", company: "", phone: "", message: "" };

interface Props {
  products: ProductOption[];
  /** The page's language: posted with the message, and the language of every text below. */
  language: Locale;
  texts: ContactFormTexts;
}

const fields = (t: ContactFormTexts["forms"]): FieldSpec<Exclude<keyof Values, "message">>[] => [
  { name: "name", label: t.name, type: "text", autoComplete: "name", required: true, maxLength: CONTACT_LIMITS.name },
  {
    name: "email",
    label: t.email,
    type: "email",
    autoComplete: "email",
    required: true,
    maxLength: CONTACT_LIMITS.email,
  },
  {
    name: "company",
    label: t.company,
    type: "text",
    autoComplete: "organization",
    maxLength: CONTACT_LIMITS.company,
  },
  { name: "phone", label: t.phone, type: "tel", autoComplete: "tel", maxLength: CONTACT_LIMITS.phone },
];

/**
 * The contact form. Rendered on the server as a plain form that posts natively, so it works before
 * hydration and without JavaScript; once hydrated it validates with the shared schema and posts JSON.
 */
export default function ContactForm({ products, language, texts }: Props) {
  const schema = useMemo(() => contactSchema({ ...texts.forms.validation, ...texts.form }), [texts]);
  const showToast = (kind: ToastKind) => {
    const { title, description } = texts.toasts[kind];
    show(kind === "success" ? "success" : "error", title, fill(description, { limit: FORM_RATE_LIMIT.limit }));
  };
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<ContactField, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const [calculation, setCalculation] = useState<string | null>(null);

  useEffect(() => {
    setHydrated(true);
    const prefill = prefillMessage(window.location.search, products, texts.form.quoteFor);
    if (prefill) setValues((v) => (v.message ? v : { ...v, message: prefill }));
    setCalculation(prefillCalculation(window.location.search, window.location.origin));
  }, [products, texts]);

  const validate = (next: Values, website: string) => {
    const result = schema.safeParse({ ...next, website });
    return result.success ? { data: result.data, errors: {} } : { data: null, errors: fieldErrors(result.error) };
  };

  const honeypot = () => (formRef.current?.elements.namedItem("website") as HTMLInputElement | null)?.value ?? "";

  function update(field: keyof Values, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    if (attempted) setErrors(validate(next, honeypot()).errors);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAttempted(true);
    const website = honeypot();
    const result = validate(values, website);
    setErrors(result.errors);
    if (!result.data) {
      const first = (Object.keys(result.errors) as ContactField[]).find((f) => f !== "website");
      if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      if (result.errors.website) showToast("error");
      return;
    }
    setSubmitting(true);
    try {
      const response = await fetch(ENDPOINT, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ ...values, website, language }),
      });
      const body: unknown = await response.json().catch(() => null);
      const kind = toastForResponse(response.status, body);
      showToast(kind);
      if (kind === "success") {
        setValues(EMPTY);
        setErrors({});
        setAttempted(false);
      }
    } catch {
      showToast("error");
    } finally {
      setSubmitting(false);
    }
  }

  const errorCount = Object.keys(errors).filter((f) => f !== "website").length;
  const t = texts.forms;

  return (
    <>
      <form
        ref={formRef}
        method="post"
        action={ENDPOINT}
        noValidate={hydrated}
        onSubmit={onSubmit}
        className="relative space-y-6"
        aria-describedby={`${id}-note`}
        data-hydrated={hydrated ? "" : undefined}
      >
        <p id={`${id}-note`} className="text-sm text-muted">
          {t.requiredBefore} <span aria-hidden="true">*</span>
          <span className="sr-only">{t.requiredScreenReader}</span> {t.requiredAfter}
        </p>
        <div className="grid gap-6 sm:grid-cols-2">
          <TextFields idPrefix={id} fields={fields(t)} values={values} errors={errors} onChange={update} />
        </div>
        <TextAreaField
          id={`${id}-message`}
          label={texts.form.message}
          error={errors.message}
          markRequired
          name="message"
          rows={6}
          required
          maxLength={CONTACT_LIMITS.message}
          value={values.message}
          onChange={(e) => update("message", e.target.value)}
        />
        {calculation && (
          <p className="text-sm text-ink-soft">
            {texts.form.calculation}{" "}
            <a href={calculation} className="font-medium text-moss underline underline-offset-4">
              {texts.form.openCalculation}
            </a>
            .
          </p>
        )}
        {/* Honeypot: off screen, out of the tab order and hidden from assistive technology. */}
        <div className="absolute -left-[9999px] h-px w-px overflow-hidden" aria-hidden="true">
          <label htmlFor={`${id}-website`}>{t.honeypot}</label>
          <input id={`${id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <input type="hidden" name="language" value={language} />
        <p className="sr-only" aria-live="assertive">
          {errorCount === 1 ? t.correctOne : errorCount > 1 ? fill(t.correctMany, { count: errorCount }) : ""}
        </p>
        <SubmitButton busy={submitting} label={texts.form.send} busyLabel={t.sending} />
      </form>
      <Toasts closeLabel={t.closeToast} />
    </>
  );
}
