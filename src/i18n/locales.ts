/**
 * The site's languages. English is the default and keeps the unprefixed addresses (/about); every
 * other language lives under its code (/et/about) with the same slugs. Adding a language is a code
 * here, a dictionary in ./dictionaries and a folder of content in content/<code>/.
 */
export const LOCALES = ["en", "et", "fi", "sv"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE = "en" satisfies Locale;
/** The languages translated from English. */
export const TRANSLATED_LOCALES = /* @__PURE__ */ LOCALES.filter((locale) => locale !== DEFAULT_LOCALE);

interface LocaleInfo {
  /** The language's own name for itself, as the language switcher shows it. */
  name: string;
  /** BCP 47 tag for `lang` and `hreflang`. */
  tag: string;
  /** The tag `Intl` formats numbers and dates with (English as written in Europe: 1 September 2026). */
  intl: string;
  /** Open Graph locale. */
  og: string;
}

export const LOCALE_INFO: Record<Locale, LocaleInfo> = {
  en: { name: "English", tag: "en", intl: "en-GB", og: "en_GB" },
  et: { name: "Eesti", tag: "et", intl: "et-EE", og: "et_EE" },
  fi: { name: "Suomi", tag: "fi", intl: "fi-FI", og: "fi_FI" },
  sv: { name: "Svenska", tag: "sv", intl: "sv-SE", og: "sv_SE" },
};

export const isLocale = (value: unknown): value is Locale =>
  typeof value === "string" && (LOCALES as readonly string[]).includes(value);

/** "/about" in Estonian is "/et/about"; the home page "/" is "/et". English paths stay as they are. */
export function localePath(locale: Locale, path: string): string {
  if (locale === DEFAULT_LOCALE) return path;
  return path === "/" ? `/${locale}` : `/${locale}${path}`;
}

/** The language of a site path and the path without its prefix: "/fi/about" gives fi and "/about". */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  const [, first, ...rest] = pathname.split("/");
  if (first && first !== DEFAULT_LOCALE && isLocale(first)) return { locale: first, path: `/${rest.join("/")}` };
  return { locale: DEFAULT_LOCALE, path: pathname || "/" };
}

/** Route parameters for a page built in every language: `lang` is undefined for English. */
export const LANGUAGE_PARAMS = /* @__PURE__ */ LOCALES.map((locale) => ({
  lang: locale === DEFAULT_LOCALE ? undefined : locale,
  locale,
}));
