import { POSITION } from "../../lib/list-order";
import { z } from "../../lib/zod";

/** One section of content/gallery/sections.json, in order: its title and its own image folder. */
export const GallerySectionSchema = z.strictObject({
  /** The folder, set by the loader as the entry's id. */
  id: z.string(),
  position: POSITION,
  title: z.string().min(1),
  folder: z.string().regex(/^[a-z0-9-]+$/, "Folder names use lower-case letters, digits and dashes"),
});

/**
 * The gallery's translation, content/<language>/gallery/sections.json: each section's title and a
 * caption (also the alt text) for every image file in its folder, by file name.
 */
export const GalleryTextSchema = z.strictObject({
  items: z.array(
    z.strictObject({
      folder: GallerySectionSchema.shape.folder,
      title: z.string().min(1),
      captions: z.record(z.string(), z.string().min(3)),
    }),
  ),
});

export type GallerySectionConfig = z.infer<typeof GallerySectionSchema>;
