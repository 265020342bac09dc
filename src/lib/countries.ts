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

/** "Finland" for "FI", in English; a code outside the list is shown as it is. */
export const countryName = (code: string): string => SHIPPING_COUNTRIES.find((c) => c.code === code)?.name ?? code;
