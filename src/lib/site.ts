import raw from "../../content/site.json";
import { SiteSchema } from "./site-schema";

/** Validated at import, so a bad edit to content/site.json fails the build with the field's name. */
export const site = SiteSchema.parse(raw);

export const businessHours = `${site.hours.weekdays.days} ${site.hours.weekdays.open}-${site.hours.weekdays.close} ${site.hours.timezone}`;
export const weekendHours = `Weekends ${site.hours.weekends.toLowerCase()}`;
