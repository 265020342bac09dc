import { z } from "zod";
import { SeoSchema } from "./seo";

const Card = z.strictObject({
  title: z.string().min(1),
  text: z.string().min(1),
});

/** Front matter of content/pages/home.mdx. */
export const HomePageSchema = SeoSchema.extend({
  template: z.literal("home"),
  hero: z.strictObject({
    eyebrow: z.string().min(1),
    heading: z.string().min(1),
    lead: z.string().min(1),
  }),
  whyChoose: z.strictObject({
    heading: z.string().min(1),
    intro: z.string().min(1),
    cards: z.tuple([Card, Card, Card]).describe("Exactly three cards, shown in this order"),
  }),
  closing: z.strictObject({
    heading: z.string().min(1),
    text: z.string().min(1),
  }),
}).strict();

/** Front matter of content/pages/about.mdx; the story itself is the MDX body. */
export const AboutPageSchema = SeoSchema.extend({
  template: z.literal("about"),
  heading: z.string().min(1),
  lead: z.string().min(1),
  values: z.tuple([Card, Card, Card, Card]).describe("Innovation, Quality, Sustainability, Service"),
  expertise: z.tuple([Card, Card, Card]).describe("The three areas of expertise"),
}).strict();

export const PageSchema = z.discriminatedUnion("template", [HomePageSchema, AboutPageSchema]);

export type HomePage = z.infer<typeof HomePageSchema>;
export type AboutPage = z.infer<typeof AboutPageSchema>;
export type Page = z.infer<typeof PageSchema>;
