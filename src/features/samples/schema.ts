import { fill } from "../../i18n/fill";
import { type CountryCode, SHIPPING_COUNTRIES } from "../../lib/countries";
import type { ParseIssues } from "../../lib/zod-mini";
import * as z from "../../lib/zod-mini";
import { fieldMessages, PERSON_LIMITS, type PersonMessages, personFields, requiredText } from "../forms/schema";
import { FINISH_KEY } from "../products/finish-key";

const COUNTRY_CODES = SHIPPING_COUNTRIES.map((c) => c.code) as [CountryCode, ...CountryCode[]];

/** Most finishes one request may ask for, across all products. */
export const MAX_SAMPLES = 4;

/** Longest accepted value of each field, counted like the contact form's. */
export const SAMPLE_LIMITS = {
  ...PERSON_LIMITS,
  street: 200,
  postal_code: 12,
  city: 100,
} as const;

/** The sample form's validation messages, in the visitor's language (src/i18n: forms.validation and samples.form). */
export interface SampleMessages extends PersonMessages {
  streetRequired: string;
  streetTooLong: string;
  postalCodeRequired: string;
  postalCodeTooLong: string;
  cityRequired: string;
  cityTooLong: string;
  countryInvalid: string;
  addressRequired: string;
  finishesCount: string;
  finishUnknown: string;
  finishTwice: string;
}

// @__NO_SIDE_EFFECTS__
export function addressSchema(m: SampleMessages) {
  const max = SAMPLE_LIMITS;
  return z.object(
    {
      street: requiredText(max.street, m.streetRequired, fill(m.streetTooLong, { max: max.street })),
      postal_code: requiredText(
        max.postal_code,
        m.postalCodeRequired,
        fill(m.postalCodeTooLong, { max: max.postal_code }),
      ),
      city: requiredText(max.city, m.cityRequired, fill(m.cityTooLong, { max: max.city })),
      country: z.enum(COUNTRY_CODES, { error: m.countryInvalid }),
    },
    { error: m.addressRequired },
  );
}
export type Address = z.output<ReturnType<typeof addressSchema>>;

/**
 * The sample request form, validated identically in the browser (with the page's language's
 * messages) and in the request-samples function (with the English ones). Whether each finish exists
 * is checked on the server against the product catalogue.
 */
// @__NO_SIDE_EFFECTS__
export function sampleRequestSchema(m: SampleMessages) {
  const count = fill(m.finishesCount, { max: MAX_SAMPLES });
  return z.object({
    ...personFields(m),
    address: addressSchema(m),
    finishes: z.array(z.string().check(z.regex(FINISH_KEY, m.finishUnknown)), { error: count }).check(
      z.minLength(1, count),
      z.maxLength(MAX_SAMPLES, count),
      z.refine((keys) => new Set(keys).size === keys.length, m.finishTwice),
    ),
  });
}
type SampleRequestSchema = ReturnType<typeof sampleRequestSchema>;
export type SampleRequestInput = z.input<SampleRequestSchema>;
export type SampleRequest = z.output<SampleRequestSchema>;

/** The fields a message can be shown beside; a nested one by its dotted path. */
export const SAMPLE_FIELDS = [
  "name",
  "email",
  "company",
  "phone",
  "address.street",
  "address.postal_code",
  "address.city",
  "address.country",
  "finishes",
  "website",
] as const;
export type SampleField = (typeof SAMPLE_FIELDS)[number];

/** Field messages from a failed parse, the first per field; a finish's own issue counts for "finishes". */
export function sampleFieldErrors(error: ParseIssues): Partial<Record<SampleField, string>> {
  const known = new Set<string>(SAMPLE_FIELDS);
  const messages = fieldMessages(error, (path) => known.has(path) || path === "address");
  const result: Partial<Record<SampleField, string>> = {};
  for (const [path, message] of Object.entries(messages)) {
    if (path === "address")
      for (const field of SAMPLE_FIELDS.filter((f) => f.startsWith("address."))) result[field] ??= message;
    else result[path as SampleField] = message;
  }
  return result;
}

/** The form post without JavaScript: flat fields, one `finishes` entry per ticked finish. */
export function fromFormPost(params: URLSearchParams): Record<string, unknown> {
  const one = (name: string) => params.get(name) ?? undefined;
  return {
    name: one("name"),
    email: one("email"),
    company: one("company"),
    phone: one("phone"),
    address: { street: one("street"), postal_code: one("postal_code"), city: one("city"), country: one("country") },
    finishes: params.getAll("finishes"),
    website: one("website"),
    language: one("language"),
  };
}
