/**
 * The company as the PDF documents print it, in their footers and contact panels. Built here from the
 * site's details only, so the datasheets made at build and the report made in the browser name it alike.
 */
import type { Site } from "../site-schema";

export interface Company {
  name: string;
  legalName: string;
  email: string;
  phone: string;
  /** "Tallinn, Estonia". */
  place: string;
  /** Opening hours as the site states them. */
  hours: string;
}

/** The company from content/site.json (in the document's language) and its opening hours as the site states them. */
export const companyBlock = (
  site: Pick<Site, "name" | "legalName" | "email" | "phone"> & { address: Pick<Site["address"], "city" | "country"> },
  hours: string,
): Company => ({
  name: site.name,
  legalName: site.legalName,
  email: site.email,
  phone: site.phone,
  place: `${site.address.city}, ${site.address.country}`,
  hours,
});
