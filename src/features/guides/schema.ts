import { SeoSchema } from "../../lib/seo-schema";
import { z } from "../../lib/zod";

export const GuideStepSchema = z.strictObject({
  title: z.string().min(3).max(80).describe("The step in a few words, e.g. “Set out the battens”"),
  text: z
    .string()
    .min(20)
    .max(700)
    .describe(
      "What to do, in plain sentences. Sizes, spacing and depth come from the product data: do not repeat them",
    ),
});

/**
 * An installation guide, content/guides/<method>.mdx: one per mounting method the products name
 * (the file's name is the method). The numbers an installer needs (sizes, fixing centres, mounting
 * depth) are not written here: the page, the drawing and the PDF take them from each product's data.
 */
export const GuideSchema = SeoSchema.extend({
  heading: z.string().min(1).max(80),
  intro: z.string().min(20).max(400),
  tools: z.array(z.string().min(2).max(80)).min(3).max(14).describe("Tools and materials, one per line"),
  steps: z.array(GuideStepSchema).min(4).max(10),
  note: z.string().min(10).max(400).describe("What the guide does not replace, e.g. local building rules"),
}).strict();

/** A guide's translation, content/<language>/guides/<method>.mdx: every field, in that language. */
export const GuideTextSchema = GuideSchema;

export type Guide = z.infer<typeof GuideSchema>;
