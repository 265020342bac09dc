import { emailField, fieldMessages, honeypot, optionalText, PERSON_LIMITS, requiredText } from "../../lib/form-schema";
import type { ParseIssues } from "../../lib/zod-mini";
import * as z from "../../lib/zod-mini";

/** Where free samples are sent, by ISO 3166 code, in the order the form lists them. */
export const SHIPPING_COUNTRIES = [
  { code: "EE", name: "Estonia" },
  { code: "LV", name: "Latvia" },
  { code: "LT", name: "Lithuania" },
  { code: "FI", name: "Finland" },
  { code: "SE", name: "Sweden" },
  { code: "NO", name: "Norway" },
  { code: "DK", name: "Denmark" },
  { code: "IS", name: "Iceland" },
] as const;
export type CountryCode = (typeof SHIPPING_COUNTRIES)[number]["code"];
const COUNTRY_CODES = SHIPPING_COUNTRIES.map((c) => c.code) as [CountryCode, ...CountryCode[]];

export const countryName = (code: string) => SHIPPING_COUNTRIES.find((c) => c.code === code)?.name ?? code;

/** Most finishes one request may ask for, across all products. */
export const MAX_SAMPLES = 4;

/** Longest accepted value of each field, counted like the contact form's. */
export const SAMPLE_LIMITS = {
  ...PERSON_LIMITS,
  street: 200,
  postal_code: 12,
  city: 100,
} as const;

/** A finish as the form names it: `<product slug>/<finish id>`, e.g. `felt-panels/moss`. */
export const FINISH_KEY = /^[a-z0-9]+(?:-[a-z0-9]+)*\/[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const finishKey = (product: string, finish: string) => `${product}/${finish}`;

const FINISHES_MESSAGE = `Choose between 1 and ${MAX_SAMPLES} finishes`;

export const AddressSchema = z.object(
  {
    street: requiredText(
      SAMPLE_LIMITS.street,
      "Street address is required",
      `Street address must be less than ${SAMPLE_LIMITS.street} characters`,
    ),
    postal_code: requiredText(
      SAMPLE_LIMITS.postal_code,
      "Postal code is required",
      `Postal code must be less than ${SAMPLE_LIMITS.postal_code} characters`,
    ),
    city: requiredText(
      SAMPLE_LIMITS.city,
      "City is required",
      `City must be less than ${SAMPLE_LIMITS.city} characters`,
    ),
    country: z.enum(COUNTRY_CODES, { error: "Choose a country we send samples to" }),
  },
  { error: "Address is required" },
);
export type Address = z.output<typeof AddressSchema>;

/**
 * The sample request form, validated identically in the browser and in the request-samples function.
 * Whether each finish exists is checked on the server against the product catalogue.
 */
export const SampleRequestSchema = z.object({
  name: requiredText(SAMPLE_LIMITS.name, "Name is required", "Name must be less than 100 characters"),
  email: emailField(SAMPLE_LIMITS.email),
  company: optionalText(SAMPLE_LIMITS.company, "Company name must be less than 100 characters"),
  phone: optionalText(SAMPLE_LIMITS.phone, "Phone number must be less than 20 characters"),
  address: AddressSchema,
  finishes: z.array(z.string().check(z.regex(FINISH_KEY, "Unknown finish")), { error: FINISHES_MESSAGE }).check(
    z.minLength(1, FINISHES_MESSAGE),
    z.maxLength(MAX_SAMPLES, FINISHES_MESSAGE),
    z.refine((keys) => new Set(keys).size === keys.length, "Choose each finish once"),
  ),
  website: honeypot(),
});
export type SampleRequestInput = z.input<typeof SampleRequestSchema>;
export type SampleRequest = z.output<typeof SampleRequestSchema>;

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
  };
}
