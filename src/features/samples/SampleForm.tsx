import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { type FieldSpec, SubmitButton, TextFields } from "../../components/forms/FormField";
import { CONTROL_BORDER, CONTROL_CLASS, ERROR_CLASS, LABEL_CLASS } from "../../components/forms/form-classes";
import { showToast as show, Toasts } from "../../components/forms/Toasts";
import { toastForResponse } from "../../lib/form-outcome";
import type { FinishOption } from "./catalogue";
import { SAMPLE_TOASTS, type SampleToastKind } from "./messages";
import {
  MAX_SAMPLES,
  SAMPLE_LIMITS,
  type SampleField,
  SampleRequestSchema,
  SHIPPING_COUNTRIES,
  sampleFieldErrors,
} from "./schema";

const ENDPOINT = "/api/request-samples";

type TextName = "name" | "email" | "company" | "phone" | "street" | "postal_code" | "city";
type Values = Record<TextName | "country", string>;
const EMPTY: Values = {
  name: "",
  email: "",
  company: "",
  phone: "",
  street: "",
  postal_code: "",
  city: "",
  country: "",
};
type Errors = Partial<Record<SampleField, string>>;

const PERSON: FieldSpec<TextName>[] = [
  { name: "name", label: "Name", type: "text", autoComplete: "name", required: true, maxLength: SAMPLE_LIMITS.name },
  {
    name: "email",
    label: "Email",
    type: "email",
    autoComplete: "email",
    required: true,
    maxLength: SAMPLE_LIMITS.email,
  },
  {
    name: "company",
    label: "Company",
    type: "text",
    autoComplete: "organization",
    maxLength: SAMPLE_LIMITS.company,
  },
  { name: "phone", label: "Phone", type: "tel", autoComplete: "tel", maxLength: SAMPLE_LIMITS.phone },
];
const ADDRESS: FieldSpec<TextName>[] = [
  {
    name: "street",
    label: "Street address",
    type: "text",
    autoComplete: "address-line1",
    required: true,
    maxLength: SAMPLE_LIMITS.street,
  },
  {
    name: "postal_code",
    label: "Postal code",
    type: "text",
    autoComplete: "postal-code",
    required: true,
    maxLength: SAMPLE_LIMITS.postal_code,
  },
  {
    name: "city",
    label: "City",
    type: "text",
    autoComplete: "address-level2",
    required: true,
    maxLength: SAMPLE_LIMITS.city,
  },
];

/** The form's text inputs post flat (`street`); their messages come keyed by the JSON path (`address.street`). */
const errorKey = (name: TextName | "country"): SampleField =>
  name === "street" || name === "postal_code" || name === "city" || name === "country" ? `address.${name}` : name;

function showToast(kind: SampleToastKind) {
  const { title, description } = SAMPLE_TOASTS[kind];
  show(kind === "success" ? "success" : "error", title, description);
}

interface Props {
  finishes: FinishOption[];
}

/**
 * The sample request form. Rendered on the server as a plain form that posts natively (one
 * `finishes` entry per ticked box), so it works without JavaScript; once hydrated it validates with
 * the shared schema, keeps the choice to four finishes, and posts JSON.
 */
export default function SampleForm({ finishes }: Props) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>(EMPTY);
  const [chosen, setChosen] = useState<string[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const [attempted, setAttempted] = useState(false);

  useEffect(() => {
    setHydrated(true);
    // A product page's link names one finish to start with: /samples?finish=felt-panels/moss
    const wanted = new URLSearchParams(window.location.search).get("finish");
    if (wanted && finishes.some((f) => f.key === wanted)) setChosen((c) => (c.length ? c : [wanted]));
  }, [finishes]);

  const honeypot = () => (formRef.current?.elements.namedItem("website") as HTMLInputElement | null)?.value ?? "";
  const payload = (v: Values, keys: string[], website: string) => ({
    name: v.name,
    email: v.email,
    company: v.company,
    phone: v.phone,
    address: { street: v.street, postal_code: v.postal_code, city: v.city, country: v.country },
    finishes: keys,
    website,
  });
  const validate = (v: Values, keys: string[], website: string) => {
    const result = SampleRequestSchema.safeParse(payload(v, keys, website));
    return result.success ? { ok: true, errors: {} } : { ok: false, errors: sampleFieldErrors(result.error) };
  };

  function update(field: keyof Values, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    if (attempted) setErrors(validate(next, chosen, honeypot()).errors);
  }

  function toggle(key: string, on: boolean) {
    const next = on ? [...chosen, key].slice(0, MAX_SAMPLES) : chosen.filter((k) => k !== key);
    setChosen(next);
    if (attempted) setErrors(validate(values, next, honeypot()).errors);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAttempted(true);
    const website = honeypot();
    const result = validate(values, chosen, website);
    setErrors(result.errors);
    if (!result.ok) {
      const first = (Object.keys(result.errors) as SampleField[]).find((f) => f !== "website");
      const name = first?.replace("address.", "");
      if (name) formRef.current?.querySelector<HTMLElement>(`[name="${name}"]`)?.focus();
      if (result.errors.website) showToast("error");
      return;
    }
    setSubmitting(true);
    try {
      const response = await fetch(ENDPOINT, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify(payload(values, chosen, website)),
      });
      const body: unknown = await response.json().catch(() => null);
      const kind = toastForResponse(response.status, body);
      showToast(kind);
      if (kind === "success") {
        setValues(EMPTY);
        setChosen([]);
        setErrors({});
        setAttempted(false);
      }
    } catch {
      showToast("error");
    } finally {
      setSubmitting(false);
    }
  }

  const textErrors = (specs: FieldSpec<TextName>[]) =>
    Object.fromEntries(specs.map((s) => [s.name, errors[errorKey(s.name)]])) as Partial<Record<TextName, string>>;
  const errorCount = Object.keys(errors).filter((f) => f !== "website").length;
  const full = chosen.length >= MAX_SAMPLES;
  const products = [...new Set(finishes.map((f) => f.product))];
  const countryError = errors["address.country"];

  return (
    <>
      <form
        ref={formRef}
        method="post"
        action={ENDPOINT}
        noValidate={hydrated}
        onSubmit={onSubmit}
        className="relative space-y-8"
        aria-describedby={`${id}-note`}
        data-hydrated={hydrated ? "" : undefined}
      >
        <p id={`${id}-note`} className="text-sm text-muted">
          Fields marked <span aria-hidden="true">*</span>
          <span className="sr-only">as required</span> are required.
        </p>

        <fieldset aria-describedby={`${id}-finishes-help${errors.finishes ? ` ${id}-finishes-error` : ""}`}>
          <legend className="font-display text-2xl text-ink">
            Finishes<span aria-hidden="true"> *</span>
          </legend>
          <p id={`${id}-finishes-help`} className="mt-2 text-sm text-ink-soft" aria-live="polite">
            Choose up to {MAX_SAMPLES}, from any products.
            {hydrated && ` ${chosen.length} of ${MAX_SAMPLES} chosen.`}
          </p>
          {errors.finishes && (
            <p id={`${id}-finishes-error`} className={ERROR_CLASS}>
              {errors.finishes}
            </p>
          )}
          <div className="mt-5 space-y-6">
            {products.map((product) => {
              const group = finishes.filter((f) => f.product === product);
              return (
                <fieldset key={product} id={`samples-${product}`} className="scroll-mt-28">
                  <legend className="text-sm font-semibold tracking-wide text-ink">{group[0]?.productName}</legend>
                  <ul className="mt-3 grid grid-cols-1 gap-2 min-[420px]:grid-cols-2 lg:grid-cols-3">
                    {group.map((finish) => {
                      const checked = chosen.includes(finish.key);
                      return (
                        <li key={finish.key}>
                          <label className="flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border border-stone bg-paper px-3 py-2 text-sm text-ink transition-colors has-checked:border-moss has-checked:bg-moss-soft has-disabled:cursor-not-allowed has-disabled:opacity-60">
                            <input
                              type="checkbox"
                              name="finishes"
                              value={finish.key}
                              checked={checked}
                              disabled={hydrated && full && !checked}
                              onChange={(e) => toggle(finish.key, e.target.checked)}
                              className="size-4 accent-moss"
                            />
                            {/* An SVG fill, not a style attribute: the pages' CSP allows no inline styles. */}
                            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" className="shrink-0">
                              <circle cx="12" cy="12" r="11.5" fill={finish.swatch} stroke="rgb(28 25 23 / 0.18)" />
                            </svg>
                            <span>{finish.name}</span>
                          </label>
                        </li>
                      );
                    })}
                  </ul>
                </fieldset>
              );
            })}
          </div>
        </fieldset>

        <fieldset>
          <legend className="font-display text-2xl text-ink">Your details</legend>
          <div className="mt-5 grid gap-6 sm:grid-cols-2">
            <TextFields idPrefix={id} fields={PERSON} values={values} errors={textErrors(PERSON)} onChange={update} />
          </div>
        </fieldset>

        <fieldset>
          <legend className="font-display text-2xl text-ink">Where to send them</legend>
          <div className="mt-5 grid gap-6 sm:grid-cols-2">
            <div className="sm:col-span-2">
              <TextFields
                idPrefix={id}
                fields={ADDRESS.slice(0, 1)}
                values={values}
                errors={textErrors(ADDRESS)}
                onChange={update}
              />
            </div>
            <TextFields
              idPrefix={id}
              fields={ADDRESS.slice(1)}
              values={values}
              errors={textErrors(ADDRESS)}
              onChange={update}
            />
            <div>
              <label htmlFor={`${id}-country`} className={LABEL_CLASS}>
                Country<span aria-hidden="true"> *</span>
              </label>
              <select
                id={`${id}-country`}
                name="country"
                autoComplete="country"
                required
                value={values.country}
                onChange={(e) => update("country", e.target.value)}
                aria-invalid={countryError ? true : undefined}
                aria-describedby={countryError ? `${id}-country-error` : undefined}
                className={`${CONTROL_CLASS} min-h-12 ${countryError ? CONTROL_BORDER.invalid : CONTROL_BORDER.valid}`}
              >
                <option value="">Choose a country</option>
                {SHIPPING_COUNTRIES.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name}
                  </option>
                ))}
              </select>
              {countryError && (
                <p id={`${id}-country-error`} className={ERROR_CLASS}>
                  {countryError}
                </p>
              )}
            </div>
          </div>
        </fieldset>

        {/* Honeypot: off screen, out of the tab order and hidden from assistive technology. */}
        <div className="absolute -left-[9999px] h-px w-px overflow-hidden" aria-hidden="true">
          <label htmlFor={`${id}-website`}>Leave this field empty</label>
          <input id={`${id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <p className="sr-only" aria-live="assertive">
          {errorCount > 0 ? `Please correct ${errorCount} ${errorCount === 1 ? "field" : "fields"}.` : ""}
        </p>
        <SubmitButton busy={submitting} label="Order free samples" busyLabel="Sending..." />
      </form>
      <Toasts />
    </>
  );
}
