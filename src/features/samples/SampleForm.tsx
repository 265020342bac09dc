import { type Dispatch, type SetStateAction, useEffect, useMemo, useState } from "react";
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

type Errors = Partial<Record<SampleField, string>>;
type FormTexts = SampleFormTexts["form"];

/** The JSON body the form posts: the address nested, the finishes' keys, the honeypot and the page's language. */
const payload = (v: Values, keys: string[], website: string, language: Locale) => ({
  name: v.name,
  email: v.email,
  company: v.company,
  phone: v.phone,
  address: { street: v.street, postal_code: v.postal_code, city: v.city, country: v.country },
  finishes: keys,
  website,
  language,
});

/** The text inputs' messages, each under its input's own name. */
const textErrors = (specs: FieldSpec<TextName>[], errors: Errors) =>
  Object.fromEntries(specs.map((s) => [s.name, errors[errorKey(s.name)]])) as Partial<Record<TextName, string>>;

/** Starts with the finish a product page's link names (/samples?finish=felt-panels/moss), unless one is chosen. */
function useFinishFromAddress(finishes: FinishOption[], setChosen: Dispatch<SetStateAction<string[]>>) {
  useEffect(() => {
    const wanted = new URLSearchParams(window.location.search).get("finish");
    if (wanted && finishes.some((f) => f.key === wanted)) setChosen((c) => (c.length ? c : [wanted]));
  }, [finishes, setChosen]);
}

/**
 * The request's state: the text values and the finishes chosen (at most four), checked with the shared
 * schema (on submit, then on every change), posted as JSON and kept as a draft in the tab.
 */
function useSampleRequest(finishes: FinishOption[], language: Locale, texts: SampleFormTexts) {
  const schema = useMemo(() => sampleRequestSchema({ ...texts.forms.validation, ...texts.form }), [texts]);
  const [values, setValues] = useState<Values>(EMPTY);
  const [chosen, setChosen] = useState<string[]>([]);

  const check = (v: Values, keys: string[]) => (website: string) => {
    const { language: _, ...fields } = payload(v, keys, website, language);
    const result = schema.safeParse(fields);
    return result.success ? { ok: true, errors: {} } : { ok: false, errors: sampleFieldErrors(result.error) };
  };
  const form = usePublicForm<SampleField>({
    endpoint: ENDPOINT,
    texts,
    check: check(values, chosen),
    body: (website) => payload(values, chosen, website, language),
    reset: () => {
      setValues(EMPTY);
      setChosen([]);
    },
    controlOf: (field) => field.replace("address.", ""),
  });
  const draft = useMemo(() => ({ values, chosen }), [values, chosen]);
  useDraft<Draft>(`form-draft:${ENDPOINT}`, draft, isEmptyDraft, (saved) => {
    setValues({ ...EMPTY, ...saved.values });
    setChosen(Array.isArray(saved.chosen) ? saved.chosen.filter((key) => finishes.some((f) => f.key === key)) : []);
  });
  useFinishFromAddress(finishes, setChosen);

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

  return { form, values, chosen, update, toggle };
}

/**
 * The sample request form. Rendered on the server as a plain form that posts natively (one
 * `finishes` entry per ticked box), so it works without JavaScript; once hydrated it validates with
 * the shared schema, keeps the choice to four finishes, and posts JSON.
 */
export default function SampleForm({ finishes, countries, language, texts }: Props) {
  const { form, values, chosen, update, toggle } = useSampleRequest(finishes, language, texts);
  const { id, errors, hydrated } = form;
  return (
    <PublicForm form={form} language={language} sendLabel={texts.form.send} className="space-y-8">
      <FinishesFieldset
        id={id}
        errors={errors}
        hydrated={hydrated}
        finishes={finishes}
        chosen={chosen}
        onToggle={toggle}
        t={texts.form}
      />
      <DetailsFieldset id={id} errors={errors} values={values} onChange={update} texts={texts} />
      <AddressFieldset id={id} errors={errors} values={values} onChange={update} countries={countries} texts={texts} />
    </PublicForm>
  );
}

/** The finishes, grouped by product, with how many are chosen of the most allowed and the choice's error. */
function FinishesFieldset({
  id,
  errors,
  hydrated,
  finishes,
  chosen,
  onToggle,
  t,
}: {
  id: string;
  errors: Errors;
  hydrated: boolean;
  finishes: FinishOption[];
  chosen: string[];
  onToggle: (key: string, on: boolean) => void;
  t: FormTexts;
}) {
  const full = chosen.length >= MAX_SAMPLES;
  const products = [...new Set(finishes.map((f) => f.product))];
  return (
    <fieldset aria-describedby={`${id}-finishes-help${errors.finishes ? ` ${id}-finishes-error` : ""}`}>
      <legend className="font-display text-2xl text-ink">
        {t.finishes}
        <span aria-hidden="true"> *</span>
      </legend>
      <p id={`${id}-finishes-help`} className="mt-2 text-sm text-ink-soft" aria-live="polite">
        {fill(t.chooseUpTo, { max: MAX_SAMPLES })}
        {hydrated && ` ${fill(t.chosen, { count: chosen.length, max: MAX_SAMPLES })}`}
      </p>
      {errors.finishes && (
        <p id={`${id}-finishes-error`} className={ERROR_CLASS}>
          {errors.finishes}
        </p>
      )}
      <div className="mt-5 space-y-6">
        {products.map((product) => (
          <FinishGroup
            key={product}
            product={product}
            group={finishes.filter((f) => f.product === product)}
            chosen={chosen}
            // Once the most are chosen, the boxes not ticked are disabled (after hydration only).
            locked={hydrated && full}
            onToggle={onToggle}
          />
        ))}
      </div>
    </fieldset>
  );
}

/** One product's finishes, each a checkbox with its colour swatch. */
function FinishGroup({
  product,
  group,
  chosen,
  locked,
  onToggle,
}: {
  product: string;
  group: FinishOption[];
  chosen: string[];
  locked: boolean;
  onToggle: (key: string, on: boolean) => void;
}) {
  return (
    <fieldset id={`samples-${product}`} className="scroll-mt-28">
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
                  disabled={locked && !checked}
                  onChange={(e) => onToggle(finish.key, e.target.checked)}
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
}

interface TextFieldsetProps {
  id: string;
  errors: Errors;
  values: Values;
  onChange: (field: keyof Values, value: string) => void;
  texts: SampleFormTexts;
}

/** The requester's name, email, company and phone. */
function DetailsFieldset({ id, errors, values, onChange, texts }: TextFieldsetProps) {
  const PERSON = useMemo(() => personFieldSpecs(texts.forms), [texts]);
  return (
    <fieldset>
      <legend className="font-display text-2xl text-ink">{texts.form.details}</legend>
      <div className="mt-5 grid gap-6 sm:grid-cols-2">
        <TextFields
          idPrefix={id}
          fields={PERSON}
          values={values}
          errors={textErrors(PERSON, errors)}
          onChange={onChange}
        />
      </div>
    </fieldset>
  );
}

/** Where the samples go: the street across the row, then postal code, city and country. */
function AddressFieldset({
  id,
  errors,
  values,
  onChange,
  countries,
  texts,
}: TextFieldsetProps & { countries: Props["countries"] }) {
  const ADDRESS = useMemo(() => addressFields(texts.form), [texts]);
  return (
    <fieldset>
      <legend className="font-display text-2xl text-ink">{texts.form.where}</legend>
      <div className="mt-5 grid gap-6 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <TextFields
            idPrefix={id}
            fields={ADDRESS.slice(0, 1)}
            values={values}
            errors={textErrors(ADDRESS, errors)}
            onChange={onChange}
          />
        </div>
        <TextFields
          idPrefix={id}
          fields={ADDRESS.slice(1)}
          values={values}
          errors={textErrors(ADDRESS, errors)}
          onChange={onChange}
        />
        <CountrySelect
          id={id}
          error={errors["address.country"]}
          value={values.country}
          onChange={(value) => onChange("country", value)}
          countries={countries}
          t={texts.form}
        />
      </div>
    </fieldset>
  );
}

/** The country the samples go to, from the countries they can go to, with its error. */
function CountrySelect({
  id,
  error,
  value,
  onChange,
  countries,
  t,
}: {
  id: string;
  error: string | undefined;
  value: string;
  onChange: (value: string) => void;
  countries: Props["countries"];
  t: FormTexts;
}) {
  return (
    <div>
      <label htmlFor={`${id}-country`} className={LABEL_CLASS}>
        {t.country}
        <span aria-hidden="true"> *</span>
      </label>
      <select
        id={`${id}-country`}
        name="country"
        autoComplete="country"
        required
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-country-error` : undefined}
        className={`${CONTROL_CLASS} min-h-12 ${error ? CONTROL_BORDER.invalid : CONTROL_BORDER.valid}`}
      >
        <option value="">{t.chooseCountry}</option>
        {countries.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-country-error`} className={ERROR_CLASS}>
          {error}
        </p>
      )}
    </div>
  );
}
