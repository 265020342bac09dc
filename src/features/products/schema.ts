import { noiseReductionCoefficient } from "../../lib/absorption-ratings";
import { SeoSchema } from "../../lib/seo-schema";
import { z } from "../../lib/zod";

const coefficient = z.number().min(0).max(1.3).describe("Sound absorption coefficient αs, as measured (may exceed 1)");

/** Absorption per octave band, with the mounting depth of the test (ISO 354). */
export const AbsorptionSchema = z.strictObject({
  mountingDepthMm: z.number().int().min(0).max(1000).describe("Air gap behind the panel in the test, in mm"),
  bands: z.strictObject({
    "125": coefficient,
    "250": coefficient,
    "500": coefficient,
    "1000": coefficient,
    "2000": coefficient,
    "4000": coefficient,
  }),
});

export const SpecificationsSchema = z.strictObject({
  nrc: z
    .number()
    .min(0.65, "NRC must be between 0.65 and 0.95")
    .max(0.95, "NRC must be between 0.65 and 0.95")
    .describe("Noise Reduction Coefficient; must equal the mean of 250-2000 Hz rounded to 0.05"),
  dimensions: z.string().min(1),
  thickness: z.string().min(1),
  material: z.string().min(1),
  finish: z.string().min(1),
  installation: z.string().min(1),
});

/**
 * Front matter of content/products/*.mdx. `image` is the field type for an image path, so the
 * build can check that files exist (Astro's image()) while tests can use a plain string.
 */
export function productSchema<Image extends z.ZodType>(image: Image) {
  return SeoSchema.extend({
    name: z.string().min(1).describe("Product name as shown in menus and headings"),
    order: z.number().int().min(1).describe("Position in menus and lists"),
    tagline: z.string().min(1).max(120),
    flagship: z.boolean().default(false),
    warrantyYears: z.number().int().min(1).max(25),
    images: z
      .array(z.strictObject({ src: image, alt: z.string().min(3) }))
      .max(4, "A product has at most 4 images: 1 main and 3 thumbnails")
      .describe("First is the main image; missing ones show a designed placeholder"),
    features: z.array(z.string().min(1)).min(3).max(8),
    specifications: SpecificationsSchema,
    applications: z.array(z.string().min(1)).min(2).max(10),
    absorption: AbsorptionSchema,
    panel: z
      .strictObject({
        widthMm: z.number().int().min(100).max(5000),
        heightMm: z.number().int().min(100).max(5000),
      })
      .describe("Standard panel size, used to count panels in the room acoustics calculator"),
  })
    .strict()
    .superRefine((product, ctx) => {
      const computed = noiseReductionCoefficient(product.absorption.bands);
      if (Math.abs(computed - product.specifications.nrc) > 1e-9) {
        ctx.addIssue({
          code: "custom",
          path: ["specifications", "nrc"],
          message: `NRC ${product.specifications.nrc} does not match the absorption bands, which give ${computed.toFixed(2)}`,
        });
      }
    });
}

export type Product = z.infer<ReturnType<typeof productSchema<z.ZodString>>>;
export type Absorption = z.infer<typeof AbsorptionSchema>;
