import { SeoSchema } from "../../lib/seo-schema";
import { z } from "../../lib/zod";

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

const AspectText = z.strictObject({ heading: z.string().min(1), body: z.string().min(40) });

/** Front matter of content/pages/spatial-solutions.mdx, including the generic text for space pages. */
export const SpatialSolutionsPageSchema = SeoSchema.extend({
  template: z.literal("spatial-solutions"),
  heading: z.string().min(1),
  lead: z.string().min(1),
  cards: z.tuple([
    z.strictObject({ audience: z.literal("private"), title: z.string().min(1), text: z.string().min(1) }),
    z.strictObject({ audience: z.literal("public"), title: z.string().min(1), text: z.string().min(1) }),
  ]),
  consultation: z.strictObject({ heading: z.string().min(1), text: z.string().min(1) }),
  genericAspects: z
    .strictObject({
      "acoustic-characteristics": AspectText,
      "optimal-levels": AspectText,
      "enhancing-acoustics": AspectText,
    })
    .describe("Shown on every space page that has no text of its own for an aspect"),
}).strict();

/** Front matter of content/pages/private-spaces.mdx and public-spaces.mdx. */
export const SpaceListPageSchema = SeoSchema.extend({
  template: z.literal("space-list"),
  audience: z.enum(["private", "public"]),
  heading: z.string().min(1),
  lead: z.string().min(1),
}).strict();

export const PageSchema = z.discriminatedUnion("template", [
  HomePageSchema,
  AboutPageSchema,
  SpatialSolutionsPageSchema,
  SpaceListPageSchema,
]);

export type HomePage = z.infer<typeof HomePageSchema>;
export type AboutPage = z.infer<typeof AboutPageSchema>;
export type SpatialSolutionsPage = z.infer<typeof SpatialSolutionsPageSchema>;
export type SpaceListPage = z.infer<typeof SpaceListPageSchema>;
export type Page = z.infer<typeof PageSchema>;
