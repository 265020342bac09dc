import { getEntry } from "astro:content";
import { dictionary } from "../i18n/dictionary";
import { DEFAULT_LOCALE, type Locale } from "../i18n/locales";
import { overlay } from "../i18n/localize";
import { type Company, companyBlock } from "./pdf/company";

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

/** The company in `locale` as the PDF documents print it: the datasheets, and the report the calculator passes it to. */
export async function companyDetails(locale: Locale): Promise<Company> {
  const { site, businessHours } = await siteDetails(locale);
  return companyBlock(site, businessHours);
}
