import { noiseReductionCoefficient } from "../../lib/absorption-ratings";
import { SeoSchema } from "../../lib/seo-schema";
import { z } from "../../lib/zod";

const coefficient = z.number().min(0).max(1.3).describe("Sound absorption coefficient αs, as measured (may exceed 1)");

/**
 * Absorption per octave band, with the mounting depth of the test (ISO 354). A file names each band
 * `hz125` … `hz4000` (keys a content editor can hold; a bare number there reads as a list index); the
 * site reads them by frequency, `bands["125"]`.
 */
export const AbsorptionSchema = z.strictObject({
  mountingDepthMm: z.number().int().min(0).max(1000).describe("Air gap behind the panel in the test, in mm"),
  bands: z
    .strictObject({
      hz125: coefficient,
      hz250: coefficient,
      hz500: coefficient,
      hz1000: coefficient,
      hz2000: coefficient,
      hz4000: coefficient,
    })
    .transform((b) => ({
      "125": b.hz125,
      "250": b.hz250,
      "500": b.hz500,
      "1000": b.hz1000,
      "2000": b.hz2000,
      "4000": b.hz4000,
    })),
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

/** Reaction-to-fire classes of EN 13501-1 for wall linings: A1, E and F alone; A2 to D with smoke and droplets. */
export const FIRE_CLASS_PATTERN = /^(A1|A2-s[123],d[012]|[BCD]-s[123],d[012]|E|E-d2|F)$/;

export const FireSchema = z.strictObject({
  reaction: z
    .string()
    .regex(FIRE_CLASS_PATTERN, "Reaction to fire must be an EN 13501-1 class such as B-s1,d0, A2-s1,d0 or E")
    .describe("Reaction to fire class per EN 13501-1, e.g. B-s1,d0"),
  standard: z.literal("EN 13501-1").describe("The classification standard"),
  source: z.string().min(1).max(200).describe("Where the class comes from, e.g. the test report"),
});

export const EnvironmentSchema = z.strictObject({
  gwpA1A3: z
    .number()
    .min(-50)
    .max(200)
    .describe("Global warming potential of modules A1-A3, in kg CO2e per m² of panel (EN 15804)"),
  standard: z.literal("EN 15804+A2").describe("The standard the environmental figures follow"),
  epd: z
    .strictObject({
      programme: z.string().min(1).max(80).describe("EPD programme operator, e.g. EPD Norge"),
      number: z.string().min(1).max(60).describe("The EPD's registration number"),
    })
    .nullable()
    .default(null)
    .describe("The product's EPD; left out (or null) while there is no EPD yet"),
  recycledContentPercent: z.number().min(0).max(100).describe("Recycled content by weight, in %"),
  source: z.string().min(1).max(200).describe("Where the figures come from"),
});

/**
 * A date as YYYY-MM-DD. Front matter may hold it quoted (a string) or bare, which its YAML parser
 * reads as a date; both mean the same day.
 */
export const isoDate = z
  .union([z.iso.date(), z.date().transform((date) => date.toISOString().slice(0, 10))])
  .meta({ widget: "date" });

/** A finish id is unique within its product; the sample form names it as `<product>/<finish>`. */
export const FINISH_ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const FinishSchema = z.strictObject({
  id: z
    .string()
    .regex(FINISH_ID_PATTERN, "A finish id is lower-case letters, digits and single hyphens")
    .describe("Short id, unique within the product, used for sample requests"),
  name: z.string().min(1).max(40).describe("The finish or colour as customers know it"),
  swatch: z
    .string()
    .regex(/^#[0-9a-f]{6}$/, "A swatch is a colour like #a1b2c3 (six lower-case hex digits)")
    .describe("Colour shown as the swatch"),
});

/** The product's words, shared by the English file and its translations (same limits in each language). */
const productText = {
  name: z.string().min(1).describe("Product name as shown in menus and headings"),
  tagline: z.string().min(1).max(120),
  features: z.array(z.string().min(1)).min(3).max(8),
  applications: z.array(z.string().min(1)).min(2).max(10),
  care: z.string().min(1).max(400).describe("How to clean and look after the panels"),
  alt: z.string().min(3),
};

/**
 * A product's translation, content/<language>/products/<slug>.mdx: only its words. Numbers, ratings,
 * fire and carbon data, images and swatches come from the English file.
 */
export const ProductTextSchema = SeoSchema.extend({
  name: productText.name,
  tagline: productText.tagline,
  images: z.array(z.strictObject({ alt: productText.alt })).max(4),
  features: productText.features,
  specifications: SpecificationsSchema.omit({ nrc: true }),
  applications: productText.applications,
  fire: FireSchema.pick({ source: true }),
  environment: EnvironmentSchema.pick({ source: true }),
  finishes: z
    .array(FinishSchema.pick({ id: true, name: true }))
    .min(1)
    .max(16),
  care: productText.care,
}).strict();

/** How a product is mounted: each method has its installation guide. */
export const MOUNTING_METHODS = ["clips", "rail", "battens", "frame", "z-clips"] as const;
export type MountingMethod = (typeof MOUNTING_METHODS)[number];

const PanelSizeSchema = z.strictObject({
  widthMm: z.number().int().min(100).max(5000),
  heightMm: z.number().int().min(100).max(5000),
});

/**
 * The panel as made and mounted, in numbers: what the BIM object, the drawing and the installation
 * guide are generated from. The product's specification texts must name the same sizes, thickness
 * and mounting depth (the schema checks), so the page, the datasheet and the files cannot disagree.
 */
export const PanelSchema = PanelSizeSchema.extend({
  thicknessMm: z.number().positive().max(300).describe("Thickness of the panel as mounted, in mm"),
  otherSizes: z
    .array(PanelSizeSchema)
    .max(6)
    .default([])
    .describe("Further standard sizes; the first size above is the one the room acoustics calculator counts with"),
  mounting: z.enum(MOUNTING_METHODS).describe("How the panel is mounted: the installation guide that applies"),
  fixingCentresMm: z
    .number()
    .int()
    .min(100)
    .max(1200)
    .describe("Centre-to-centre spacing of the clips, rails, battens or frame studs, in mm"),
}).describe("Standard panel size, thickness and mounting");

export type Panel = z.infer<typeof PanelSchema>;

/** A panel's standard sizes, the calculator's first. */
export const panelSizes = (panel: Panel) => [{ widthMm: panel.widthMm, heightMm: panel.heightMm }, ...panel.otherSizes];

/** A length as the specification texts write it: "24 mm", "12.5 mm". */
const millimetres = (value: number) => `${value} mm`;

/** The issues of a product whose specification texts do not name its panel's numbers. */
function panelTextIssues(product: {
  specifications: { dimensions: string; thickness: string; installation: string };
  panel: Panel;
  absorption: { mountingDepthMm: number };
}): { path: string[]; message: string }[] {
  const { specifications: text, panel } = product;
  const issues = panelSizes(panel)
    .map(({ widthMm, heightMm }) => `${widthMm} × ${heightMm} mm`)
    .filter((size) => !text.dimensions.includes(size.slice(0, -3)))
    .map((size) => ({
      path: ["specifications", "dimensions"],
      message: `The dimensions do not name the size ${size}`,
    }));
  if (!text.thickness.includes(millimetres(panel.thicknessMm)))
    issues.push({
      path: ["specifications", "thickness"],
      message: `The thickness does not name ${millimetres(panel.thicknessMm)}`,
    });
  const depth = millimetres(product.absorption.mountingDepthMm);
  if (!text.installation.includes(depth))
    issues.push({
      path: ["specifications", "installation"],
      message: `The installation does not name the mounting depth ${depth}`,
    });
  return issues;
}

/**
 * Front matter of content/products/*.mdx. `image` is the field type for an image path, so the
 * build can check that files exist (Astro's image()) while tests can use a plain string.
 */
export function productSchema<Image extends z.ZodType>(image: Image) {
  return SeoSchema.extend({
    name: productText.name,
    order: z.number().int().min(1).describe("Position in menus and lists"),
    tagline: productText.tagline,
    flagship: z.boolean().default(false),
    warrantyYears: z.number().int().min(1).max(25),
    images: z
      .array(z.strictObject({ src: image, alt: productText.alt }))
      .max(4, "A product has at most 4 images: 1 main and 3 thumbnails")
      .describe("First is the main image; missing ones show a designed placeholder"),
    features: productText.features,
    specifications: SpecificationsSchema,
    applications: productText.applications,
    absorption: AbsorptionSchema,
    fire: FireSchema,
    environment: EnvironmentSchema,
    finishes: z
      .array(FinishSchema)
      .min(1)
      .max(16)
      .describe("Finishes and colours offered; each can be ordered as a free sample"),
    care: productText.care,
    dataDate: isoDate.describe("The date of the technical and environmental data (YYYY-MM-DD)"),
    panel: PanelSchema,
  })
    .strict()
    .superRefine((product, ctx) => {
      const seen = new Set<string>();
      product.finishes.forEach((finish, index) => {
        if (seen.has(finish.id)) {
          ctx.addIssue({
            code: "custom",
            path: ["finishes", index, "id"],
            message: `Finish id "${finish.id}" is used twice`,
          });
        }
        seen.add(finish.id);
      });
      for (const issue of panelTextIssues(product)) ctx.addIssue({ code: "custom", ...issue });
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
export type Finish = z.infer<typeof FinishSchema>;
