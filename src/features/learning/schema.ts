import { SeoSchema } from "../../lib/seo-schema";
import { z } from "../../lib/zod";

export const QuestionSchema = z.strictObject({
  question: z.string().min(5).max(140),
  answer: z.string().min(40).describe("Plain text; separate paragraphs with a blank line"),
});

const base = SeoSchema.extend({
  heading: z.string().min(1),
  intro: z.string().min(1),
  order: z.number().int().min(1),
});

/** A page of questions and answers shown as an accordion (and as FAQPage structured data). */
export const FaqPageSchema = base
  .extend({
    kind: z.literal("faq"),
    items: z.array(QuestionSchema).min(5).max(6),
  })
  .strict();

/** A menu page linking to other learning pages. */
export const MenuPageSchema = base
  .extend({
    kind: z.literal("menu"),
    entries: z.array(z.strictObject({ slug: z.string().regex(/^[a-z0-9-]+$/), summary: z.string().min(10) })).min(1),
  })
  .strict();

export const LearningSchema = z.discriminatedUnion("kind", [FaqPageSchema, MenuPageSchema]);

/** A learning page's translation, content/<language>/learning/<slug>.mdx: all but its order. */
export const LearningTextSchema = z.discriminatedUnion("kind", [
  FaqPageSchema.omit({ order: true }),
  MenuPageSchema.omit({ order: true }),
]);
export type LearningPage = z.infer<typeof LearningSchema>;
export type Question = z.infer<typeof QuestionSchema>;
