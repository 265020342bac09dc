import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { type FieldSpec, SubmitButton, TextAreaField, TextFields } from "../../components/forms/FormField";
import { showToast as show, Toasts } from "../../components/forms/Toasts";
import { toastForResponse } from "../../lib/form-outcome";
import { CONTACT_TOASTS, type ToastKind } from "./messages";
import { type ProductOption, prefillCalculation, prefillMessage } from "./prefill";
import { CONTACT_LIMITS, type ContactField, ContactSchema, fieldErrors } from "./schema";

const ENDPOINT = "/api/submit-contact-form";
type Values = Record<Exclude<ContactField, "website">, string>;
const EMPTY: Values = { name: "", email: "", company: "", phone: "", message: "" };

interface Props {
  products: ProductOption[];
}

const FIELDS: FieldSpec<Exclude<keyof Values, "message">>[] = [
  { name: "name", label: "Name", type: "text", autoComplete: "name", required: true, maxLength: CONTACT_LIMITS.name },
  {
    name: "email",
    label: "Email",
    type: "email",
    autoComplete: "email",
    required: true,
    maxLength: CONTACT_LIMITS.email,
  },
  {
    name: "company",
    label: "Company",
    type: "text",
    autoComplete: "organization",
    maxLength: CONTACT_LIMITS.company,
  },
  { name: "phone", label: "Phone", type: "tel", autoComplete: "tel", maxLength: CONTACT_LIMITS.phone },
];

function showToast(kind: ToastKind) {
  const { title, description } = CONTACT_TOASTS[kind];
  show(kind === "success" ? "success" : "error", title, description);
}

/**
 * The contact form. Rendered on the server as a plain form that posts natively, so it works before
 * hydration and without JavaScript; once hydrated it validates with the shared schema and posts JSON.
 */
export default function ContactForm({ products }: Props) {
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
    const prefill = prefillMessage(window.location.search, products);
    if (prefill) setValues((v) => (v.message ? v : { ...v, message: prefill }));
    setCalculation(prefillCalculation(window.location.search, window.location.origin));
  }, [products]);

  const validate = (next: Values, website: string) => {
    const result = ContactSchema.safeParse({ ...next, website });
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
        body: JSON.stringify({ ...values, website }),
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
          Fields marked <span aria-hidden="true">*</span>
          <span className="sr-only">as required</span> are required.
        </p>
        <div className="grid gap-6 sm:grid-cols-2">
          <TextFields idPrefix={id} fields={FIELDS} values={values} errors={errors} onChange={update} />
        </div>
        <TextAreaField
          id={`${id}-message`}
          label="Message"
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
            Your calculation:{" "}
            <a href={calculation} className="font-medium text-moss underline underline-offset-4">
              open it in the room acoustics calculator
            </a>
            .
          </p>
        )}
        {/* Honeypot: off screen, out of the tab order and hidden from assistive technology. */}
        <div className="absolute -left-[9999px] h-px w-px overflow-hidden" aria-hidden="true">
          <label htmlFor={`${id}-website`}>Leave this field empty</label>
          <input id={`${id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <p className="sr-only" aria-live="assertive">
          {errorCount > 0 ? `Please correct ${errorCount} ${errorCount === 1 ? "field" : "fields"}.` : ""}
        </p>
        <SubmitButton busy={submitting} label="Send Message" busyLabel="Sending..." />
      </form>
      <Toasts />
    </>
  );
}
