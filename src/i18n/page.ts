import { normalisePath } from "../lib/paths";
import { dictionary } from "./dictionary";
import { formats } from "./format";
import { LOCALE_INFO, localePath, splitLocale } from "./locales";

/**
 * Everything a page or component needs for its language, from the page's address: the language, its
 * dictionary `t`, `href` to turn a site path into the same language's path, and its number formats.
 */
export function pageLanguage(url: URL) {
  // As built, a page's own address may end in .html (/fi.html for /fi).
  const { locale, path } = splitLocale(normalisePath(url.pathname));
  return {
    locale,
    /** The page's path without its language prefix, the same for every language. */
    path,
    tag: LOCALE_INFO[locale].tag,
    t: dictionary(locale),
    href: (sitePath: string) => localePath(locale, sitePath),
    format: formats(locale),
  };
}
