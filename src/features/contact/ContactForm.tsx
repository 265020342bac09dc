import { useEffect, useMemo, useState } from "react";
import type { Locale } from "../../i18n/locales";
import { TextAreaField, TextFields } from "../forms/FormField";
import { PublicForm, personFieldSpecs, useDraft, usePublicForm } from "../forms/PublicForm";
import type { ContactFormTexts } from "./messages";
import { type ProductOption, prefillCalculation, prefillMessage } from "./prefill";
import { CONTACT_LIMITS, type ContactField, contactSchema, fieldErrors } from "./schema";

const ENDPOINT = "/api/submit-contact-form";
type Values = Record<Exclude<ContactField, "website">, string>;
const EMPTY: Values = { name: "", email: "", company: "", phone: "", message: "" };
const isEmpty = (values: Values) => Object.values(values).every((value) => value === "");

interface Props {
  products: ProductOption[];
  /** The page's language: posted with the message, and the language of every text below. */
  language: Locale;
  texts: ContactFormTexts;
}

/**
 * The contact form. Rendered on the server as a plain form that posts natively, so it works before
 * hydration and without JavaScript; once hydrated it validates with the shared schema and posts JSON.
 */
export default function ContactForm({ products, language, texts }: Props) {
  const schema = useMemo(() => contactSchema({ ...texts.forms.validation, ...texts.form }), [texts]);
  const person = useMemo(() => personFieldSpecs(texts.forms), [texts]);
  const [values, setValues] = useState<Values>(EMPTY);
  const [calculation, setCalculation] = useState<string | null>(null);

  const check = (next: Values) => (website: string) => {
    const result = schema.safeParse({ ...next, website });
    return result.success ? { ok: true, errors: {} } : { ok: false, errors: fieldErrors(result.error) };
  };
  const form = usePublicForm<ContactField>({
    endpoint: ENDPOINT,
    texts,
    check: check(values),
    body: (website) => ({ ...values, website, language }),
    reset: () => setValues(EMPTY),
  });

  useDraft(`form-draft:${ENDPOINT}`, values, isEmpty, (saved) => setValues({ ...EMPTY, ...saved }));

  useEffect(() => {
    const prefill = prefillMessage(window.location.search, products, texts.form.quoteFor);
    if (prefill) setValues((v) => (v.message ? v : { ...v, message: prefill }));
    setCalculation(prefillCalculation(window.location.search, window.location.origin));
  }, [products, texts]);

  function update(field: keyof Values, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    form.recheck(check(next));
  }

  return (
    <PublicForm form={form} language={language} sendLabel={texts.form.send} className="space-y-6">
      <div className="grid gap-6 sm:grid-cols-2">
        <TextFields idPrefix={form.id} fields={person} values={values} errors={form.errors} onChange={update} />
      </div>
      <TextAreaField
        id={`${form.id}-message`}
        label={texts.form.message}
        error={form.errors.message}
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
    </PublicForm>
  );
}
