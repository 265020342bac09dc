import { getEntry } from "astro:content";

/** The company's details from content/site.json, with the opening hours as the site shows them. */
export async function siteDetails() {
  const entry = await getEntry("site", "site");
  if (!entry) throw new Error("content/site.json is missing");
  const site = entry.data;
  const { days, open, close } = site.hours.weekdays;
  return {
    site,
    businessHours: `${days} ${open}-${close} ${site.hours.timezone}`,
    weekendHours: `Weekends ${site.hours.weekends.toLowerCase()}`,
  };
}
