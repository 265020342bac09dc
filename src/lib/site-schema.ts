import { z } from "./zod";

/** The company's own details, kept in content/site.json so they change in one place. */
export const SiteSchema = z.strictObject({
  name: z.string().min(1).describe("Brand name shown in the header, titles and footer"),
  legalName: z.string().min(1).describe("Registered company name for the footer"),
  slogan: z.string().min(1),
  tagline: z.string().min(1).describe("One sentence on what the company does"),
  description: z.string().min(1).max(160).describe("Default meta description"),
  email: z.email(),
  phone: z.string().regex(/^\+?[0-9 ()-]{6,20}$/, "Phone must be digits, spaces and an optional leading +"),
  address: z.strictObject({
    city: z.string().min(1),
    country: z.string().min(1),
    region: z.literal("EU"),
  }),
  hours: z.strictObject({
    timezone: z.string().min(2),
    weekdays: z.strictObject({
      days: z.string().min(1),
      open: z.string().regex(/^\d{1,2}:\d{2}$/),
      close: z.string().regex(/^\d{1,2}:\d{2}$/),
    }),
    weekends: z.string().min(1),
  }),
  responseTimeHours: z.number().int().positive(),
  shipsTo: z.string().min(1),
});

/** The company details' translation, content/<language>/site.json: the words among them. */
export const SiteTextSchema = SiteSchema.pick({ slogan: true, tagline: true, description: true, shipsTo: true })
  .extend({
    address: SiteSchema.shape.address.pick({ city: true, country: true }),
    hours: z.strictObject({
      weekdays: SiteSchema.shape.hours.shape.weekdays.pick({ days: true }),
      weekends: SiteSchema.shape.hours.shape.weekends,
    }),
  })
  .strict();

export type Site = z.infer<typeof SiteSchema>;
