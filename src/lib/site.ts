import { getEntry } from "astro:content";
import { dictionary } from "../i18n/dictionary";
import { DEFAULT_LOCALE, type Locale } from "../i18n/locales";
import { overlay } from "../i18n/localize";

/** The company's details from content/site.json in `locale`, with the opening hours as the site shows them. */
export async function siteDetails(locale: Locale) {
  const entry = await getEntry("site", "site");
  if (!entry) throw new Error("content/site.json is missing");
  let site = entry.data;
  if (locale !== DEFAULT_LOCALE) {
    const text = await getEntry("siteText", locale);
    if (!text) throw new Error(`Missing ${locale} translation of content/site.json: add content/${locale}/site.json`);
    site = overlay(site, text.data, `content/${locale}/site.json`);
  }
  const { days, open, close } = site.hours.weekdays;
  return {
    site,
    businessHours: `${days} ${open}-${close} ${site.hours.timezone}`,
    weekendHours: dictionary(locale).footer.weekendHours(site.hours.weekends),
  };
}
