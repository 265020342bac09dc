import { SeoSchema } from "../../lib/seo-schema";
import { z } from "../../lib/zod";

/** The three aspects every space page covers, in this order; also the sub-page slugs. */
export const SPACE_ASPECTS = ["acoustic-characteristics", "optimal-levels", "enhancing-acoustics"] as const;
export type SpaceAspect = (typeof SPACE_ASPECTS)[number];

const AspectText = z.strictObject({
  heading: z.string().min(1),
  body: z.string().min(40).describe("Plain text; separate paragraphs with a blank line"),
});

export const TargetReverberationSchema = z
  .strictObject({
    min: z.number().min(0.2).max(4),
    max: z.number().min(0.2).max(4),
    source: z.string().min(3).describe("Where the target comes from, e.g. DIN 18041 or BB93"),
  })
  .refine((t) => t.min < t.max, { message: "min must be below max", path: ["min"] });

/** Front matter of content/spaces/{private,public}/*.mdx. */
export const SpaceSchema = SeoSchema.extend({
  name: z.string().min(1),
  order: z.number().int().min(1),
  summary: z.string().min(10).max(200).describe("One or two sentences for the list page"),
  targetReverberation: TargetReverberationSchema.optional(),
  /** Own text for each aspect; a missing one falls back to the generic text. */
  aspects: z
    .strictObject({
      "acoustic-characteristics": AspectText.optional(),
      "optimal-levels": AspectText.optional(),
      "enhancing-acoustics": AspectText.optional(),
    })
    .default({}),
  /** Spaces with their own sub-page per aspect (the living room and transport waiting areas). */
  subPages: z.boolean().default(false),
}).strict();

/**
 * A space's translation, content/<language>/spaces/<audience>/<slug>.mdx: its words only. It has a
 * target's source and an aspect's text exactly where the English has them.
 */
export const SpaceTextSchema = SeoSchema.extend({
  name: SpaceSchema.shape.name,
  summary: SpaceSchema.shape.summary,
  targetReverberation: z.strictObject({ source: z.string().min(3) }).optional(),
  aspects: z
    .strictObject({
      "acoustic-characteristics": AspectText.optional(),
      "optimal-levels": AspectText.optional(),
      "enhancing-acoustics": AspectText.optional(),
    })
    .optional(),
}).strict();

export type Space = z.infer<typeof SpaceSchema>;
export type AspectCopy = z.infer<typeof AspectText>;
