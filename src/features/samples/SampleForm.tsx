import { useEffect, useMemo, useState } from "react";
import { fill } from "../../i18n/fill";
import type { Locale } from "../../i18n/locales";
import { type FieldSpec, TextFields } from "../forms/FormField";
import { CONTROL_BORDER, CONTROL_CLASS, ERROR_CLASS, LABEL_CLASS } from "../forms/form-classes";
import { PublicForm, personFieldSpecs, useDraft, usePublicForm } from "../forms/PublicForm";
import type { FinishOption } from "./catalogue";
import type { SampleFormTexts } from "./messages";
import { MAX_SAMPLES, SAMPLE_LIMITS, type SampleField, sampleFieldErrors, sampleRequestSchema } from "./schema";

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
interface Draft {
  values: Values;
  chosen: string[];
}
const isEmptyDraft = ({ values, chosen }: Draft) =>
  chosen.length === 0 && Object.values(values).every((value) => value === "");

const addressFields = (t: SampleFormTexts["form"]): FieldSpec<TextName>[] => [
  {
    name: "street",
    label: t.street,
    type: "text",
    autoComplete: "address-line1",
    required: true,
    maxLength: SAMPLE_LIMITS.street,
  },
  {
    name: "postal_code",
    label: t.postalCode,
    type: "text",
    autoComplete: "postal-code",
    required: true,
    maxLength: SAMPLE_LIMITS.postal_code,
  },
  {
    name: "city",
    label: t.city,
    type: "text",
    autoComplete: "address-level2",
    required: true,
    maxLength: SAMPLE_LIMITS.city,
  },
];

/** The form's text inputs post flat (`street`); their messages come keyed by the JSON path (`address.street`). */
const errorKey = (name: TextName | "country"): SampleField =>
  name === "street" || name === "postal_code" || name === "city" || name === "country" ? `address.${name}` : name;

interface Props {
  finishes: FinishOption[];
  /** The countries samples go to, named in the page's language, in the form's order. */
  countries: { code: string; name: string }[];
  /** The page's language: posted with the request, and the language of every text below. */
  language: Locale;
  texts: SampleFormTexts;
}

/**
 * The sample request form. Rendered on the server as a plain form that posts natively (one
 * `finishes` entry per ticked box), so it works without JavaScript; once hydrated it validates with
 * the shared schema, keeps the choice to four finishes, and posts JSON.
 */
export default function SampleForm({ finishes, countries, language, texts }: Props) {
  const schema = useMemo(() => sampleRequestSchema({ ...texts.forms.validation, ...texts.form }), [texts]);
  const PERSON = useMemo(() => personFieldSpecs(texts.forms), [texts]);
  const ADDRESS = useMemo(() => addressFields(texts.form), [texts]);
  const [values, setValues] = useState<Values>(EMPTY);
  const [chosen, setChosen] = useState<string[]>([]);

  const payload = (v: Values, keys: string[], website: string) => ({
    name: v.name,
    email: v.email,
    company: v.company,
    phone: v.phone,
    address: { street: v.street, postal_code: v.postal_code, city: v.city, country: v.country },
    finishes: keys,
    website,
    language,
  });
  const check = (v: Values, keys: string[]) => (website: string) => {
    const { language: _, ...fields } = payload(v, keys, website);
    const result = schema.safeParse(fields);
    return result.success ? { ok: true, errors: {} } : { ok: false, errors: sampleFieldErrors(result.error) };
  };
  const form = usePublicForm<SampleField>({
    endpoint: ENDPOINT,
    texts,
    check: check(values, chosen),
    body: (website) => payload(values, chosen, website),
    reset: () => {
      setValues(EMPTY);
      setChosen([]);
    },
    controlOf: (field) => field.replace("address.", ""),
  });
  const { id, errors, hydrated } = form;
  const draft = useMemo(() => ({ values, chosen }), [values, chosen]);
  useDraft<Draft>(`form-draft:${ENDPOINT}`, draft, isEmptyDraft, (saved) => {
    setValues({ ...EMPTY, ...saved.values });
    setChosen(Array.isArray(saved.chosen) ? saved.chosen.filter((key) => finishes.some((f) => f.key === key)) : []);
  });

  useEffect(() => {
    // A product page's link names one finish to start with: /samples?finish=felt-panels/moss
    const wanted = new URLSearchParams(window.location.search).get("finish");
    if (wanted && finishes.some((f) => f.key === wanted)) setChosen((c) => (c.length ? c : [wanted]));
  }, [finishes]);

  function update(field: keyof Values, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    form.recheck(check(next, chosen));
  }

  function toggle(key: string, on: boolean) {
    const next = on ? [...chosen, key].slice(0, MAX_SAMPLES) : chosen.filter((k) => k !== key);
    setChosen(next);
    form.recheck(check(values, next));
  }

  const textErrors = (specs: FieldSpec<TextName>[]) =>
    Object.fromEntries(specs.map((s) => [s.name, errors[errorKey(s.name)]])) as Partial<Record<TextName, string>>;
  const full = chosen.length >= MAX_SAMPLES;
  const products = [...new Set(finishes.map((f) => f.product))];
  const countryError = errors["address.country"];
  const f = texts.form;

  return (
    <PublicForm form={form} language={language} sendLabel={f.send} className="space-y-8">
      <fieldset aria-describedby={`${id}-finishes-help${errors.finishes ? ` ${id}-finishes-error` : ""}`}>
        <legend className="font-display text-2xl text-ink">
          {f.finishes}
          <span aria-hidden="true"> *</span>
        </legend>
        <p id={`${id}-finishes-help`} className="mt-2 text-sm text-ink-soft" aria-live="polite">
          {fill(f.chooseUpTo, { max: MAX_SAMPLES })}
          {hydrated && ` ${fill(f.chosen, { count: chosen.length, max: MAX_SAMPLES })}`}
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
        <legend className="font-display text-2xl text-ink">{f.details}</legend>
        <div className="mt-5 grid gap-6 sm:grid-cols-2">
          <TextFields idPrefix={id} fields={PERSON} values={values} errors={textErrors(PERSON)} onChange={update} />
        </div>
      </fieldset>

      <fieldset>
        <legend className="font-display text-2xl text-ink">{f.where}</legend>
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
              {f.country}
              <span aria-hidden="true"> *</span>
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
              <option value="">{f.chooseCountry}</option>
              {countries.map((c) => (
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
    </PublicForm>
  );
}
