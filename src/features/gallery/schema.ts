import { z } from "../../lib/zod";

/** content/gallery/sections.json: the gallery's sections in order, each with its own image folder. */
export const GallerySectionsSchema = z
  .array(
    z.strictObject({
      title: z.string().min(1),
      folder: z.string().regex(/^[a-z0-9-]+$/, "Folder names use lower-case letters, digits and dashes"),
    }),
  )
  .min(1);

export type GallerySectionConfig = z.infer<typeof GallerySectionsSchema>[number];
